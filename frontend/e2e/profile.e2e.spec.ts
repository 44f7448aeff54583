import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectOnTop,
  expectScreenAccessible,
  expectToastsClearOfBars,
  openTab,
  toast,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Profile Settings against the real bank.

const t = useBankAndBrowser();

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('Profile Settings', () => {
  it('updates details, checks and saves a photo, then removes it', async () => {
    const customer = await t.customer({ name: 'Dana Whitfield' });
    const page = await t.signedInPage(customer);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await expectScreenAccessible(page, 'profile');
    await page.getByLabel('City').fill('Bangor');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    expect((await customer.client.get('/api/user')).body.data.user.city).toBe('Bangor');

    const dir = os.tmpdir();
    const txt = path.join(dir, `not-an-image-${Date.now()}.txt`);
    writeFileSync(txt, 'hello');
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(txt);
    await page.getByText('Please select a valid image file (JPEG, PNG, or GIF)').waitFor();
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await page.getByText('Image size must be less than 5MB').waitFor();

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Preview of your new profile photo' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('img', { name: 'Preview of your new profile photo' })
      .waitFor({ state: 'detached' });
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Save Photo' }).click();
    await toast(page, 'Profile image updated successfully!').waitFor();
    const photo = page.getByRole('img', { name: 'Your profile photo' });
    await photo.waitFor();
    // Fetched with the session's token and shown from a blob (the page's security policy allows it).
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await toast(page, 'Profile image removed successfully!').waitFor();
  });

  it('keeps the focus on the photo control after Cancel, Save Photo and Remove Photo, and no nameless stop before Save Photo', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/profile');
    const input = page.locator('input[type="file"]');
    const chooserFocused = () =>
      input.evaluate((el) => el === document.activeElement).catch(() => false);
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(chooserFocused).toBe(true);

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    // Before Save Photo, nothing hidden and nameless: Shift+Tab goes back past the chooser.
    await page.getByRole('button', { name: 'Save Photo' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await chooserFocused()).toBe(false);
    await page.getByRole('button', { name: 'Save Photo' }).click();
    await page.getByRole('button', { name: 'Remove Photo' }).waitFor();
    await expect.poll(chooserFocused).toBe(true);
    expect(await page.getByRole('button', { name: 'Change Photo' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await page.getByRole('button', { name: 'Remove Photo' }).waitFor({ state: 'detached' });
    await expect.poll(chooserFocused).toBe(true);
  });

  it('asks to confirm it is you before moving the mailing address in an older session', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await t.ageLastProof(customer);
    await page.getByLabel('Address', { exact: true }).fill('9 Lighthouse Road');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await confirm.getByLabel('Password').fill(customer.payload.password as string);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    expect((await customer.client.get('/api/user')).body.data.user.address).toBe(
      '9 Lighthouse Road',
    );
  });

  it('saves a large photo scaled down to 400 pixels, and refuses a file that is no image', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/profile');
    // A 1600x1200 PNG (a phone photo's size), drawn by the browser itself.
    const large = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 1600;
        canvas.height = 1200;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#2a7';
        context.fillRect(0, 0, 1600, 1200);
        context.fillStyle = '#fff';
        context.fillRect(400, 300, 800, 600);
        return canvas.toDataURL('image/png').split(',')[1]!;
      }),
      'base64',
    );
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: PNG.subarray(0, 30),
    });
    await page.getByText('Please select a valid image file (JPEG, PNG, or GIF)').waitFor();

    await input.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: large });
    await page.getByRole('button', { name: 'Save Photo' }).click();
    await toast(page, 'Profile image updated successfully!').waitFor();
    // The profile names the photo by its URL, served with the session's token (as the avatar
    // fetches it) and to nobody without one.
    const saved: string = (await customer.client.get('/api/user')).body.data.user.profileImage;
    expect(saved).toMatch(/^\/api\/profile\/photos\//);
    expect(await page.evaluate(async (url) => (await fetch(url)).status, saved)).toBe(401);
    const served = await page.evaluate(async (url) => {
      const token = localStorage.getItem('auth_token') ?? '';
      const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { type: response.headers.get('content-type'), bytes: Array.from(bytes) };
    }, saved);
    expect(served.type).toBe('image/png');
    const png = Buffer.from(served.bytes);
    // The PNG header: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([400, 300]);
    expect(png.length).toBeLessThan(large.length);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    it(`changes the password for real, with client and server checks and the strength estimate (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/profile');
      await openTab(page, 'Security Settings');
      const current = page.getByLabel('Current Password');
      const next = page.getByLabel('New Password', { exact: true });
      const confirm = page.getByLabel('Confirm New Password');
      await current.fill('wrong-password-1');
      await next.fill('short');
      await confirm.fill('different');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.getByText('Password must be at least 8 characters long').waitFor();
      await page.getByText('New passwords do not match').waitFor();
      await expectScreenAccessible(page, 'password errors');

      // The estimate as it is typed; a guessable password is refused with the server's words.
      const meter = page.locator('.password-strength');
      expect(await meter.count()).toBe(0);
      await current.fill(customer.payload.password as string);
      await next.fill('password1');
      await confirm.fill('password1');
      await meter.getByText('Very weak').waitFor();
      expect(await meter.textContent()).toContain('too easy to guess');
      await expectScreenAccessible(page, `a weak new password (${viewport.width} px)`);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page
        .getByText('This password is too easy to guess. Use a longer phrase or add unusual words.')
        .first()
        .waitFor();

      await next.fill('Brand-N3w-Passw0rd');
      await confirm.fill('Brand-N3w-Passw0rd');
      await expect
        .poll(() => meter.textContent(), { timeout: 10_000 })
        .toMatch(/^\s*Strength: (Fair|Good|Strong)$/);
      await current.fill('wrong-password-1');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.getByText('The current password is incorrect.').waitFor();

      await current.fill(customer.payload.password as string);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await toast(page, 'Password changed successfully!').waitFor();
      const signIn = (password: string) =>
        t.bank.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ account_number: customer.user.account_number, password }),
        });
      expect((await signIn('password1')).statusCode).toBe(401);
      expect((await signIn('Brand-N3w-Passw0rd')).statusCode).toBe(200);
    });
  }

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    it(`shows where the customer is signed in and signs the other sessions out (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      const phone = await t.bank.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: {
          'content-type': 'application/json',
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        },
        payload: JSON.stringify({
          account_number: customer.user.account_number,
          password: customer.payload.password,
        }),
      });
      const phoneToken = (JSON.parse(phone.body) as { data: { token: string } }).data.token;
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/profile');
      await openTab(page, 'Security Settings');
      const card = page.getByRole('region', { name: "Where You're Signed In" });
      await card.getByText('Safari on iOS').waitFor();
      await card.getByText('This session').waitFor();
      // A sign-in whose browser the bank could not tell, as the list starts a line with it.
      await card.getByText(/^An unknown browser on an unknown system/).waitFor();
      expect(await card.getByRole('listitem').count()).toBe(2);
      // The other session's last use; the asking one is in use now.
      expect(await card.getByText(/^Last active [A-Z][a-z]{2} \d{1,2}, \d{4}, /).count()).toBe(1);
      await expectScreenAccessible(page, `signed-in sessions (${viewport.width} px)`);

      await card.getByRole('button', { name: 'Sign out of all other sessions' }).click();
      await toast(page, 'Signed out of 1 other session.').waitFor();
      await card.getByText('You are not signed in anywhere else.').waitFor();
      expect(await card.getByRole('listitem').count()).toBe(1);
      expect(
        await card.getByRole('button', { name: 'Sign out of all other sessions' }).isDisabled(),
      ).toBe(true);
      const phoneAsks = await t.bank.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${phoneToken}` },
      });
      expect(phoneAsks.statusCode).toBe(401);
    });
  }

  it('signs one other session out, and keeps the focus in the card', async () => {
    const customer = await t.customer();
    const signIn = async (userAgent: string) => {
      const answer = await t.bank.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json', 'user-agent': userAgent },
        payload: JSON.stringify({
          account_number: customer.user.account_number,
          password: customer.payload.password,
        }),
      });
      return (JSON.parse(answer.body) as { data: { token: string } }).data.token;
    };
    const stillSignedIn = async (token: string) =>
      (
        await t.bank.app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode === 200;
    const phone = await signIn(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    const laptop = await signIn(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
    );
    const page = await t.signedInPage(customer, { width: 1280, height: 900 });
    await page.goto('/profile');
    await openTab(page, 'Security Settings');
    const card = page.getByRole('region', { name: "Where You're Signed In" });
    await card.getByText('Safari on iOS').waitFor();
    expect(await card.getByRole('listitem').count()).toBe(3);
    // The asking session has no Sign out of its own (that is Log Out).
    expect(await card.getByRole('button', { name: /^Sign out (?!of)/ }).count()).toBe(2);

    await card.getByRole('button', { name: /^Sign out Safari on iOS, signed in / }).click();
    await toast(page, 'Signed out of that session.').waitFor();
    await expect.poll(() => card.getByRole('listitem').count()).toBe(2);
    expect(await card.getByText('Safari on iOS').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sessions-title');
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(laptop)).toBe(true);
    await expectScreenAccessible(page, 'a session signed out');
  });

  it('stops listing the other sessions once the password changed, without a reload', async () => {
    const customer = await t.customer();
    await t.bank.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        account_number: customer.user.account_number,
        password: customer.payload.password,
      }),
    });
    const page = await t.signedInPage(customer);
    await page.goto('/profile');
    await openTab(page, 'Security Settings');
    const card = page.getByRole('region', { name: "Where You're Signed In" });
    await expect.poll(() => card.getByRole('listitem').count()).toBe(2);
    await page.getByLabel('Current Password').fill(customer.payload.password as string);
    await page.getByLabel('New Password', { exact: true }).fill('Brand-N3w-Passw0rd');
    await page.getByLabel('Confirm New Password').fill('Brand-N3w-Passw0rd');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password changed successfully!').waitFor();
    await card.getByText('You are not signed in anywhere else.').waitFor();
    expect(await card.getByRole('listitem').count()).toBe(1);
  });

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    it(`saves notification preferences, its toast clear of the top bar (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/profile');
      await openTab(page, 'Notifications');
      // Security notices cannot be switched off, and the form says so.
      const security = page.getByLabel('Security', { exact: true });
      expect(await security.isChecked()).toBe(true);
      expect(await security.isDisabled()).toBe(true);
      await page.getByText('Always on: sign-ins, password and profile changes').waitFor();
      await page.getByLabel('Offers and news').check();
      await page.getByLabel('Crypto').uncheck();
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      const saved = toast(page, 'Notification preferences saved');
      await saved.waitFor();
      const prefs = (await customer.client.get('/api/user')).body.data.user
        .notification_preferences;
      expect(prefs).toMatchObject({ marketing: true, crypto: false, security: true });

      await expectToastsClearOfBars(page, `saved preferences at ${viewport.width} px`);
      await page.screenshot({ path: screenshotPath(`profile-saved-toast-${viewport.width}.png`) });
      // The bell answers while the toast shows, and the toast is still there.
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      expect(await saved.isVisible()).toBe(true);
      if (viewport.width < 1024) {
        // The menu drawer slides in over the toasts: its Sign Out, at the foot, is not under one.
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Open navigation' }).click();
        const drawer = page.getByRole('dialog', { name: 'Navigation' });
        await expectOnTop(drawer.getByRole('button', { name: 'Sign Out' }), 'drawer › Sign Out');
      }
    });
  }
});
