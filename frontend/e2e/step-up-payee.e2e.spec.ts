import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  toast,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';

// Adding a payee once the session's last proof is older than 5 minutes: the bank answers
// STEP_UP_REQUIRED, the web app asks "Confirm it's you", then sends the payee again. In Chromium
// at desktop and phone widths against the real bank.

const t = useBankAndBrowser();

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  describe(`step-up before adding a payee at ${viewport.width} px`, () => {
    it('asks to confirm it is you, refuses a wrong password, then adds the payee', async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 100);
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
