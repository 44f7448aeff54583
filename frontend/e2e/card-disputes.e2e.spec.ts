import { ApiClient, cardPurchase } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, expectScreenAccessible, toast } from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Disputing a card charge from its receipt: the case becomes a support ticket the customer follows.

const t = useBankAndBrowser();

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

describe('card disputes', { timeout: 180_000 }, () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`are made from the charge's receipt and followed in Support (${viewport.width} px)`, async () => {
      const customer = await t.customer({ name: 'Dana Disputer' });
      const checking = customer.accounts.find((a) => a.name === 'Premium Checking')!;
      const charge = await cardPurchase(t.bank, checking.id, 89_50, {
        name: 'Coastal Gadgets',
        categoryCode: '5732',
      });
      customer.client.consistencyToken = charge.consistencyToken;
      const page = await t.signedInPage(customer, viewport);
      await page.goto(`/transactions/${encodeURIComponent(charge.transactionId)}`);
      await page.getByRole('heading', { name: 'Coastal Gadgets' }).waitFor();

      await page.getByRole('button', { name: 'Dispute this charge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dispute this charge' });
      await dialog.getByText('Coastal Gadgets, $89.50').waitFor();
      await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
      await dialog.getByText('Please choose why you dispute this charge.').waitFor();
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `dispute dialog (${viewport.width} px)`);
      await page.screenshot({
        path: screenshotPath(`dispute-dialog-${viewport.width}.png`),
        fullPage: true,
      });

      await dialog
        .getByLabel('Why are you disputing this charge?')
        .selectOption({ label: 'I was charged more than once' });
      await dialog
        .getByText('a dispute is not a refund, and no money moves until it is decided')
        .waitFor();
      // The server's refusal of a field is said once, under that field, and the focus goes there.
      const details = dialog.getByLabel(/What happened\?/);
      await details.fill('Charged twice\u200b for one order.');
      await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
      const invisible = 'The details field must not contain invisible characters.';
      await dialog.getByText(invisible).waitFor();
      expect(await dialog.getByText(invisible).count()).toBe(1);
      expect(await dialog.getByRole('alert').count()).toBe(0);
      const describedBy = (await details.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).not.toBe('');
      expect(
        await page.evaluate(
          (ids) => ids.map((id) => document.getElementById(id)?.textContent).join(' '),
          describedBy.split(' '),
        ),
      ).toContain(invisible);
      await expect.poll(() => details.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectScreenAccessible(page, `dispute refused on a field (${viewport.width} px)`);
      await page.screenshot({
        path: screenshotPath(`dispute-field-${viewport.width}.png`),
        fullPage: true,
      });

      await details.fill('Charged twice for one order.');
      // Sent from the keyboard: the focus must not be lost when the button goes with the dispute.
      await dialog.getByRole('button', { name: 'Submit Dispute' }).focus();
      await page.keyboard.press('Enter');
      await toast(page, /^Dispute submitted: ticket #TKT-\d{4}-\d{6}$/).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const section = page.getByRole('region', { name: 'Dispute' });
      await section.getByText('I was charged more than once').waitFor();
      await section.getByText('Open', { exact: true }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('dispute-heading');
      await section
        .getByText(
          'The charge stays on your account while we look into it: no money moves until the dispute is decided.',
        )
        .waitFor();
      expect(await page.getByRole('button', { name: 'Dispute this charge' }).count()).toBe(0);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `disputed receipt (${viewport.width} px)`);
      await page.screenshot({
        path: screenshotPath(`dispute-receipt-${viewport.width}.png`),
        fullPage: true,
      });

      const ticketLink = section.getByRole('link', { name: /^Ticket #TKT-/ });
      const ticketNumber = (await ticketLink.textContent())!.replace('Ticket #', '');
      await ticketLink.click();
      await page.waitForURL('**/support?ticket=**');
      await page.getByText(`#${ticketNumber}`).first().waitFor();
      await page
        .getByText(/Dispute: Coastal Gadgets, \$89\.50 on/)
        .first()
        .waitFor();
      await page.getByText('Charged twice for one order.', { exact: false }).first().waitFor();

      // Closing the ticket is not withdrawing the dispute, and the dialog says so.
      await page.getByRole('button', { name: 'Close Ticket' }).click();
      await page
        .getByRole('alertdialog')
        .getByText('Closing it does not withdraw your dispute', { exact: false })
        .waitFor();
      await page.getByRole('button', { name: 'Keep it open' }).click();
      // Nor is marking it resolved, which is confirmed too.
      await page.getByRole('button', { name: 'Mark as Resolved' }).click();
      const resolving = page.getByRole('alertdialog', { name: 'Mark this ticket resolved?' });
      await resolving
        .getByText('Marking it resolved does not withdraw your dispute', { exact: false })
        .waitFor();
      await resolving.getByRole('button', { name: 'Mark as Resolved' }).click();
      await toast(page, 'Ticket marked as resolved.').waitFor();
      // The ticket leads back to the charge, and the receipt back to the ticket; the receipt
      // says the dispute is not decided, whatever became of its ticket.
      await page.getByRole('link', { name: 'see the charge and where the dispute stands' }).click();
      await page.waitForURL('**/transactions/**');
      await section.getByText('Not yet decided', { exact: true }).waitFor();
      expect(await section.getByText('Resolved', { exact: true }).count()).toBe(0);
      await page.getByRole('link', { name: 'Back to Support' }).click();
      await page.waitForURL('**/support?ticket=**');
      await page.getByText(`#${ticketNumber}`).first().waitFor();
    });
  }

  it('tell the customer what comes next as staff work the case, and why an old charge is not offered (375 px)', async () => {
    const customer = await t.customer({ name: 'Casey Caseworker' });
    const checking = customer.accounts.find((a) => a.name === 'Premium Checking')!;
    const charge = await cardPurchase(t.bank, checking.id, 42_00, { name: 'Harbor Books' });
    const old = await cardPurchase(t.bank, checking.id, 19_99, {
      name: 'Old Lantern Cafe',
      occurredAt: new Date(Date.now() - 130 * 86_400_000),
    });
    customer.client.consistencyToken = old.consistencyToken;
    const made = await customer.client.post(
      `/api/transactions/${encodeURIComponent(charge.transactionId)}/dispute`,
      { reason: 'not_received', details: '' },
    );
    expect(made.status).toBe(201);
    const ticketId: string = made.body.data.dispute.ticket_id;
    const ops = new ApiClient(t.bank);
    ops.token = t.bank.opsToken;
    const page = await t.signedInPage(customer, PHONE);

    const section = page.getByRole('region', { name: 'Dispute' });
    const receiptSays = async (text: string) => {
      await expect
        .poll(
          async () => {
            await page.goto(`/transactions/${encodeURIComponent(charge.transactionId)}`);
            await section.waitFor();
            return section.innerText();
          },
          { timeout: 15_000 },
        )
        .toContain(text);
    };

    expect(
      (await ops.put(`/api/ops/tickets/${ticketId}/status`, { status: 'waiting_customer' })).status,
    ).toBe(200);
    await receiptSays('We need more information from you: please answer in Ticket #');
    await section.getByText('no money moves until the dispute is decided').waitFor();
    await expectScreenAccessible(page, 'dispute waiting for the customer (375 px)');

    expect(
      (
        await ops.post(`/api/ops/tickets/${ticketId}/reply`, {
          message: 'The merchant refunded you.',
        })
      ).status,
    ).toBe(201);
    // The customer closes the ticket before staff decide: the dispute is still undecided.
    expect(
      (await customer.client.put(`/api/support/tickets/${ticketId}/status`, { status: 'closed' }))
        .status,
    ).toBe(200);
    await receiptSays(
      'The charge stays on your account: no money has moved for this dispute. Ticket #',
    );
    await section
      .getByText('is closed: any answer we gave is there, and if we decide the dispute later')
      .waitFor();
    expect(await section.getByText('holds our answer').count()).toBe(0);
    await section.getByRole('link', { name: /^Ticket #TKT-/ }).click();
    await page.getByText('The merchant refunded you.').waitFor();

    const decided = await ops.post(
      `/api/ops/disputes/${encodeURIComponent(charge.transactionId)}/resolve`,
      { outcome: 'declined', message: 'The merchant shows the parcel delivered.' },
    );
    expect(decided.status).toBe(200);
    customer.client.consistencyToken = decided.headers['x-consistency-token'];
    await receiptSays('We looked into this charge, and it stands. Ticket #');
    expect(await section.getByText('no money has moved').count()).toBe(0);

    // Past the 120 days: no button, and the bank's reason with the way to Support.
    await page.goto(`/transactions/${encodeURIComponent(old.transactionId)}`);
    await page.getByRole('heading', { name: 'Old Lantern Cafe' }).waitFor();
    await page
      .getByText('Charges older than 120 days cannot be disputed online. Please contact support.')
      .waitFor();
    await page.getByRole('link', { name: 'Go to Support' }).waitFor();
    expect(await page.getByRole('button', { name: 'Dispute this charge' }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await expectScreenAccessible(page, 'old card charge (375 px)');
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`show a refund staff gave, and the refund in the history (${viewport.width} px)`, async () => {
      const customer = await t.customer({ name: 'Riley Refunded' });
      const checking = customer.accounts.find((a) => a.name === 'Premium Checking')!;
      const charge = await cardPurchase(t.bank, checking.id, 64_20, { name: 'Pier Outfitters' });
      customer.client.consistencyToken = charge.consistencyToken;
      const made = await customer.client.post(
        `/api/transactions/${encodeURIComponent(charge.transactionId)}/dispute`,
        { reason: 'duplicate', details: '' },
      );
      expect(made.status).toBe(201);
      const ops = new ApiClient(t.bank);
      ops.token = t.bank.opsToken;
      const decided = await ops.post(
        `/api/ops/disputes/${encodeURIComponent(charge.transactionId)}/resolve`,
        { outcome: 'refunded', message: 'You were charged twice; we refunded the charge.' },
      );
      expect(decided.status).toBe(200);
      customer.client.consistencyToken = decided.headers['x-consistency-token'];

      const page = await t.signedInPage(customer, viewport);
      await page.goto(`/transactions/${encodeURIComponent(charge.transactionId)}`);
      const section = page.getByRole('region', { name: 'Dispute' });
      await section.getByText('Refunded', { exact: true }).waitFor();
      await section
        .getByText(/^We refunded \$64\.20 to this account on [A-Z][a-z]{2} \d{1,2}, \d{4}\./)
        .waitFor();
      expect(await section.getByText('no money moves').count()).toBe(0);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `refunded dispute (${viewport.width} px)`);
      await page.screenshot({
        path: screenshotPath(`dispute-refunded-${viewport.width}.png`),
        fullPage: true,
      });

      await page.goto('/accounts');
      await page.getByText('Dispute refund: Pier Outfitters').first().waitFor();
    });
  }
});
