import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectScreenAccessible, openTab, toast } from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';

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
    await page.getByRole('img', { name: 'Your profile photo' }).waitFor();
    await page.getByRole('button', { name: 'Remove Photo' }).click();
    await toast(page, 'Profile image removed successfully!').waitFor();
  });

  it('changes the password for real, with client and server checks', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/profile');
    await openTab(page, 'Security Settings');
    await page.getByLabel('Current Password').fill('wrong-password-1');
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('different');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByText('New passwords do not match').waitFor();
    await expectScreenAccessible(page, 'password errors');

    await page.getByLabel('New Password', { exact: true }).fill('Brand-N3w-Passw0rd');
    await page.getByLabel('Confirm New Password').fill('Brand-N3w-Passw0rd');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.locator('.field__error').first().waitFor();

    await page.getByLabel('Current Password').fill(customer.payload.password as string);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await toast(page, 'Password changed successfully!').waitFor();
    const login = await t.bank.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        account_number: customer.user.account_number,
        password: 'Brand-N3w-Passw0rd',
      }),
    });
    expect(login.statusCode).toBe(200);
  });

  it('saves notification preferences', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/profile');
    await openTab(page, 'Notifications');
    await page.getByLabel('Offers and news').check();
    await page.getByLabel('Crypto').uncheck();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await toast(page, 'Notification preferences saved').waitFor();
    const prefs = (await customer.client.get('/api/user')).body.data.user.notification_preferences;
    expect(prefs).toMatchObject({ marketing: true, crypto: false });
  });
});
