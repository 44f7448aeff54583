import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBankAndBrowser, type Customer } from './support/fixtures';

// Every route of the app with its guard, signed out and signed in.

const t = useBankAndBrowser();

const PUBLIC_SIGNED_OUT_ONLY = [
  '/',
  '/about',
  '/personal-banking',
  '/business-banking',
  '/contact',
  '/login',
  '/register',
];
const OPEN = [
  '/insurance-info',
  '/services',
  '/loans',
  '/forgot-password',
  '/loans-info',
  '/privacy',
  '/terms',
  '/security',
  '/accessibility',
  '/sitemap',
  '/disclosures',
];
const ONLINE_BANKING = [
  '/online-banking',
  '/online-bank',
  '/onlinebanking',
  '/internet-banking',
  '/web-banking',
];
const SIGNED_IN = [
  '/dashboard',
  '/accounts',
  '/accounts/open-business',
  '/transfer',
  '/zelle',
  '/wire-transfer',
  '/crypto-trading',
  '/cards',
  '/bill-pay',
  '/support',
  '/profile',
  '/notifications',
];
const COMING_SOON: [string, string][] = [
  ['/investments', 'Investment Portfolio'],
  ['/market-analysis', 'Market Analysis'],
  ['/deposit', 'Mobile Check Deposit'],
];

async function landOn(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('main').waitFor();
  await page.waitForLoadState('networkidle');
  return new URL(page.url()).pathname;
}

describe('routes signed out', () => {
  it.each(PUBLIC_SIGNED_OUT_ONLY)('shows %s', async (path) => {
    const page = await t.newPage();
    expect(await landOn(page, path)).toBe(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it.each(OPEN)('shows the open page %s', async (path) => {
    const page = await t.newPage();
    expect(await landOn(page, path)).toBe(path);
  });

  it.each([...ONLINE_BANKING, ...SIGNED_IN, '/investments', '/insurance'])(
    'sends %s to /login',
    async (path) => {
      const page = await t.newPage();
      await page.goto(path);
      await page.waitForURL('**/login');
    },
  );

  it('redirects /crypto to /crypto-trading (and so to /login) and unknown paths to /', async () => {
    const page = await t.newPage();
    await page.goto('/crypto');
    await page.waitForURL('**/login');
    await page.goto('/settings');
    await page.waitForURL('**/login');
    await page.goto('/no-such-page');
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('routes signed in', () => {
  let customer: Customer;
  const signedIn = async () => {
    customer ??= await t.customer();
    return t.signedInPage(customer);
  };

  it.each([...PUBLIC_SIGNED_OUT_ONLY, ...ONLINE_BANKING])(
    'sends %s to /dashboard',
    async (path) => {
      const page = await signedIn();
      await page.goto(path);
      await page.waitForURL('**/dashboard');
    },
  );

  it.each(SIGNED_IN)('opens %s in the banking area', async (path) => {
    const page = await signedIn();
    expect(await landOn(page, path)).toBe(path);
    await page
      .getByRole('navigation', { name: 'Online banking' })
      .first()
      .waitFor({ state: 'attached' });
  });

  it.each(['/services', '/loans', '/insurance-info'])(
    'still shows the open page %s',
    async (path) => {
      const page = await signedIn();
      expect(await landOn(page, path)).toBe(path);
    },
  );

  it.each(COMING_SOON)('shows %s as "%s" coming soon', async (path, title) => {
    const page = await signedIn();
    await landOn(page, path);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('Coming Soon').waitFor();
  });

  it('shows /insurance with My Policies and Get Quote', async () => {
    const page = await signedIn();
    await landOn(page, '/insurance');
    await page.getByRole('heading', { name: 'My Policies' }).waitFor();
    await page.getByText('No active policies found').waitFor();
    await page.getByRole('heading', { name: 'Get Quote' }).waitFor();
    expect(
      await page.getByRole('link', { name: /insurance plans/ }).getAttribute('href'),
    ).toContain('/insurance-info');
  });

  it('redirects /crypto to /crypto-trading', async () => {
    const page = await signedIn();
    await page.goto('/crypto');
    await page.waitForURL('**/crypto-trading');
  });

  it('opens Profile Settings at /profile from /settings, on the tab asked for', async () => {
    const page = await signedIn();
    expect(await landOn(page, '/settings')).toBe('/profile');
    await page.getByRole('heading', { name: 'Profile Settings', level: 1 }).waitFor();
    await page.goto('/settings?tab=security');
    await page.waitForURL((url) => url.pathname === '/profile' && url.search === '?tab=security');
    expect(
      await page.getByRole('tab', { name: 'Security Settings' }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('signs out and back to /login when the server no longer knows the token', async () => {
    const page = await t.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('auth_token', 'not-a-real-token');
      localStorage.setItem(
        'user',
        JSON.stringify({ id: 'x', name: 'Ghost', email: 'g@example.com' }),
      );
    });
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(
      await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('user')]),
    ).toEqual([null, null]);
  });
});

describe('Content Security Policy', () => {
  /** Collects the page's CSP violation reports, from before its first script runs. */
  async function watchViolations(page: Page) {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
  }
  const violations = (page: Page) =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  it('is not violated by the sign-in page or the signed-in pages that parse answers', async () => {
    const signedOut = await t.newPage();
    await watchViolations(signedOut);
    await landOn(signedOut, '/login');
    await signedOut.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await violations(signedOut)).toEqual([]);

    const page = await t.signedInPage(await t.customer());
    await watchViolations(page);
    for (const path of ['/dashboard', '/accounts', '/transfer']) {
      await landOn(page, path);
      expect(await violations(page), path).toEqual([]);
    }
  });
});
