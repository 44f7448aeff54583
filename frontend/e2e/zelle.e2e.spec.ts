import { ApiClient, deposit, outboxCode } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  dialog,
  expectScreenAccessible,
  focusedElement,
  openTab,
  slowPosts,
  toast,
} from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';

// Person-to-person payments against the real bank.

const t = useBankAndBrowser();

const checking = (c: Customer) => c.accounts.find((a) => a.type === 'checking')!;

async function fillSend(page: Page, name: string, email: string, amount: string) {
  const form = page.getByRole('form', { name: 'Send Money' });
  await form.getByLabel('Recipient Name').fill(name);
  await form.getByLabel('Recipient Email').fill(email);
  await form.getByLabel('Amount').fill(amount);
  return form;
}

describe('Zelle', () => {
  it('sends with confirmation, lists the activity and the recent recipient, requests and declines', async () => {
    const alice = await t.customer({ name: 'Alice Morgan' });
    const bob = await t.customer({ name: 'Bob Carter' });
    await deposit(t.bank, checking(alice).account_number, 300);
    const page = await t.signedInPage(alice);
    await page.goto('/zelle');
    await page.getByRole('heading', { name: 'Zelle', level: 1 }).waitFor();
    await expectScreenAccessible(page, 'zelle send');

    const form = await fillSend(page, 'Bob Carter', bob.payload.email as string, '25');
    await form.getByRole('button', { name: 'Send Money' }).click();
    const confirm = dialog(page, 'Confirm payment');
    await confirm.waitFor();
    await expectScreenAccessible(page, 'zelle confirm dialog');
    await confirm.getByRole('button', { name: 'Confirm Send' }).click();
    await toast(page, /sent|success/i)
      .first()
      .waitFor();
    expect(await form.getByLabel('Recipient Name').inputValue()).toBe('');

    await openTab(page, 'Activity');
    await page.getByText(/Sent to Bob Carter/).waitFor();
    // On a phone the amount and its status stay beside the payment, not on a row of their own.
    await page.setViewportSize({ width: 360, height: 800 });
    const item = page.locator('.zelle-activity__item').first();
    const [main, side] = await Promise.all([
      item.locator('.zelle-activity__main').boundingBox(),
      item.locator('.zelle-activity__side').boundingBox(),
    ]);
    expect(side!.y).toBeLessThan(main!.y + main!.height / 2);
    expect(side!.x).toBeGreaterThanOrEqual(main!.x + main!.width);
    // Its status badge stays one line high, however tall the payment beside it is.
    const badge = await item.locator('.zelle-activity__side .badge').evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        height: el.getBoundingClientRect().height,
        line:
          parseFloat(style.lineHeight) +
          parseFloat(style.paddingTop) +
          parseFloat(style.paddingBottom),
      };
    });
    expect(badge.height, 'the status badge stretched').toBeLessThanOrEqual(badge.line + 1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .getByRole('button', { name: /Bob Carter/ })
      .first()
      .click();
    expect(await form.getByLabel('Recipient Name').inputValue()).toBe('Bob Carter');

    await openTab(page, 'Request');
    const request = page.getByRole('form', { name: 'Request Money' });
    // The account of a request is where the money arrives.
    await request.getByLabel('Deposit To').waitFor();
    await request.getByLabel('Recipient Name').fill('Bob Carter');
    await request.getByLabel('Recipient Email').fill(bob.payload.email as string);
    await request.getByLabel('Amount').fill('12.5');
    // From the keyboard: the button is busy while it sends, not disabled, so it keeps the focus.
    const ask = request.getByRole('button', { name: 'Request Money' });
    await ask.focus();
    await page.keyboard.press('Enter');
    await toast(page, /request/i)
      .first()
      .waitFor();
    expect(await ask.evaluate((e) => e === document.activeElement)).toBe(true);

    const bobPage = await t.signedInPage(bob);
    await bobPage.goto('/zelle');
    await bobPage.getByRole('heading', { name: 'Requests for You' }).waitFor();
    await bobPage
      .getByText(/Alice Morgan/)
      .first()
      .waitFor();
    await expectScreenAccessible(bobPage, 'zelle requests for me');
    await bobPage.getByRole('button', { name: /Decline request from/ }).click();
    await bobPage.getByRole('heading', { name: 'Requests for You' }).waitFor({ state: 'detached' });
  });

  it('lists the people I asked for money among my recent recipients at once, by request or split', async () => {
    const alice = await t.customer({ name: 'Alice Morgan' });
    const bob = await t.customer({ name: 'Bob Carter' });
    const carol = await t.customer({ name: 'Carol Reyes' });
    const page = await t.signedInPage(alice);
    await page.goto('/zelle');
    const recent = page.getByRole('region', { name: 'Recent Recipients' });
    await recent.getByText('No recent recipients yet.').waitFor();

    await openTab(page, 'Request');
    const request = page.getByRole('form', { name: 'Request Money' });
    await request.getByLabel('Recipient Name').fill('Bob Carter');
    await request.getByLabel('Recipient Email').fill(bob.payload.email as string);
    await request.getByLabel('Amount').fill('12.5');
    await request.getByRole('button', { name: 'Request Money' }).click();
    await request.getByText(/Payment request for \$12\.50 sent to Bob Carter/).waitFor();
    await recent.getByRole('button', { name: /Bob Carter/ }).waitFor();

    await openTab(page, 'Split');
    const split = page.getByRole('form', { name: 'Split a bill' });
    await split.getByLabel('Total Amount').fill('40');
    await split.getByLabel('Name, person 1').fill('Carol Reyes');
    await split.getByLabel('Email or phone, person 1').fill(carol.payload.email as string);
    await split.getByRole('button', { name: 'Send Split Requests' }).click();
    await recent.getByRole('button', { name: /Carol Reyes/ }).waitFor();
  });

  it('claims money sent before I enrolled my email, with the one-time code', async () => {
    const alice = await t.customer({ name: 'Alice Early' });
    await deposit(t.bank, checking(alice).account_number, 100);
    const email = `late.joiner.${Date.now()}@example.com`;
    const sent = await alice.client.post('/api/zelle/send', {
      bank_account_id: checking(alice).id,
      amount: 30,
      recipient_name: 'Late Joiner',
      recipient_email: email,
    });
    expect(sent.status).toBe(201);
    const joiner = await t.customer({ name: 'Late Joiner', email }, { proveContacts: false });
    const page = await t.signedInPage(joiner);
    await page.goto('/zelle');
    // A new customer is asked to prove the email and phone they registered with.
    await page.getByText('Verify your email and phone to receive Zelle payments').waitFor();
    const card = page.getByRole('region', { name: 'Claim Money Sent to You' });
    await card.getByRole('button', { name: 'Send me a code' }).waitFor();
    await expectScreenAccessible(page, 'zelle claim');
    await card.getByRole('button', { name: 'Send me a code' }).click();
    await card.getByLabel('6-digit code').waitFor();
    // The button gave way to the code field, and so did the focus.
    await expect.poll(() => focusedElement(page)).toBe('INPUT: ');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await card.getByLabel('6-digit code').getAttribute('id'),
    );
    const ops = new ApiClient(t.bank);
    ops.token = t.bank.opsToken;
    const outbox = (await ops.get('/api/ops/zelle-claim-codes')).body.data.zelle_claim_codes as {
      sent_to: string;
      message: string | null;
    }[];
    const code = /\d{6}/.exec(outbox.find((m) => m.sent_to === email)!.message!)![0];
    await card.getByLabel('6-digit code').fill(code);
    await card.getByRole('button', { name: 'Claim' }).click();
    await toast(page, /\$30\.00 claimed/)
      .first()
      .waitFor();
    // The card keeps what arrived, and where, after the toast has gone.
    const receipt = card.getByRole('status');
    await receipt.getByText('$30.00 from Alice Early · Ref').waitFor();
    // Claim went with the code field: the focus is on what was claimed, not the page's top.
    await expect
      .poll(() =>
        receipt.evaluate(
          (el) => el === document.activeElement || el.contains(document.activeElement),
        ),
      )
      .toBe(true);
    await receipt.getByText(/\$30\.00 claimed into your \S/).waitFor();
    // The email is proved; the phone is still to do, and the card now offers it.
    await page.getByText('Verify your phone to receive Zelle payments').waitFor();
    expect(await card.getByLabel('Sent to my').inputValue()).toBe('phone');
  });

  it('asks a new customer to verify their email and phone, from the dashboard to the code', async () => {
    const newcomer = await t.customer({ name: 'Nora New' }, { proveContacts: false });
    const page = await t.signedInPage(newcomer, { width: 375, height: 800 });
    await page.goto('/dashboard');
    const notice = page.getByText('Verify your email and phone to receive Zelle payments');
    await notice.waitFor();
    await page.getByRole('link', { name: 'Verify now' }).click();
    await page.waitForURL('**/zelle#zelle-claim');
    const card = page.getByRole('region', { name: 'Claim Money Sent to You' });
    const sendCode = card.getByRole('button', { name: 'Send me a code' });
    await sendCode.waitFor();
    // The link lands on the claim card, below the send form on a phone.
    await expect
      .poll(() => sendCode.evaluate((b) => b.getBoundingClientRect().top))
      .toBeLessThan(800);

    for (const [kind, proved] of [
      ['email', 'Your email is verified.'],
      ['phone', 'Your phone number is verified.'],
    ] as const) {
      expect(await card.getByLabel('Sent to my').inputValue()).toBe(kind);
      await sendCode.click();
      // The field shows once the bank has sent the code.
      const field = card.getByLabel('6-digit code');
      await field.waitFor();
      await field.fill((await outboxCode(t.bank, newcomer.user.id, kind))!);
      await card.getByRole('button', { name: 'Claim' }).click();
      await card.getByText(proved).waitFor();
    }
    await page.getByText(/^Verify your/).waitFor({ state: 'detached' });
    await page.goto('/dashboard');
    await page.getByText('Here is where your money stands today.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(/^Verify your/).count()).toBe(0);
  });

  it('pays a request from one of my accounts', async () => {
    const alice = await t.customer({ name: 'Alice Payne' });
    const bob = await t.customer({ name: 'Bob Payer' });
    await deposit(t.bank, checking(bob).account_number, 100);
    const res = await alice.client.post(
      '/api/zelle/request',
      {
        bank_account_id: checking(alice).id,
        recipient_name: 'Bob Payer',
        recipient_email: bob.payload.email,
        amount: 15,
        memo: 'Lunch',
      },
      { 'Idempotency-Key': `e2e-${Date.now()}` },
    );
    expect(res.status).toBeLessThan(300);
    const page = await t.signedInPage(bob);
    await page.goto('/zelle');
    await page.getByRole('button', { name: /^Pay \$15\.00 to/ }).click();
    const pay = dialog(page, 'Pay request');
    await pay.getByRole('button', { name: 'Confirm Payment' }).click();
    await page.getByRole('heading', { name: 'Requests for You' }).waitFor({ state: 'detached' });
  });

  it('refuses amounts over the limit and money the account does not have', async () => {
    const poor = await t.customer();
    const other = await t.customer();
    const page = await t.signedInPage(poor);
    await page.goto('/zelle');
    const form = await fillSend(page, 'Someone', other.payload.email as string, '6000');
    await form.getByRole('button', { name: 'Send Money' }).click();
    await page.getByText('The amount may not be greater than $5,000.00.').waitFor();

    // Within the $5,000 a payment may be, over the $2,500 a day: said before any confirmation.
    await form.getByLabel('Amount').fill('3000');
    await form.getByRole('button', { name: 'Send Money' }).click();
    await form
      .getByText('This is more than the $2,500.00 you can still send today (limit $2,500.00).')
      .waitFor();
    expect(await page.getByRole('dialog', { name: 'Confirm payment' }).count()).toBe(0);

    await form.getByLabel('Amount').fill('20');
    await form.getByRole('button', { name: 'Send Money' }).click();
    await dialog(page, 'Confirm payment').getByRole('button', { name: 'Confirm Send' }).click();
    await form
      .getByText(/insufficient/i)
      .first()
      .waitFor();
  });

  it('Confirm Send keeps the focus while it runs, sends once on a double click, and a refusal can be tried again', async () => {
    const alice = await t.customer();
    const bob = await t.customer({ name: 'Bob Carter' });
    await deposit(t.bank, checking(alice).account_number, 100);
    const page = await t.signedInPage(alice, { width: 375, height: 740 });
    // The bank's answer comes a moment later, as on a slow line: long enough to see the wait.
    const sends = await slowPosts(page, '**/api/zelle/send');
    await page.goto('/zelle');
    // Email or phone is one radio group: the arrow keys choose, as a screen reader announces.
    await page.getByRole('radio', { name: 'Email' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByLabel('Recipient Phone').waitFor();
    expect(await focusedElement(page)).toBe('radio: Phone');
    await page.keyboard.press('ArrowLeft');
    await page.getByLabel('Recipient Email').waitFor();
    const form = await fillSend(page, 'Bob Carter', bob.payload.email as string, '150');
    await form.getByRole('button', { name: 'Send Money' }).click();
    const confirm = dialog(page, 'Confirm payment');
    await confirm.getByRole('button', { name: 'Confirm Send' }).dblclick();
    await confirm.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await focusedElement(page)).toBe('BUTTON: Processing...');
    // More than the account holds: the bank refuses, and says why beside the form.
    await form
      .getByText(/insufficient/i)
      .first()
      .waitFor();
    expect(sends.count).toBe(1);
    expect(await focusedElement(page)).not.toBe('body');

    await form.getByLabel('Amount').fill('20');
    await form.getByRole('button', { name: 'Send Money' }).click();
    await confirm.getByRole('button', { name: 'Confirm Send' }).focus();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await focusedElement(page)).toBe('BUTTON: Processing...');
    await toast(page, /sent|success/i)
      .first()
      .waitFor();
    expect(sends.count).toBe(2);
    expect(await focusedElement(page)).toBe('BUTTON: Send Money');
  });

  it('shows my QR code and downloads it as zelle-qr-code.png', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/zelle');
    await page.waitForLoadState('networkidle');
    console.log((await page.locator('body').innerText()).slice(0, 1500));
    await page.getByRole('button', { name: 'Show My QR Code' }).click();
    const qr = dialog(page, 'My Zelle QR Code');
    await qr.getByRole('img', { name: 'Your Zelle QR code' }).waitFor();
    await qr.getByText('Share only with people you trust').waitFor();
    await expectScreenAccessible(page, 'zelle qr dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      qr.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('zelle-qr-code.png');
  });
  it('says its activity and recipients did not load rather than that there are none, and tries again', async () => {
    const alice = await t.customer();
    const page = await t.signedInPage(alice, { width: 375, height: 800 });
    const failing = /\/api\/zelle\/(recipients|transactions)(\?|$)/;
    await page.route(failing, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/zelle');
    await page.getByText('Failed to load Zelle data').waitFor();
    await openTab(page, 'Activity');
    const noneClaimed = /No Zelle activity yet|No recent recipients yet/;
    expect(await page.getByText(noneClaimed).allTextContents()).toEqual([]);

    await page.unroute(failing);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Failed to load Zelle data').waitFor({ state: 'detached' });
    await page.getByText('No Zelle activity yet').waitFor();
    await page.getByText('No recent recipients yet.').waitFor();
  });
});
