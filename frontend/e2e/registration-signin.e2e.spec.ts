import { registrationPayload } from '@bank/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './page-models/app-shell';
import { LoginPage, RegisterPage, type Registration } from './page-models/auth-pages';
import { expectAccessible, useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

const t = useBankAndBrowser();

const newRegistration = () =>
  registrationPayload({ name: 'Morgan Tide' }) as ReturnType<typeof registrationPayload> &
    Registration;

/** Counts the browser's POST /api/register calls. */
function countRegisterCalls(page: Page) {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/register')
      calls.count += 1;
  });
  return calls;
}

describe('registration wizard', () => {
  it('never creates the account from "Next": back from the review, edit, Next shows the review again', async () => {
    const page = await t.newPage();
    const register = new RegisterPage(page);
    const calls = countRegisterCalls(page);
    const data = newRegistration();
    await register.goto();
    await register.fillAccountInformation(data);
    await register.next();
    await register.fillPersonalDetails(data);
    await register.next();
    await register.heading('Review & Submit').waitFor();
    await register.terms().check();
    await register.previous();
    await register.heading('Personal Details').waitFor();
    await page.getByLabel('City').fill('Bangor');
    await register.next();

    await register.heading('Review & Submit').waitFor();
    await page.getByText('Bangor').waitFor();
    // The customer is on the review, no account was created and no error greets them.
    expect(await register.newAccountNumber().count()).toBe(0);
    expect(calls.count).toBe(0);
    expect(
      await page.getByText('Please accept the Terms of Service and Privacy Policy').count(),
    ).toBe(0);
  });

  it('moves on with Enter and reports a bad email, phone, birth date or ZIP on its own step', async () => {
    const page = await t.newPage();
    const register = new RegisterPage(page);
    const data = newRegistration();
    const focused = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((e) => e === document.activeElement);
    await register.goto();
    // Next with nothing filled in takes the customer to the first field to fill.
    await register.next();
    await page.getByText('Please fill in all required fields.').waitFor();
    await expect.poll(() => focused('Full name')).toBe(true);
    await register.fillAccountInformation({ ...data, email: 'morgan-at-example' });
    await page.getByLabel('Confirm password').press('Enter');
    await page.getByText('The email must be a valid email address.').waitFor();
    await expect.poll(() => focused('Email address')).toBe(true);
    expect(await register.heading('Account Information').count()).toBe(1);
    await expectAccessible(page, 'register step 1 with a field error');
    // Fixing the field clears its error at once.
    await page.getByLabel('Email address').fill(data.email);
    await page.getByText('The email must be a valid email address.').waitFor({ state: 'detached' });
    await page.getByLabel('Email address').press('Enter');

    await register.heading('Personal Details').waitFor();
    await register.fillPersonalDetails({
      ...data,
      phone: '12',
      zip_code: '4101',
      date_of_birth: '2020-01-01',
    });
    await page.getByLabel('ZIP code').press('Enter');
    await page.getByText('The phone must be a valid phone number.').waitFor();
    await page.getByText('The zip code must be a valid ZIP code.').waitFor();
    await page.getByText('You must be at least 18 years old to open an account.').waitFor();
    expect(await register.heading('Personal Details').count()).toBe(1);
    await expect.poll(() => focused('Phone number')).toBe(true);

    await register.fillPersonalDetails(data);
    await page.getByLabel('ZIP code').press('Enter');
    await register.heading('Review & Submit').waitFor();
  });

  it('refuses a negative annual income on its own step, in the server’s words', async () => {
    const page = await t.newPage({ width: 375, height: 800 });
    const register = new RegisterPage(page);
    const data = newRegistration();
    await register.goto();
    await register.fillAccountInformation(data);
    await register.next();
    await register.fillPersonalDetails(data);
    await page.getByLabel('Annual income (optional)').fill('-5');
    await register.next();
    await page.getByText('The annual income must be at least 0.').waitFor();
    expect(await register.heading('Personal Details').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('register/income-negative-375.png') });
    await page.getByLabel('Annual income (optional)').fill('52000');
    await register.next();
    await register.heading('Review & Submit').waitFor();
  });

  it('on a phone shows the new account number on screen with a copy button, and waits for the customer', async () => {
    const page = await t.newPage({ width: 375, height: 740 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const register = new RegisterPage(page);
    const data = newRegistration();
    await register.goto();
    // The subtitle names the four accounts registration opens.
    await page
      .getByText(
        'You will get four accounts: checking, savings, money market and an investment account',
      )
      .waitFor();
    await register.fillAccountInformation(data);
    await register.next();
    await register.fillPersonalDetails(data);
    await register.next();
    await register.heading('Review & Submit').waitFor();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please accept the Terms of Service and Privacy Policy').waitFor();
    await register.terms().check();
    // Ticking the box clears the message.
    await page
      .getByText('Please accept the Terms of Service and Privacy Policy')
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create Account' }).click();

    const number = register.newAccountNumber();
    await number.waitFor();
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="new-account-number"]');
      const box = el?.getBoundingClientRect();
      return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
    });
    const digits = (await number.textContent())!.replace(/\s/g, '');
    await register.copyAccountNumber().click();
    await page.getByText('Account number copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(digits);
    await page.screenshot({ path: screenshotPath('h-web-register-375.png') });
    await expectAccessible(page, 'registration success on a phone');

    // No timed redirect: the number stays until the customer moves on.
    await page.waitForTimeout(4000);
    expect(new URL(page.url()).pathname).toBe('/register');
    await register.continueToDashboard().click();
    await page.waitForURL('**/dashboard');
  });
});

describe('password strength at registration', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ]) {
    it(`estimates the password as it is typed, and a guessable one is refused with the server's words (${viewport.width} px)`, async () => {
      const page = await t.newPage(viewport);
      const register = new RegisterPage(page);
      const data = newRegistration();
      await register.goto();
      const password = page.getByLabel('Password', { exact: true });
      // Under 8 characters the length rule speaks, not the estimate.
      await password.fill('pass');
      await page.getByText('At least 8 characters.').waitFor();
      expect(await page.locator('.password-strength').count()).toBe(0);
      await register.fillAccountInformation({ ...data, password: 'password1' });
      const meter = page.locator('.password-strength');
      await meter.getByText('Very weak').waitFor();
      expect(await meter.textContent()).toContain('too easy to guess');
      await expectAccessible(page, `registration with a weak password (${viewport.width} px)`);

      // Next refuses it on this step, with the bank's words on the field (the same estimator),
      // rather than after Create Account two steps later.
      await register.next();
      await page
        .getByText('This password is too easy to guess. Use a longer phrase or add unusual words.')
        .first()
        .waitFor();
      await register.heading('Account Information').waitFor();
      expect(await password.getAttribute('aria-invalid')).toBe('true');

      await password.fill(data.password);
      await page.getByLabel('Confirm password').fill(data.password);
      await expect
        .poll(() => meter.textContent(), { timeout: 10_000 })
        .toMatch(/^\s*Strength: (Fair|Good|Strong)$/);
      await expectAccessible(page, `registration with a good password (${viewport.width} px)`);
      await register.next();
      await register.heading('Personal Details').waitFor();
      await register.fillPersonalDetails(data);
      await register.next();
      await register.heading('Review & Submit').waitFor();
      await register.acceptTermsAndSubmit();
      await register.newAccountNumber().waitFor();
    });
  }
});

describe('sign-in', () => {
  it('says a wrong password once, warns about the lockout, then explains the lock and what to do', async () => {
    const customer = await t.customer();
    const page = await t.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(customer.user.account_number, 'wrong-password-1');
    await page.locator('#login-error').waitFor();
    expect(await page.getByText('The account number or password is incorrect.').count()).toBe(1);
    expect(await page.locator('.alert--danger').count()).toBe(1);
    await page
      .getByText('sign-in is locked for 15 minutes after 5 failed attempts in a row')
      .waitFor();
    await expectAccessible(page, 'login with a wrong password');

    for (let attempt = 2; attempt <= 5; attempt++) {
      await login.password().fill(`wrong-password-${attempt}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.locator('#login-error').waitFor();
    }
    const alert = page.locator('#login-error');
    await alert.getByText('Sign-in locked').waitFor();
    await alert.getByText('Your account has been temporarily locked.').waitFor();
    await alert.getByText('Sign-in stays locked for 15 minutes').waitFor();
    await alert.getByRole('link', { name: 'reset your password' }).waitFor();
    await alert.getByRole('link', { name: 'contact us' }).waitFor();
  });

  it('after the server ends the session, says so and returns to the same page on sign-in', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/bill-pay');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The session ends on the server (as when it expires); the next call answers 401.
    await customer.client.post('/api/logout', {});
    await new AppShell(page).sidebar().getByRole('link', { name: 'Cards & ATM' }).click();

    await page.waitForURL('**/login');
    await page.getByText('Your session has ended').waitFor();
    const login = new LoginPage(page);
    await login.signIn(customer.user.account_number, customer.payload.password);
    await page.waitForURL('**/cards');
  });

  // Signing in makes the sign-in page's own guard (signed-out pages send a signed-in customer to
  // the dashboard) see the new session: it must not also see the sign-in page still showing, or
  // it sends the customer on from the page they came back to.
  it('after the server ends the session, signing in stays on the page the customer went to', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    // Every address the app goes to, in order, kept across the page's own navigations.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { addresses: string[] }).addresses = seen;
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (data, unused, url) => {
          if (url !== undefined && url !== null) seen.push(new URL(url, location.href).pathname);
          original(data, unused, url);
        };
      }
    });
    await page.goto('/support');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await customer.client.post('/api/logout', {});
    await new AppShell(page).sidebar().getByRole('link', { name: 'Spending Insights' }).click();

    await page.waitForURL('**/login');
    await page.getByText('Your session has ended').waitFor();
    const login = new LoginPage(page);
    await login.signIn(customer.user.account_number, customer.payload.password);

    await page.getByRole('heading', { level: 1, name: 'Spending Insights' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/insights');
    const addresses = await page.evaluate(
      () => (window as unknown as { addresses: string[] }).addresses,
    );
    expect(addresses.slice(addresses.lastIndexOf('/login') + 1)).toEqual(['/insights']);
  });
});
