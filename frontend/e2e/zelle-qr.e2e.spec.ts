import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectScreenAccessible,
  focusedElement,
  openTab,
  slowPosts,
  toast,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';

const t = useBankAndBrowser();

describe('Zelle QR code', () => {
  it('copies the QR code to the clipboard as a PNG image', async () => {
    const alice = await t.customer({ name: 'Alice Quinn' });
    const page = await t.signedInPage(alice);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const csp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await page.goto('/zelle');
    await page.getByRole('button', { name: 'Show My QR Code' }).click();
    const qr = dialog(page, 'My Zelle QR Code');
    await qr.getByRole('img', { name: 'Your Zelle QR code' }).waitFor();
    await qr.getByRole('button', { name: 'Copy QR Code' }).click();
    await toast(page, 'QR code copied to clipboard').waitFor();

    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      if (!item) return null;
      const blob = await item.getType('image/png');
      const head = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
      return { types: item.types, size: blob.size, head: Array.from(head) };
    });
    expect(copied?.types).toContain('image/png');
    expect(copied?.size).toBeGreaterThan(100);
    expect(copied?.head).toEqual([0x89, 0x50, 0x4e, 0x47]); // the PNG signature
    expect(csp).toEqual([]);
  });

  it('opening the link in the code starts a send to that person', async () => {
    const alice = await t.customer({ name: 'Alice Quinn' });
    const bob = await t.customer({ name: 'Bob Reyes' });
    const page = await t.signedInPage(bob);
    await page.goto(`/zelle?pay=${encodeURIComponent(alice.payload.email as string)}`);
    await page.getByText('Paying from a QR code').waitFor();
    const form = page.getByRole('form', { name: 'Send Money' });
    await page.waitForFunction(
      (email) =>
        (document.querySelector('input[name="contact"]') as HTMLInputElement | null)?.value ===
        email,
      alice.payload.email as string,
    );
    expect(await form.getByLabel('Recipient Email').inputValue()).toBe(alice.payload.email);
    await expectScreenAccessible(page, 'zelle paying from a QR code');

    // The customer's own code does not start a payment to themselves.
    const own = await t.signedInPage(alice);
    await own.goto(`/zelle?pay=${encodeURIComponent(alice.payload.email as string)}`);
    await own.getByText('This QR code is your own').waitFor();
    expect(
      await own
        .getByRole('form', { name: 'Send Money' })
        .getByLabel('Recipient Email')
        .inputValue(),
    ).toBe('');
  });

  it('labels requests by who asked whom, and shows a decline at once and as "Declined"', async () => {
    const alice = await t.customer({ name: 'Alice Vance' });
    const bob = await t.customer({ name: 'Bob Wells' });
    const asked = await alice.client.post(
      '/api/zelle/request',
      {
        bank_account_id: alice.accounts.find((a) => a.type === 'checking')!.id,
        recipient_name: 'Bob Wells',
        recipient_email: bob.payload.email,
        amount: 12,
        memo: 'Tickets',
      },
      { 'Idempotency-Key': `e2e-${Date.now()}` },
    );
    expect(asked.status).toBeLessThan(300);

    const bobPage = await t.signedInPage(bob);
    await bobPage.goto('/zelle');
    await openTab(bobPage, 'Activity');
    const bobActivity = bobPage.locator('.zelle-activity');
    await bobActivity.getByText('Request from Alice Vance').waitFor();
    expect(await bobActivity.getByText(/Request to Bob Wells/).count()).toBe(0);
    await bobPage.getByRole('button', { name: /Decline request from/ }).click();
    // Without a reload the activity shows the answer.
    await bobActivity.locator('.badge', { hasText: 'Declined' }).waitFor();

    const alicePage = await t.signedInPage(alice);
    await alicePage.goto('/zelle');
    await openTab(alicePage, 'Activity');
    const item = alicePage.locator('.zelle-activity__item', { hasText: 'Request to Bob Wells' });
    await item.locator('.badge', { hasText: 'Declined' }).waitFor();
    expect(await item.locator('.badge--danger').count()).toBe(0);
    expect(await item.getByText('Failed').count()).toBe(0);
  });

  it('keeps the keyboard focus in Requests for You when a request is declined or paid', async () => {
    const alice = await t.customer({ name: 'Alice Vance' });
    const bob = await t.customer({ name: 'Bob Wells' });
    const bobChecking = bob.accounts.find((a) => a.type === 'checking')!;
    await deposit(t.bank, bobChecking.account_number, 100);
    for (const [amount, memo] of [
      [12, 'Tickets'],
      [7, 'Coffee'],
    ] as const) {
      const asked = await alice.client.post(
        '/api/zelle/request',
        {
          bank_account_id: alice.accounts.find((a) => a.type === 'checking')!.id,
          recipient_name: 'Bob Wells',
          recipient_email: bob.payload.email,
          amount,
          memo,
        },
        { 'Idempotency-Key': `e2e-${memo}-${Date.now()}` },
      );
      expect(asked.status).toBeLessThan(300);
    }
    const page = await t.signedInPage(bob);
    await page.goto('/zelle');
    const requests = page.locator('.zelle-request');
    await expect.poll(() => requests.count()).toBe(2);
    const focused = () => focusedElement(page);

    // Declined, the request leaves with its buttons: the focus goes to the other request.
    const first = requests.first();
    const other = (await first.textContent())!.includes('Tickets') ? 'Coffee' : 'Tickets';
    await first.getByRole('button', { name: /Decline request from/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => requests.count()).toBe(1);
    await expect.poll(focused).toMatch(new RegExp(`^LI: .*${other}`));

    // Paid, the last one takes Requests for You away: the focus goes to the Zelle tab shown.
    await requests.getByRole('button', { name: /^Pay / }).focus();
    await page.keyboard.press('Enter');
    const pay = dialog(page, 'Pay request');
    await slowPosts(page, '**/api/zelle/**');
    await pay.getByRole('button', { name: 'Confirm Payment' }).focus();
    await page.keyboard.press('Enter');
    // Busy, not disabled, while it runs: the focus stays on it.
    await pay.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await focused()).toBe('BUTTON: Processing...');
    await page.getByRole('heading', { name: 'Requests for You' }).waitFor({ state: 'detached' });
    // The section goes as soon as the payment is sent; the dialog closes once it is done (the
    // post is held 800 ms above), and only then does the focus move.
    await pay.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('tab: Send');
  });
});
