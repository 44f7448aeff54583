import { beforeAll, describe, it } from 'vitest';
import { SMALL_PHONE_SCREENS } from './page-models/banking';
import { PublicSite } from './page-models/public-site';
import { expectAccessible, signIn, useBankAndBrowser, type Customer } from './support/fixtures';

// An axe-core scan of every page, light and dark, with no serious or critical violations. The
// scans of one list run a few at a time (each in a browser context of its own): most of a scan's
// time is the page loading and settling, not the CPU.

const t = useBankAndBrowser();

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/personal-banking',
  '/business-banking',
  '/loans',
  '/insurance-info',
  '/services',
  '/contact',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=example',
  '/loans-info',
  '/privacy',
  '/terms',
  '/security',
  '/accessibility',
  '/sitemap',
  '/disclosures',
];

const BANKING_PAGES = [
  '/dashboard',
  '/accounts',
  '/transfer',
  '/zelle',
  '/wire-transfer',
  '/crypto-trading',
  '/cards',
  '/bill-pay',
  '/support',
  '/profile',
  '/notifications',
  '/investments',
  '/market-analysis',
  '/deposit',
  '/insurance',
];

// Every screen at the desktop width and at a 375 px phone's (the banking screens the small-phone
// walk scans at 360 px are left to it).
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const WIDTHS = [DESKTOP, PHONE];
const each = (paths: string[]) =>
  paths.flatMap((path) => WIDTHS.map((viewport) => [path, viewport.width, viewport] as const));

describe('accessibility of the public site', () => {
  it.concurrent.each(each(PUBLIC_PAGES))(
    '%s at %i px has no serious or critical violations',
    (path, _width, viewport) =>
      t.withPage(viewport, async (page) => {
        await new PublicSite(page).goto(path);
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `${path} at ${viewport.width} px`);
      }),
  );

  it('the open header menu and the mobile menu pass too', async () => {
    const page = await t.newPage();
    const site = new PublicSite(page);
    await site.goto('/about');
    await site.openMenu('Personal Banking');
    await expectAccessible(page, 'header menu');
    const mobile = await t.newPage({ width: 360, height: 780 });
    const small = new PublicSite(mobile);
    await small.goto('/about');
    await small.openMobileMenu();
    await expectAccessible(mobile, 'mobile menu');
  });

  it('the dark theme passes', async () => {
    const page = await t.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await new PublicSite(page).goto('/');
    await expectAccessible(page, 'home (dark)');
  });
});

describe('accessibility of the banking area', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await t.customer();
  });

  // At a phone's width the small-phone walk already scans most of these, light and dark, with a
  // customer who has data (banking-mobile.e2e.spec.ts); here, the others.
  const scans = each(BANKING_PAGES).filter(
    ([path, , viewport]) => viewport === DESKTOP || !SMALL_PHONE_SCREENS.includes(path),
  );

  it.concurrent.each(scans)(
    '%s at %i px has no serious or critical violations',
    (path, _width, viewport) =>
      t.withPage(viewport, async (page) => {
        await signIn(page, customer);
        await page.goto(path);
        await page.getByRole('main').waitFor();
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, `${path} at ${viewport.width} px`);
      }),
  );

  it('the notification panel and the dark dashboard pass', async () => {
    const page = await t.signedInPage(customer);
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await expectAccessible(page, 'notification panel (dark)');
  });
});
