import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './page-models/app-shell';
import { LoginPage } from './page-models/auth-pages';
import { expectAccessible, useBankAndBrowser, type Customer } from './support/fixtures';

const t = useBankAndBrowser();

/** Whether the server still takes the session's token (the customer's API client holds it). */
const sessionLives = async (customer: Customer) =>
  (await customer.client.get('/api/user')).status === 200;

/** The page's logout calls fail with 503 (`failures` times, then reach the bank), counted. */
async function failLogout(page: Page, failures = Infinity) {
  const calls = { count: 0 };
  await page.route('**/api/logout', async (route) => {
    calls.count += 1;
    if (calls.count > failures) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', message: 'Service unavailable' }),
    });
  });
  return calls;
}

async function signInAndOut(customer: Customer) {
  const page = await t.signedInPage(customer);
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ }).waitFor();
  return page;
}

describe('signing out when the bank cannot end the session', () => {
  it('signs out on this device and says the session lives on, and how to end it', async () => {
    const customer = await t.customer({ name: 'Avery Dock' });
    const page = await signInAndOut(customer);
    const logouts = await failLogout(page);

    await new AppShell(page).signOut();
    await page.waitForURL('**/login');
    const notice = page.getByRole('status').filter({ hasText: 'Signed out on this device only' });
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(
      /could not end your session at the bank, so it stays open until it has gone unused for \d+ minutes\. To end it now, sign in again and choose Sign out of all other sessions under Profile Settings, Security Settings\./,
    );
    expect(await page.getByText('You have signed out').count()).toBe(0);
    // Tried three times (two retries), and dropped here all the same.
    expect(logouts.count).toBe(3);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await sessionLives(customer)).toBe(true);
    await expectAccessible(page, 'sign-in after an unconfirmed sign-out');
    // A reload of the page keeps the warning: the session still lives on.
    await page.reload();
    await notice.waitFor();

    // What the notice advises ends the session that lived on.
    await page.unroute('**/api/logout');
    const login = new LoginPage(page);
    await login.signIn(customer.user.account_number as string, customer.payload.password);
    await page.waitForURL('**/dashboard');
    // Signed in again, the warning is done with.
    expect(await page.evaluate(() => sessionStorage.getItem('signed_out_reason'))).toBeNull();
    await page.goto('/profile?tab=security');
    await page.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await expect.poll(() => sessionLives(customer)).toBe(false);
  });

  it('forgets the session in this browser at once, while the bank is still being asked', async () => {
    const customer = await t.customer({ name: 'Avery Moor' });
    const page = await signInAndOut(customer);
    // The logout never answers: the sign-out gives up on it after a few seconds.
    const logouts = { count: 0 };
    await page.route('**/api/logout', () => {
      logouts.count += 1;
    });

    const shell = new AppShell(page);
    await shell.signOut();
    await shell.toast('Signing out…').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    // A tab opened meanwhile (or this one, closed and opened again) is signed out already.
    const other = await page.context().newPage();
    await other.goto('/dashboard');
    await other.waitForURL('**/login');
    await other.close();

    await page.waitForURL('**/login', { timeout: 15_000 });
    const notice = page.getByRole('status').filter({ hasText: 'Signed out on this device only' });
    await notice.waitFor();
    expect(logouts.count).toBe(1);

    // Dismissed from the keyboard, it is gone, the keyboard carries on in the form, and a reload
    // does not bring it back.
    await notice.getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('account_number');
    await page.reload();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByText('Signed out on this device only').count()).toBe(0);
  });

  it('sends the logout again after a passing failure, and then says the customer has signed out', async () => {
    const customer = await t.customer({ name: 'Avery Quay' });
    const page = await signInAndOut(customer);
    const logouts = await failLogout(page, 1);

    await new AppShell(page).signOut();
    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: 'You have signed out' }).waitFor();
    expect(await page.getByText('Signed out on this device only').count()).toBe(0);
    expect(logouts.count).toBe(2);
    expect(await sessionLives(customer)).toBe(false);
  });
});
