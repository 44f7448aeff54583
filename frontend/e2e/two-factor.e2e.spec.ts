import { TWO_FACTOR_MESSAGES } from '@bank/contracts/auth-messages';
import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './page-models/app-shell';
import { dialog, expectScreenAccessible, openTab, toast } from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Two-factor sign-in, and the confirm-it's-you dialog, against the real bank in Chromium.

const t = useBankAndBrowser();

/** The code an authenticator app shows for the secret, `stepsAhead` 30-second steps from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/**
 * The codes are readable at once: the last one is on the screen and clear of the toast that came
 * with them (on a phone the toasts sit over the foot of the screen for about 5 s).
 */
async function expectLastCodeClearOfToasts(page: Page) {
  await page.locator('.toaster .toast').first().waitFor();
  const lastCode = () =>
    page.getByRole('list', { name: 'Recovery codes' }).evaluate((list) => {
      const code = list.lastElementChild!.getBoundingClientRect();
      const toasts = [...document.querySelectorAll('.toaster .toast')].map((t) =>
        t.getBoundingClientRect(),
      );
      const covered = toasts.some(
        (t) =>
          code.top < t.bottom && code.bottom > t.top && code.left < t.right && code.right > t.left,
      );
      return {
        toastShowing: toasts.length > 0,
        covered,
        onScreen: code.top >= 0 && code.bottom <= window.innerHeight,
      };
    });
  await expect
    .poll(lastCode, { timeout: 2_000, interval: 100 })
    .toEqual({ toastShowing: true, covered: false, onScreen: true });
}

/** Sets two-factor up from Security Settings; answers the secret shown. */
async function enrolInBrowser(page: Page): Promise<string> {
  await page.goto('/profile');
  await openTab(page, 'Security Settings');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
  // The set-up replaced the button that had the focus: its steps have it now.
  expect(
    await page.locator('.two-factor__steps').evaluate((steps) => steps === document.activeElement),
  ).toBe(true);
  await expectScreenAccessible(page, 'two-factor set-up');
  const secret = (await page.locator('.two-factor__secret').textContent())!.trim();
  // A refused code is said at its field, which takes the focus with the code selected.
  const codeFocused = () =>
    page.evaluate(() => {
      const field = document.activeElement as HTMLInputElement;
      return [field.getAttribute('autocomplete'), field.selectionStart, field.selectionEnd];
    });
  await page.getByLabel('Code from your app').fill('12');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByText('Enter the 6-digit code your app shows.', { exact: true }).waitFor();
  expect(await codeFocused()).toEqual(['one-time-code', 0, 2]);
  await page.getByLabel('Code from your app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  // No recovery codes exist yet, so the message asks for the app's code only.
  await page
    .getByText('The code is not correct. Enter the current code from your authenticator app.', {
      exact: true,
    })
    .waitFor();
  await expect.poll(codeFocused).toEqual(['one-time-code', 0, 6]);
  await page.getByLabel('Code from your app').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
  expect(await page.getByRole('list', { name: 'Recovery codes' }).locator('li').count()).toBe(10);
  await expectLastCodeClearOfToasts(page);
  await expectScreenAccessible(page, 'recovery codes');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download (.txt)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.txt$/);
  const saved = readFileSync((await download.path())!, 'utf8');
  const shown = await page
    .getByRole('list', { name: 'Recovery codes' })
    .locator('li')
    .allTextContents();
  for (const code of shown) expect(saved).toContain(code.trim());
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await page.getByText(/Recovery codes left: 10/).waitFor();
  return secret;
}

async function signInWithPassword(page: Page, customer: Customer) {
  await page.goto('/login');
  await page
    .getByLabel('Account number', { exact: true })
    .fill(customer.user.account_number as string);
  await page.getByLabel('Password', { exact: true }).fill(customer.payload.password as string);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  describe(`two-factor sign-in at ${viewport.width} px`, () => {
    it('sets up an authenticator, then signs in with its code', async () => {
      const customer = await t.customer();
      const page = await t.signedInPage(customer, viewport);
      const secret = await enrolInBrowser(page);

      const fresh = await t.newPage(viewport);
      await signInWithPassword(fresh, customer);
      await fresh.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
      await expectScreenAccessible(fresh, 'sign-in code step');
      await fresh.screenshot({
        path: screenshotPath(`two-factor/code-step-${viewport.width}.png`),
      });
      // The customer may go back to the account number and password, and start again.
      await fresh.getByRole('button', { name: 'Use a different account' }).click();
      await fresh.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await fresh.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await signInWithPassword(fresh, customer);
      await fresh.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
      await fresh.getByLabel('Authentication code').fill('111111');
      await fresh.getByRole('button', { name: 'Verify' }).click();
      await fresh.getByText(/The code is not correct/).waitFor();
      await fresh.getByLabel('Authentication code').fill(codeFor(secret, 1));
      await fresh.getByRole('button', { name: 'Verify' }).click();
      await fresh.waitForURL('**/dashboard');

      // The sign-in is announced in the bell, with its time and this browser.
      await expect
        .poll(
          async () => {
            const notes = (await customer.client.get('/api/notifications?type=security')).body.data
              .notifications as { message: string }[];
            return notes.some((n) => n.message.includes('from Chrome on Linux'));
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      const shell = new AppShell(fresh);
      await shell.openNotifications();
      const notice = shell.notificationItems().filter({ hasText: 'New sign-in' }).filter({
        hasText: 'from Chrome on Linux',
      });
      await notice.first().waitFor();
      expect(await notice.first().locator('.notif__message').textContent()).toMatch(
        /^A new sign-in to your account on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T from Chrome on Linux\. If this was not you, change your password and contact us at once\.$/,
      );
      await expectScreenAccessible(fresh, 'a new sign-in in the bell');
    });

    it('asks to confirm it is you before a sensitive change once sign-in is old', async () => {
      const customer = await t.customer();
      const page = await t.signedInPage(customer, viewport);
      await enrolInBrowser(page);
      await t.ageLastProof(customer);

      // Without the password, the field says so and takes the focus.
      await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      await page.getByText(TWO_FACTOR_MESSAGES.passwordRequired, { exact: true }).waitFor();
      expect(
        await page.evaluate(() => document.activeElement?.getAttribute('autocomplete') ?? ''),
      ).toBe('current-password');
      await page.getByLabel('Password', { exact: true }).fill(customer.payload.password as string);
      await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      const confirm = dialog(page, 'Confirm it’s you');
      await confirm.waitFor();
      await expectScreenAccessible(page, 'step-up dialog');
      await confirm.getByLabel('Password').fill('not-my-password');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.getByText('The password is incorrect.').waitFor();
      // Six digits in the password field: a code, said as typed; not sent as a password.
      const hint = "Looks like a code? Choose 'Use an authenticator code instead'.";
      const stepUps = { count: 0 };
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/step-up') stepUps.count += 1;
      });
      await confirm.getByLabel('Password').fill('123456');
      await confirm.getByText(hint, { exact: true }).waitFor();
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.getByText(hint, { exact: true }).waitFor();
      await page.screenshot({
        path: screenshotPath(`two-factor/step-up-code-hint-${viewport.width}.png`),
      });
      expect(stepUps.count).toBe(0);
      // Choosing the code takes the digits along.
      await confirm.getByRole('button', { name: 'Use an authenticator code instead' }).click();
      expect(await confirm.getByLabel('Authenticator code').inputValue()).toBe('123456');
      await confirm.getByRole('button', { name: 'Use my password instead' }).click();
      await confirm.getByLabel('Password').fill(customer.payload.password as string);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toast(page, 'Two-factor sign-in is off.').waitFor();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor();
    });

    it('cancels Confirm it’s you and the set-up without an error, the focus back on Set up', async () => {
      const customer = await t.customer();
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/profile');
      await openTab(page, 'Security Settings');
      const setUp = page.getByRole('button', { name: 'Set up two-factor sign-in' });
      const setUpFocused = () => setUp.evaluate((button) => button === document.activeElement);
      await setUp.waitFor();
      await t.ageLastProof(customer);

      await setUp.click();
      const confirm = dialog(page, 'Confirm it’s you');
      await confirm.getByLabel('Password').waitFor();
      // Two-factor is off: there is no authenticator code to offer.
      await confirm.getByText('For your security, this needs your password again.').waitFor();
      expect(
        await confirm.getByRole('button', { name: 'Use an authenticator code instead' }).count(),
      ).toBe(0);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(setUpFocused).toBe(true);
      await page.waitForTimeout(500);
      expect(await page.getByText(/Please confirm it is you/).count()).toBe(0);

      // Confirmed this time; then the set-up itself is cancelled.
      await setUp.click();
      await confirm.getByLabel('Password').fill(customer.payload.password as string);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page
        .getByRole('img', { name: 'QR code to scan with your authenticator app' })
        .waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(setUpFocused).toBe(true);
      await page.getByText('Off', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).count()).toBe(
        0,
      );
    });

    it('makes new recovery codes after confirming it is you', async () => {
      const customer = await t.customer();
      const page = await t.signedInPage(customer, viewport);
      await enrolInBrowser(page);
      await t.ageLastProof(customer);
      await page.getByRole('button', { name: 'Get new recovery codes' }).click();
      const confirm = dialog(page, 'Confirm it’s you');
      await confirm.getByLabel('Password').fill(customer.payload.password as string);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toast(page, 'New recovery codes are ready. Your old codes no longer work.').waitFor();
      const codes = page.getByRole('list', { name: 'Recovery codes' });
      await codes.waitFor();
      expect(await codes.locator('li').count()).toBe(10);
      await expectLastCodeClearOfToasts(page);
      // Toasts float over the foot of a phone's screen until they time out; the scan is of the
      // screen under them.
      const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
      while ((await dismiss.count()) > 0) await dismiss.first().click();
      await expectScreenAccessible(page, 'new recovery codes');
      await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await page.getByText(/Recovery codes left: 10/).waitFor();
    });
  });
}
