import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './page-models/auth-pages';
import { useBankAndBrowser } from './support/fixtures';

// WCAG 2.2.1: an idle session is announced before it ends, and one action keeps it.
// A 30-second session here: the warning shows after 15 s without activity. Each test spends most
// of its time waiting for the session's clock, so they run at once, each with a customer and a
// browser context of its own.
const t = useBankAndBrowser({ config: { sessionTtlMs: 30_000 } });

const DESKTOP = { width: 1280, height: 900 };

/** A new customer signed in through the sign-in form, on the dashboard. */
async function signInThroughTheForm(page: Page) {
  const customer = await t.customer();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(customer.user.account_number, customer.payload.password);
  await page.waitForURL('**/dashboard');
}

const inactivity = 'You were signed out after a period of inactivity. Please sign in again.';

describe.concurrent('idle session', () => {
  it(
    'warns before the end, stays signed in with one action, and signs out at the end',
    () =>
      t.withPage(DESKTOP, async (page) => {
        await signInThroughTheForm(page);

        const warning = page.getByRole('alertdialog', { name: 'Your session is about to expire' });
        await warning.waitFor({ timeout: 25_000 });
        await warning.getByRole('button', { name: 'Stay signed in' }).click();
        await warning.waitFor({ state: 'detached' });
        await page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ }).waitFor();

        await warning.waitFor({ timeout: 25_000 });
        await page.waitForURL('**/login', { timeout: 25_000 });
        await page.getByText(inactivity).waitFor();
      }),
    90_000,
  );

  // The bank ends a session left unused for its idle time by itself: a sign-out at that moment
  // that cannot reach the bank has nothing left to warn about.
  it(
    'says the session ended for inactivity even when the bank cannot be reached then',
    () =>
      t.withPage(DESKTOP, async (page) => {
        await signInThroughTheForm(page);
        await page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ }).waitFor();
        await page.route('**/api/**', (route) => route.abort('internetdisconnected'));

        await page.waitForURL('**/login', { timeout: 45_000 });
        await page.getByText(inactivity).waitFor();
        expect(await page.getByText('Signed out on this device only').count()).toBe(0);
      }),
    90_000,
  );

  // The session's length is counted on the bank's clock: a computer's clock 28 minutes fast (which
  // once gave no warning at all) or slow (a warning long after the bank had ended the session)
  // still gets the warning halfway through, as a right one does.
  it.each([
    ['fast', 28],
    ['slow', -28],
  ])(
    'warns at the usual time when the computer’s clock is 28 minutes %s',
    (_, minutes) =>
      t.withPage(DESKTOP, async (page) => {
        // The page's clock, installed before it loads, runs on from a skewed start.
        await page.clock.install({ time: Date.now() + minutes * 60_000 });
        await signInThroughTheForm(page);
        const idleSince = Date.now();

        const warning = page.getByRole('alertdialog', { name: 'Your session is about to expire' });
        await warning.waitFor({ timeout: 25_000 });
        // Half of the 30 seconds, from the click on Sign in (a little before the dashboard showed).
        expect(Date.now() - idleSince).toBeGreaterThan(10_000);
        await warning.getByRole('button', { name: 'Stay signed in' }).click();
        await warning.waitFor({ state: 'detached' });
        await page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ }).waitFor();
        expect(page.url()).toMatch(/\/dashboard$/);
      }),
    90_000,
  );
});
