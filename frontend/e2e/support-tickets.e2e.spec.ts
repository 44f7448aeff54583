import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  focusedElement,
  openTab,
  slowPosts,
  toast,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';

// Support tickets and FAQ against the real bank.

const t = useBankAndBrowser();

/** A new customer with one open ticket (made through the API), signed in on its detail view. */
async function openTicket(subject: string, description: string) {
  const customer = await t.customer();
  const created = await customer.client.post('/api/support/tickets', {
    subject,
    description,
    category: 'general',
    priority: 'low',
  });
  expect(created.status).toBeLessThan(300);
  const page = await t.signedInPage(customer);
  await page.goto('/support');
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  return { customer, page, id: created.body.data.ticket.id as string };
}

describe('Support', () => {
  it('creates a ticket, replies, resolves and closes it; searches and filters; reads the FAQ', async () => {
    const customer = await t.customer({ name: 'Casey Brooks' });
    const page = await t.signedInPage(customer);
    await page.goto('/support');
    await page.getByText('No support tickets found').waitFor();
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const create = dialog(page, 'Create Support Ticket');
    await create.getByRole('button', { name: 'Create Ticket' }).click();
    await create.getByText('Please enter a subject.').waitFor();
    await expectScreenAccessible(page, 'create ticket with errors');
    await create.getByLabel('Subject').fill('Card declined abroad');
    await create.getByLabel('Description').fill('My card was declined in Lisbon yesterday.');
    const created = await slowPosts(page, '**/api/support/tickets');
    // Busy, not disabled, while it runs: the focus stays on it, and a double click creates one.
    await create.getByRole('button', { name: 'Create Ticket' }).dblclick();
    await create.getByRole('button', { name: 'Creating...' }).waitFor();
    expect(await focusedElement(page)).toBe('BUTTON: Creating...');
    await toast(page, 'Support ticket created successfully!').waitFor();
    expect(created.count).toBe(1);

    await page.getByRole('heading', { name: 'Card declined abroad' }).waitFor();
    await page.getByText('No replies yet. Our support team will respond soon.').waitFor();
    await page.getByLabel('Add Reply').fill('It happened twice.');
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await toast(page, 'Reply added successfully').waitFor();
    await page.getByText('It happened twice.').waitFor();
    await expectScreenAccessible(page, 'ticket detail');
    await page.getByRole('button', { name: 'Mark as Resolved' }).click();
    await page.getByRole('button', { name: 'Mark as Resolved' }).waitFor({ state: 'detached' });
    // Closing is final, so it asks first; keeping the ticket open changes nothing.
    await page.getByRole('button', { name: 'Close Ticket' }).click();
    const confirmClose = dialog(page, 'Close this ticket?');
    await confirmClose.getByText('a closed ticket cannot be reopened').waitFor();
    await expectScreenAccessible(page, 'close ticket confirmation');
    await confirmClose.getByRole('button', { name: 'Keep it open' }).click();
    await confirmClose.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send Reply' }).waitFor();
    await page.getByRole('button', { name: 'Close Ticket' }).click();
    await confirmClose.getByRole('button', { name: 'Close Ticket' }).click();
    await confirmClose.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send Reply' }).waitFor({ state: 'detached' });
    await page.getByText('This ticket is closed.').waitFor();

    await page.getByRole('button', { name: 'Back to tickets' }).click();
    await page.getByLabel('Search tickets').fill('Lisbon');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Card declined abroad/ }).waitFor();
    await page.getByLabel('Search tickets').fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByLabel('Status').selectOption('open');
    await page.getByText('No support tickets found').waitFor();
    await page.getByLabel('Status').selectOption('closed');
    await page.getByRole('button', { name: /Card declined abroad/ }).waitFor();

    await openTab(page, 'FAQ');
    await page.getByText('How do I reset my password?').click();
    await page.getByText(/Forgot Password/).waitFor();
    await expectScreenAccessible(page, 'faq');
  });

  it('refuses a reply to a ticket that was closed meanwhile', async () => {
    const { customer, page, id } = await openTicket(
      'Statement question',
      'Where is my October statement?',
    );
    await page.getByLabel('Add Reply').fill('Any news?');
    await customer.client.put(`/api/support/tickets/${id}/status`, { status: 'closed' });
    await page.getByRole('button', { name: 'Send Reply' }).click();
    await toast(page, 'This ticket is closed and can no longer be changed.').waitFor();
    await page.getByText('This ticket is closed.').waitFor();
    await page.getByRole('button', { name: 'Send Reply' }).waitFor({ state: 'detached' });
  });

  it('keeps the keyboard focus on the ticket when it is resolved and closed', async () => {
    const { page } = await openTicket('Card not arrived', 'My new card has not arrived.');
    const subject = page.getByRole('heading', { name: 'Card not arrived' });
    const onSubject = () => subject.evaluate((e) => e === document.activeElement);

    // Send Reply is busy, not disabled, while it sends: the focus stays on it.
    await page.getByLabel('Add Reply').fill('Any news?');
    const send = page.getByRole('button', { name: 'Send Reply' });
    await send.focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Reply added successfully').waitFor();
    await page.getByText('Any news?', { exact: true }).waitFor();
    expect(await send.evaluate((e) => e === document.activeElement)).toBe(true);

    // Mark as Resolved goes away once the ticket is resolved: the focus goes to its subject.
    await page.getByRole('button', { name: 'Mark as Resolved' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Mark as Resolved' }).waitFor({ state: 'detached' });
    await expect.poll(onSubject).toBe(true);

    // Closed, the ticket has no buttons left: the same.
    await page.getByRole('button', { name: 'Close Ticket' }).focus();
    await page.keyboard.press('Enter');
    const confirmClose = dialog(page, 'Close this ticket?');
    await confirmClose.getByRole('button', { name: 'Close Ticket' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('This ticket is closed.').waitFor();
    await expect.poll(onSubject).toBe(true);
  });
  it('breaks a long link in a ticket inside the page at 360 px, and Back to tickets focuses its row', async () => {
    const link =
      'https://www.example.com/invoices/2026/INV-000123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const customer = await t.customer();
    const created = await customer.client.post('/api/support/tickets', {
      subject: `Declined: ${link}`,
      description: `Reference ${'CRY-X4N8PTGF'.repeat(6)} failed twice.`,
      category: 'general',
      priority: 'low',
    });
    const id = created.body.data.ticket.id as string;
    await customer.client.post(`/api/support/tickets/${id}/reply`, { message: `See ${link}` });
    const page = await t.signedInPage(customer, { width: 360, height: 780 });
    await page.goto('/support');
    const row = page.getByRole('button', { name: /Declined: https/ });
    await row.waitFor();
    await expectNoSidewaysScroll(page);
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`See ${link}`).waitFor();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Back to tickets' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-ticket-id')))
      .toBe(id);
  });
});
