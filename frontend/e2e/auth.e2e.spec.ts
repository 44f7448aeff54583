import type { Page } from 'playwright-core';
import { ApiClient, registrationPayload } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { AppShell } from './page-models/app-shell';
import { LoginPage, RegisterPage } from './page-models/auth-pages';
import { fieldError } from './page-models/banking';
import { expectAccessible, useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

const t = useBankAndBrowser();

describe('registration', () => {
  it('moves between its steps with the browser, keeping what was typed, and checks the SSN on its step', async () => {
    const page = await t.newPage();
    const register = new RegisterPage(page);
    const data = registrationPayload({ name: 'Robin Backstep' }) as ReturnType<
      typeof registrationPayload
    > & { name: string };
    await register.goto();
    await register.fillAccountInformation(data);
    await register.next();
    await register.heading('Personal Details').waitFor();
    expect(new URL(page.url()).search).toBe('?step=2');

    await page.goBack();
    await register.heading('Account Information').waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe(data.name);
    expect(await page.getByLabel('Email address').inputValue()).toBe(data.email);
    await register.next();
    await register.heading('Personal Details').waitFor();

    await register.fillPersonalDetails(data);
    await page.getByLabel(/Social Security number/).fill('123');
    await register.next();
    await expect
      .poll(() => fieldError(page, /Social Security number/))
      .toBe('Enter a valid 9-digit Social Security number (123-45-6789).');
    expect(await register.heading('Review & Submit').count()).toBe(0);
    await page.getByLabel(/Social Security number/).fill('123-45-6789');
    await register.next();
    await register.heading('Review & Submit').waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await register.heading('Personal Details').waitFor();
    expect(await page.getByLabel('City').inputValue()).toBe(data.city);

    // A reload keeps nothing typed (a password among it): it starts again at the first step.
    await page.reload();
    await register.heading('Account Information').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
  });

  it('goes through the three steps to the dashboard with the new account number', async () => {
    const page = await t.newPage();
    const register = new RegisterPage(page);
    const data = registrationPayload({ name: 'Casey Harbor' }) as ReturnType<
      typeof registrationPayload
    > & { name: string };
    await register.goto();

    await register.next();
    await page.getByText('Please fill in all required fields.').waitFor();
    // Every empty field says so at once, under itself, by name.
    for (const message of [
      'Please enter your full name.',
      'Please enter your email address.',
      'Please enter a password.',
      'Please confirm your password.',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    await register.fillAccountInformation(data, 'something-else');
    await register.next();
    await page.getByText('Passwords do not match.').waitFor();
    await register.fillAccountInformation(data);
    await register.next();

    await page.getByRole('heading', { name: 'Personal Details' }).waitFor();
    await register.next();
    await page.getByText('Please fill in all required fields.').waitFor();
    await register.fillPersonalDetails(data);
    await register.next();

    await page.getByRole('heading', { name: 'Review & Submit' }).waitFor();
    await register.acceptTermsAndSubmit();
    const number = (await register.newAccountNumber().textContent())!.replace(/\s/g, '');
    expect(number).toMatch(/^\d{12}$/);

    await register.continueToDashboard().click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: /Good (morning|afternoon|evening), Casey/ }).waitFor();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).account_number),
    ).toBe(number);
    // four default accounts at $0.00 and a welcome notification
    await page.getByText('Across 4 accounts').waitFor();
    await new AppShell(page).bell().filter({ hasText: '1' }).waitFor();
  });

  it('tells someone whose email is already registered what to do, without saying it is', async () => {
    const existing = await t.customer();
    const page = await t.newPage();
    const register = new RegisterPage(page);
    const data = registrationPayload({ email: existing.payload.email }) as ReturnType<
      typeof registrationPayload
    > & { name: string };
    await register.goto();
    await register.fillAccountInformation(data);
    await register.next();
    await register.fillPersonalDetails(data);
    await register.next();
    await register.acceptTermsAndSubmit();
    await page.getByText('No new account was opened').waitFor();
    await page.getByText(/If you already bank with us, please sign in/).waitFor();
    expect(await page.getByText(/taken/i).count()).toBe(0);
    await page.getByRole('link', { name: 'Reset your password' }).click();
    await page.waitForURL('**/forgot-password');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
});

describe('login', () => {
  it('refuses a short account number without calling the server', async () => {
    const page = await t.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('12345', 'whatever-password');
    await page.getByText('Account number must be exactly 12 digits.').waitFor();
  });

  it('shows the server’s message for a wrong password, focuses the password, and clears the message on typing', async () => {
    const customer = await t.customer();
    const page = await t.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(customer.user.account_number, 'wrong-password-1');
    const alert = page.locator('#login-error');
    await alert.waitFor();
    expect(await alert.textContent()).not.toContain('Login failed');
    // Keyboard users carry on where the mistake is (the button they pressed was disabled while
    // it ran, which left the focus nowhere); the wrong password is selected, so typing replaces it.
    const focused = await login.password().evaluate((input: HTMLInputElement) => ({
      active: input === document.activeElement,
      selected: input.selectionStart === 0 && input.selectionEnd === input.value.length,
    }));
    expect(focused).toEqual({ active: true, selected: true });
    await page.keyboard.type('x');
    await alert.waitFor({ state: 'detached' });
    expect(await login.password().inputValue()).toBe('x');
  });

  it('signs in, keeps token and user in local storage, and signs out to /login, saying so there and in another window', async () => {
    const customer = await t.customer({ name: 'Robin Quay' });
    const page = await t.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(customer.user.account_number, customer.payload.password);
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => Boolean(localStorage.getItem('auth_token')))).toBe(true);
    const otherWindow = await page.context().newPage();
    await otherWindow.goto('/dashboard');
    await otherWindow.getByRole('heading', { name: /Good (morning|afternoon|evening)/ }).waitFor();

    const shell = new AppShell(page);
    await shell.signOut();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.getByRole('status').filter({ hasText: 'You have signed out' }).waitFor();
    await otherWindow.waitForURL('**/login');
    await otherWindow
      .getByRole('status')
      .filter({ hasText: 'You signed out in another window.' })
      .waitFor();
    // A later visit of the sign-in page says nothing of it.
    await login.goto();
    await login.password().waitFor();
    expect(await page.getByText('You have signed out').count()).toBe(0);
  });

  it('leaves no toast of the session on the sign-in page', async () => {
    const customer = await t.customer({ name: 'Robin Quay' });
    const page = await t.signedInPage(customer, { width: 375, height: 800 });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const saved = page.locator('.toaster').getByText('Profile updated successfully!');
    await saved.waitFor();
    // The pointer rests on the toast, which keeps it (hovered, it does not time out), and the
    // customer signs out with the keyboard.
    await saved.hover();
    await page.getByRole('button', { name: /^Account menu for/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Sign Out' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'You have signed out' }).waitFor();
    expect(await saved.count()).toBe(0);
  });
});

describe('remembered account number', () => {
  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    it(`is shown masked after signing out, signs in as it is, and can be forgotten (${viewport.width} px)`, async () => {
      const customer = await t.customer({ name: 'Sam Pier' });
      const number = customer.user.account_number as string;
      const page = await t.newPage(viewport);
      const login = new LoginPage(page);
      await login.goto();
      await login.rememberMe().check();
      await login.signIn(number, customer.payload.password);
      await page.waitForURL('**/dashboard');
      await new AppShell(page).signOut();
      await page.waitForURL('**/login');
      await page.getByRole('status').filter({ hasText: 'You have signed out' }).waitFor();

      // Under "On a shared computer, close the browser": the last four digits, never all twelve.
      await login.rememberedAccount().waitFor();
      expect(await login.rememberedAccount().innerText()).toContain(number.slice(-4));
      expect(await page.locator('body').innerText()).not.toContain(number);
      expect(await login.accountNumber().count()).toBe(0);
      await expect
        .poll(() => login.password().evaluate((e) => e === document.activeElement))
        .toBe(true);
      await page.screenshot({
        path: screenshotPath(`login-remembered-${viewport.width}.png`),
        fullPage: true,
      });
      await expectAccessible(page, `sign-in with a remembered account (${viewport.width} px)`);

      await login.password().fill(customer.payload.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/dashboard');
      await new AppShell(page).signOut();
      await page.waitForURL('**/login');

      // Not you? The number is forgotten and the field is empty.
      await login.useAnotherAccount().click();
      await expect.poll(() => login.accountNumber().inputValue()).toBe('');
      await expect
        .poll(() => login.accountNumber().evaluate((e) => e === document.activeElement))
        .toBe(true);
      expect(
        await page.evaluate(() => localStorage.getItem('remembered_account_number')),
      ).toBeNull();
      await page.reload();
      await login.accountNumber().waitFor();
      expect(await login.accountNumber().inputValue()).toBe('');
    });
  }
});

describe('account number field', () => {
  it('takes digits only as typed, and a pasted number with spaces or dashes as its digits', async () => {
    const page = await t.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const login = new LoginPage(page);
    await login.goto();
    await login.accountNumber().pressSequentially('12345abc9012');
    expect(await login.accountNumber().inputValue()).toBe('123459012');
    await login.accountNumber().fill('');
    await page.evaluate(() => navigator.clipboard.writeText('1234-5678 9012'));
    await login.accountNumber().press('ControlOrMeta+V');
    expect(await login.accountNumber().inputValue()).toBe('123456789012');
    await page.screenshot({ path: screenshotPath('login-digits-1280.png') });
  });
});

/** A new page that asked for a reset link by account number and was told to check the email. */
async function askForResetLink(accountNumber: string) {
  const page = await t.newPage();
  await page.goto('/forgot-password');
  await page.getByLabel('Account number or email').fill(accountNumber);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('Check your email').waitFor();
  return page;
}

/** Where the focus is: inside what holds `text` (not fallen to the page's body). */
function focusHolds(page: Page, text: string) {
  return page.evaluate((said) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return false;
    return (focused.textContent ?? '').includes(said);
  }, text);
}

describe('forgot password', () => {
  it('accepts an account number and shows the generic confirmation, which takes the focus', async () => {
    const customer = await t.customer();
    const page = await askForResetLink(customer.user.account_number);
    // The form and its button are gone: the confirmation holds the focus instead of the body.
    await expect.poll(() => focusHolds(page, 'Check your email')).toBe(true);
  });

  it('turns a reset link used once into a way to ask for a new one, said once', async () => {
    const customer = await t.customer();
    const page = await askForResetLink(customer.user.account_number);
    const ops = new ApiClient(t.bank);
    ops.token = t.bank.opsToken;
    const resetLink = async () =>
      (await ops.get(`/api/ops/password-resets?account_number=${customer.user.account_number}`))
        .body.data.password_resets[0]?.reset_link as string | null | undefined;
    await expect.poll(resetLink).toBeTruthy();
    const link = new URL((await resetLink())!);
    const open = async (tab: typeof page) => {
      await tab.goto(`${link.pathname}${link.search}`);
      await tab.getByLabel('New password', { exact: true }).waitFor();
    };
    const choose = async (tab: typeof page) => {
      await tab.getByLabel('New password', { exact: true }).fill('Saltmarsh-Lantern-77');
      await tab.getByLabel('Confirm new password').fill('Saltmarsh-Lantern-77');
      await tab.getByRole('button', { name: 'Update password' }).click();
    };
    const deadLinkShown = async (tab: typeof page) => {
      await tab.getByText('This link can no longer be used').waitFor();
      const reason = tab.getByText('This password reset link is invalid or has expired.');
      await reason.waitFor();
      expect(await reason.count()).toBe(1);
      expect(await tab.getByLabel('New password', { exact: true }).count()).toBe(0);
    };
    // The same link open in two tabs: the first to submit uses it up.
    const otherTab = await t.newPage();
    await open(page);
    await open(otherTab);
    await choose(page);
    await page.getByText('Your password has been changed.').waitFor();
    await expect.poll(() => focusHolds(page, 'Your password has been changed.')).toBe(true);
    await choose(otherTab);
    await deadLinkShown(otherTab);

    // Opened again, the page knows before anything is typed.
    await page.goto(`${link.pathname}${link.search}`);
    await deadLinkShown(page);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL('**/forgot-password');
  });
});
