import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  toast,
  TransferPage,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Adding a payee, or paying an account or Zelle contact never saved nor paid, once the session's
// last proof is older than 5 minutes: the bank answers STEP_UP_REQUIRED, the web app asks
// "Confirm it's you", then sends the request again. In Chromium at desktop and phone widths
// against the real bank.

const t = useBankAndBrowser();

/**
 * Signed in on the bill-pay page with a proof older than 5 minutes: fills in a new payee and
 * sends it, which asks "Confirm it's you".
 */
async function addPayeeAsked(
  customer: Awaited<ReturnType<typeof t.customer>>,
  viewport: { width: number; height: number },
) {
  const page = await t.signedInPage(customer, viewport);
  await page.goto('/bill-pay');
  await page.getByText('No payees found').waitFor({ timeout: 30_000 });
  await t.ageLastProof(customer);
  await page.getByRole('button', { name: 'Add Your First Payee' }).click();
  const add = dialog(page, 'Add New Payee');
  await add.getByLabel('Company Name').fill('Harbor Gas');
  await add.getByLabel('Category').selectOption('utilities');
  await add.getByLabel('Account Number').fill('66001234');
  await add.getByRole('button', { name: 'Add Payee' }).click();
  return { page, add };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  describe(`step-up before adding a payee at ${viewport.width} px`, () => {
    it('asks to confirm it is you, refuses a wrong password, then adds the payee', async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 100);
      const { page, add } = await addPayeeAsked(customer, viewport);

      const confirm = dialog(page, 'Confirm it’s you');
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Confirm' }).waitFor();
      // Everything in it keeps the dialog's padding on both sides, also on a phone.
      const margins = await confirm.evaluate((box) => {
        const outer = box.getBoundingClientRect();
        const padding = parseFloat(getComputedStyle(box).paddingRight);
        return [...box.querySelectorAll('input, button:not(.dialog__close)')].map((el) => ({
          name: el.getAttribute('name') ?? el.textContent,
          right: outer.right - padding - el.getBoundingClientRect().right,
        }));
      });
      for (const { name, right } of margins) expect(right, `${name}`).toBeGreaterThanOrEqual(-0.5);
      // The step-up is on top and the payee dialog beneath it is dimmed: a point of the payee
      // dialog outside the step-up hits the step-up's own tinted overlay, not the payee dialog.
      // Radix hides the dialog beneath from assistive technology (aria-hidden) while the step-up is open.
      const beneath = page.getByRole('dialog', { name: 'Add New Payee', includeHidden: true });
      const hit = await beneath.evaluate((payee) => {
        // Radix turns pointer events off outside the top dialog, and elementFromPoint skips such
        // elements; turned back on, the payee dialog is found unless something is painted over it.
        const pointerEvents = payee.style.pointerEvents;
        payee.style.pointerEvents = 'auto';
        const box = payee.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + 20);
        payee.style.pointerEvents = pointerEvents;
        return {
          inPayeeDialog: payee.contains(top),
          inSomeDialog: Boolean(top?.closest('[role="dialog"], [role="alertdialog"]')),
          background: top ? getComputedStyle(top).backgroundColor : '',
        };
      });
      expect(hit.inPayeeDialog).toBe(false);
      expect(hit.inSomeDialog).toBe(false);
      expect(hit.background).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `step-up before adding a payee at ${viewport.width} px`);
      // Nothing is added before the customer has confirmed.
      expect((await customer.client.get('/api/bill-payments/payees')).body.data.payees).toEqual([]);

      await confirm.getByLabel('Password').fill('not-my-password');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.getByText('The password is incorrect.').waitFor();
      await expectScreenAccessible(page, `step-up refused at ${viewport.width} px`);
      await confirm.getByLabel('Password').fill(customer.payload.password as string);
      await confirm.getByRole('button', { name: 'Confirm' }).click();

      await toast(page, 'Payee added successfully!').waitFor();
      await confirm.waitFor({ state: 'detached' });
      await add.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Pay Now: Harbor Gas' }).waitFor();
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `payee added after step-up at ${viewport.width} px`);
      const payees = (await customer.client.get('/api/bill-payments/payees')).body.data.payees as {
        name: string;
      }[];
      expect(payees.map((p) => p.name)).toEqual(['Harbor Gas']);
    });
  });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  describe(
    `step-up before paying a new destination at ${viewport.width} px`,
    { timeout: 120_000 },
    () => {
      it('asks to confirm it is you before the first transfer to a new account, then sends it once', async () => {
        const customer = await t.customer();
        const checking = customer.accounts.find((a) => a.type === 'checking')!;
        await deposit(t.bank, checking.account_number, 500);
        const page = await t.signedInPage(customer, viewport);
        const wizard = new TransferPage(page);
        await wizard.open();
        await wizard.typeToAnotherBank(checking.name, '11223346', '40');
        await wizard.review();
        await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
        await t.ageLastProof(customer);
        await wizard.confirm();

        const confirm = dialog(page, 'Confirm it’s you');
        await confirm.getByRole('button', { name: 'Confirm' }).waitFor();
        await expectNoSidewaysScroll(page);
        await expectScreenAccessible(page, `step-up before a new account at ${viewport.width} px`);
        await page.screenshot({
          path: screenshotPath(`step-up-new-account-${viewport.width}.png`),
        });
        // Nothing is sent before the customer has confirmed.
        expect((await customer.client.get('/api/transfers/recent')).body.data.transfers).toEqual(
          [],
        );

        await confirm.getByLabel('Password').fill(customer.payload.password as string);
        await confirm.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('heading', { name: 'Transfer Successful' }).waitFor();
        await confirm.waitFor({ state: 'detached' });
        await expectNoSidewaysScroll(page);
        await page.screenshot({
          path: screenshotPath(`step-up-new-account-sent-${viewport.width}.png`),
        });
        const sent = async () =>
          (
            (await customer.client.get('/api/transfers/recent')).body.data.transfers as {
              type: string;
              amount: number;
            }[]
          ).map((x) => `${x.type} ${x.amount}`);
        await expect.poll(sent).toEqual(['external-bank 40']);
      });

      it('asks to confirm it is you before the first Zelle payment to a new contact', async () => {
        const customer = await t.customer();
        const friend = await t.customer({ name: 'Bob Carter' });
        const checking = customer.accounts.find((a) => a.type === 'checking')!;
        await deposit(t.bank, checking.account_number, 100);
        const page = await t.signedInPage(customer, viewport);
        await page.goto('/zelle');
        await page.getByRole('heading', { name: 'Zelle', level: 1 }).waitFor();
        await t.ageLastProof(customer);
        const form = page.getByRole('form', { name: 'Send Money' });
        await form.getByLabel('Recipient Name').fill('Bob Carter');
        await form.getByLabel('Recipient Email').fill(friend.payload.email as string);
        await form.getByLabel('Amount').fill('25');
        await form.getByRole('button', { name: 'Send Money' }).click();
        await dialog(page, 'Confirm payment').getByRole('button', { name: 'Confirm Send' }).click();

        const confirm = dialog(page, 'Confirm it’s you');
        await confirm.getByRole('button', { name: 'Confirm' }).waitFor();
        await expectNoSidewaysScroll(page);
        await expectScreenAccessible(
          page,
          `step-up before a new Zelle contact at ${viewport.width} px`,
        );
        await page.screenshot({
          path: screenshotPath(`step-up-new-zelle-contact-${viewport.width}.png`),
        });
        await confirm.getByLabel('Password').fill(customer.payload.password as string);
        await confirm.getByRole('button', { name: 'Confirm' }).click();
        await toast(page, /sent|success/i)
          .first()
          .waitFor();
        await confirm.waitFor({ state: 'detached' });
        expect(await form.getByLabel('Recipient Name').inputValue()).toBe('');
        await page.screenshot({
          path: screenshotPath(`step-up-new-zelle-contact-sent-${viewport.width}.png`),
        });
        const accounts = (await customer.client.get('/api/accounts')).body.data.accounts as {
          id: string;
          available_balance: number;
        }[];
        expect(accounts.find((a) => a.id === checking.id)?.available_balance).toBe(75);
      });
    },
  );
}

describe('step-up once sign-in is locked', () => {
  it('keeps Confirm off after the lock until the dialog is opened again', async () => {
    const customer = await t.customer();
    const { page, add } = await addPayeeAsked(customer, { width: 1280, height: 900 });
    const confirm = dialog(page, 'Confirm it’s you');
    const password = confirm.getByLabel('Password');
    const button = confirm.getByRole('button', { name: 'Confirm' });
    for (let i = 0; i < 4; i += 1) {
      await password.fill(`not-my-password-${i}`);
      await button.click();
      await confirm.getByText('The password is incorrect.').waitFor();
      expect(await button.isDisabled()).toBe(false);
    }
    await password.fill('not-my-password-4');
    await button.click();
    await confirm
      .getByText('Your account has been temporarily locked. Please contact customer service.')
      .waitFor();
    expect(await button.isDisabled()).toBe(true);
    // The field keeps the message (nothing typed clears it) and has the focus Confirm lost.
    expect(await password.isEditable()).toBe(false);
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectScreenAccessible(page, 'step-up locked');
    await page.screenshot({ path: screenshotPath('step-up-locked-1280.png') });

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await add.getByRole('button', { name: 'Add Payee' }).click();
    await confirm.waitFor();
    expect(await button.isDisabled()).toBe(false);
    expect(await password.isEditable()).toBe(true);
  });
});
