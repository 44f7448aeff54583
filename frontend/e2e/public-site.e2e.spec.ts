import { isBranchHoliday } from '@bank/contracts/bank-holidays';
import { describe, expect, it } from 'vitest';
import { PublicSite } from './page-models/public-site';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

const t = useBankAndBrowser();

describe('public site', () => {
  it('makes the header opaque after 20 px of scroll', async () => {
    const page = await t.newPage();
    const site = new PublicSite(page);
    await site.goto('/');
    expect(await site.header().getAttribute('data-scrolled')).toBe('false');
    await site.scrollBy(200);
    await page.waitForFunction(
      () => document.querySelector('header.site-header')?.getAttribute('data-scrolled') === 'true',
    );
  });

  it('opens a header menu with its links and closes it with Escape', async () => {
    const page = await t.newPage();
    const site = new PublicSite(page);
    await site.goto('/about');
    await site.openMenu('Loans & Credit');
    await page.getByRole('link', { name: /Payment Calculator/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: /Payment Calculator/ }).waitFor({ state: 'hidden' });
  });

  it('slides in the mobile menu at 360 px', async () => {
    const page = await t.newPage({ width: 360, height: 780 });
    const site = new PublicSite(page);
    await site.goto('/');
    const menu = await site.openMobileMenu();
    await menu.getByText('Business Banking').click();
    await menu.getByRole('link', { name: 'Business Accounts' }).click();
    await page.waitForURL('**/business-banking');
    // nothing overflows sideways at 360 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  it('keeps the footer’s divider clear of the address on a phone', async () => {
    const page = await t.newPage({ width: 375, height: 812 });
    await page.goto('/');
    await page.locator('.site-footer__trust').waitFor();
    // The footer's own stylesheet applied (it pads the footer), then both edges from one layout
    // (the page may scroll or reflow between two reads).
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.site-footer')!).paddingTop !== '0px',
    );
    const gap = await page.evaluate(
      () =>
        document.querySelector('.site-footer__trust')!.getBoundingClientRect().top -
        document.querySelector('.site-footer__grid')!.getBoundingClientRect().bottom,
    );
    expect(gap).toBeGreaterThanOrEqual(24);
  });

  const FIGURES = ['50,000+', '$2.5B+', '25+', '99.9%'];

  it('counts the home figures up to their values', async () => {
    const page = await t.newPage();
    await new PublicSite(page).goto('/');
    const figures = page.getByRole('list', { name: 'Harborview in numbers' });
    // Screen readers get each figure's value at once; what is shown counts up from zero.
    expect(await figures.locator('.sr-only').allTextContents()).toEqual(FIGURES);
    await figures.scrollIntoViewIfNeeded();
    await expect
      .poll(() => figures.locator('.stat__value').allTextContents(), { timeout: 5000 })
      .toEqual(FIGURES);
  });

  it('describes on the home page the investment account new customers get, not CDs', async () => {
    const page = await t.newPage();
    await new PublicSite(page).goto('/');
    const card = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Investment Account', level: 3 }),
    });
    const text = (await card.textContent()) ?? '';
    expect(text).not.toMatch(/\bCDs?\b|certificate/i);
    expect(text).toContain('$0 to open');
    expect(text).toContain('checking, savings and money market');
    // Registration names the same four accounts.
    await page.getByRole('link', { name: /Open account — Investment Account/ }).click();
    await page
      .getByText(/money market and an investment account, all starting at \$0\.00/)
      .waitFor();
  });

  it('sends a visitor who wants a CD to a banker, since registration opens none', async () => {
    const page = await t.newPage();
    await new PublicSite(page).goto('/personal-banking');
    const cd = page.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: 'Certificates of Deposit', level: 3 }),
    });
    const open = cd.getByRole('link', { name: /Open a CD/ });
    expect(await open.getAttribute('href')).toBe('/contact#appointment');
    await open.click();
    await page
      .getByRole('heading', { name: /appointment/i })
      .first()
      .waitFor();
    // No placeholder stands in the footer for a regulator's number.
    expect(await page.locator('footer').textContent()).not.toMatch(/placeholder|#00000/i);
  });

  it('calculates a loan payment once amount, rate and term are filled', async () => {
    const page = await t.newPage();
    await new PublicSite(page).goto('/loans#calculator');
    const payment = page.getByTestId('monthly-payment');
    expect(await payment.textContent()).toBe('$0.00');
    await page.getByLabel('Loan amount ($)').fill('300000');
    await page.getByLabel('Interest rate (%)').fill('6.25');
    expect(await payment.textContent()).toBe('$0.00');
    await page.getByLabel('Loan term').selectOption('30');
    expect(await payment.textContent()).toBe('$1,847.15');
  });

  it('sends the contact forms to the bank', async () => {
    const page = await t.newPage();
    await new PublicSite(page).goto('/contact#appointment');
    const message = page.getByRole('form', { name: 'Send us a message' });
    await message.getByLabel('First name').fill('Morgan');
    await message.getByLabel('Last name').fill('Tide');
    await message.getByLabel('Email').fill('morgan.tide@example.com');
    await message.getByLabel('Subject').selectOption('Loan Information');
    await message.getByLabel('Message').fill('What are your HELOC rates?');
    await message.getByRole('button', { name: 'Send message' }).click();
    await message.getByText('Message sent').waitFor();

    const appointment = page.getByRole('form', { name: 'Schedule an appointment' });
    await appointment.getByLabel('First name').fill('Morgan');
    await appointment.getByLabel('Last name').fill('Tide');
    await appointment.getByLabel('Email').fill('morgan.tide@example.com');
    await appointment.getByLabel('Loans & mortgages').check();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await appointment.getByLabel('Preferred date').fill(tomorrow);
    await appointment.getByLabel('Preferred time').selectOption('10:00 AM');
    await appointment.getByLabel('Meeting preference').selectOption('virtual');
    await appointment.getByRole('button', { name: 'Request appointment' }).click();
    await appointment.getByText('Request sent', { exact: true }).waitFor();

    const ops = await fetch(`${t.bank.baseUrl}/api/ops/contact-requests`, {
      headers: { Authorization: `Bearer ${t.bank.opsToken}` },
    });
    const body = JSON.stringify(await ops.json());
    expect(body).toContain('morgan.tide@example.com');
    expect(body).toContain('HELOC');
  });
  it('gives the focus to the first wrong field of each form, in the order the form shows them', async () => {
    const page = await t.newPage({ width: 375, height: 800 });
    const focused = () =>
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
    const submitEmpty = async (form: string, button: string) => {
      const scope = page.getByRole('form', { name: form });
      await scope.getByRole('button', { name: button }).focus();
      await page.keyboard.press('Enter');
      await scope.getByText('Please enter your first name.').waitFor();
      return scope;
    };
    await new PublicSite(page).goto('/contact');
    await submitEmpty('Send us a message', 'Send message');
    await expect.poll(focused).toBe('first_name');
    const appointment = await submitEmpty('Schedule an appointment', 'Request appointment');
    await expect.poll(focused).toBe('first_name');
    // With the names given, the next wrong field in reading order: the email.
    await appointment.getByLabel('First name').fill('Morgan');
    await appointment.getByLabel('Last name').fill('Tide');
    await appointment.getByRole('button', { name: 'Request appointment' }).click();
    await expect.poll(focused).toBe('email');

    await new PublicSite(page).goto('/insurance-info');
    const quote = await submitEmpty('Request a free quote', 'Get my quote');
    await expect.poll(focused).toBe('first_name');
    await quote.getByLabel('Additional information (optional)').fill('x'.repeat(1501));
    await quote.getByRole('button', { name: 'Get my quote' }).click();
    await quote.getByText('Please keep the details to 1,500 characters.').waitFor();
    // An agent calls back on the phone number, and the bank keeps names of 100 characters.
    await quote.getByLabel('Phone (optional)').fill('call me maybe');
    await quote.getByLabel('Last name').fill('L'.repeat(101));
    await quote.getByRole('button', { name: 'Get my quote' }).click();
    await quote.getByText('Please enter a valid phone number.').waitFor();
    await quote.getByText('The last name field must not be greater than 100 characters.').waitFor();
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    it(`sends a business prospect to a business banker, not to a personal account (${viewport.width} px)`, async () => {
      const page = await t.newPage(viewport);
      await new PublicSite(page).goto('/business-banking');
      expect(await page.getByRole('link', { name: /Open a business account/ }).count()).toBe(0);
      expect(await page.locator('main a[href="/register"]').count()).toBe(0);
      await page.getByRole('link', { name: 'Talk to a business banker' }).click();
      await page.waitForURL('**/contact?subject=business#appointment');
      const appointment = page.getByRole('form', { name: 'Schedule an appointment' });
      expect(await appointment.getByLabel('Business banking').isChecked()).toBe(true);
      const message = page.getByRole('form', { name: 'Send us a message' });
      expect(await message.getByLabel('Subject').inputValue()).toBe('Business Banking');
      await appointment.screenshot({
        path: screenshotPath(`public/business-appointment-${viewport.width}.png`),
      });

      // The cards of personal banking are asked about here too, not behind the sign-in.
      await new PublicSite(page).goto('/personal-banking#cards');
      await page.getByRole('link', { name: 'Ask a banker about this card' }).first().click();
      await page.waitForURL('**/contact#appointment');
    });
  }

  it('books a meeting at a branch only when one is open, and says it was sent once', async () => {
    const page = await t.newPage({ width: 375, height: 800 });
    const requests = { count: 0 };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/contact/appointments') requests.count += 1;
    });
    await new PublicSite(page).goto('/contact#appointment');
    const appointment = page.getByRole('form', { name: 'Schedule an appointment' });
    await appointment.getByLabel('First name').fill('Morgan');
    await appointment.getByLabel('Last name').fill('Tide');
    await appointment.getByLabel('Email').fill('morgan.tide@example.com');
    await appointment.getByLabel('General banking').check();
    await appointment.getByLabel('Meeting preference').selectOption('in-person');
    // No branch holiday: a Saturday that is one (Juneteenth or Christmas 2027) is refused for the
    // holiday, not for its hours, and the test would fail in the week before it.
    const dayAhead = (weekday: number) => {
      const day = new Date(Date.now() + 2 * 86_400_000);
      const date = () => day.toISOString().slice(0, 10);
      while (day.getUTCDay() !== weekday || isBranchHoliday(date()))
        day.setUTCDate(day.getUTCDate() + 1);
      return date();
    };
    const submit = () => appointment.getByRole('button', { name: 'Request appointment' }).click();

    await appointment.getByLabel('Preferred date').fill(dayAhead(0));
    await appointment.getByLabel('Preferred time').selectOption('4:00 PM');
    await submit();
    await appointment
      .getByText(
        'Our branches are closed on Sundays. Please choose another day, or meet by video or email.',
      )
      .waitFor();

    await appointment.getByLabel('Preferred date').fill(dayAhead(6));
    await appointment.getByLabel('Preferred time').selectOption('5:00 PM');
    await submit();
    await appointment
      .getByText('On Saturdays our branches are open until noon. Please choose a morning time.')
      .waitFor();
    await appointment.screenshot({ path: screenshotPath('public/appointment-saturday-375.png') });
    expect(requests.count).toBe(0);

    await appointment.getByLabel('Preferred time').selectOption('10:00 AM');
    await submit();
    await appointment.getByText('Request sent', { exact: true }).waitFor();
    expect(requests.count).toBe(1);
    // Said once: no toast repeats it.
    await page.waitForTimeout(300);
    expect(await page.getByText('Request sent', { exact: true }).count()).toBe(1);
  });
});
