import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectOnTop,
  expectScreenAccessible,
  expectToastsClearOfBars,
  focusedElement,
  openTab,
  toast,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Card Management against the real bank.

const t = useBankAndBrowser();

/** A new customer who has applied for the first card offered to them, through the API. */
/** Opens the application for the first card on offer. */
async function openApplication(page: Page) {
  await page
    .getByRole('button', { name: /^Apply for Card/ })
    .first()
    .click();
  return dialog(page, 'Apply for Card');
}

async function customerWithCard() {
  const customer = await t.customer();
  const cards = (await customer.client.get('/api/cards')).body.data.cards as {
    id: string;
    application: { is_pending: boolean };
  }[];
  const card = cards.find((c) => c.application.is_pending)!;
  await customer.client.post(`/api/cards/${card.id}/apply`, {
    agreed_to_terms: true,
    delivery_address: '',
    express_delivery: false,
  });
  return { customer, card };
}

/** Opens the first card's details and waits for them: the dialog. */
async function openCardDetails(page: Page) {
  await page
    .getByRole('button', { name: /Show card details/ })
    .first()
    .click();
  const details = dialog(page, 'Card Details');
  await details.getByText('Member FDIC', { exact: false }).waitFor();
  return details;
}

describe('Cards', () => {
  it('applies for a card, shows its details, changes the PIN and limits, locks and unlocks', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/cards');
    await page.getByRole('heading', { name: 'Card Management' }).waitFor();
    await page.getByRole('heading', { name: 'Available Cards' }).waitFor();
    await expectScreenAccessible(page, 'cards available');
    const application = await openApplication(page);
    await application.getByText('Annual fee').waitFor();
    await application.getByLabel(/I have read and agree/).check();
    await application.getByRole('button', { name: 'Apply for Card' }).click();
    await toast(page, /./).first().waitFor();
    await page.getByRole('heading', { name: 'Your Cards' }).waitFor();
    // Exact: Playwright matches text and names case-insensitively as substrings by default, so
    // 'Lock Card' would also find 'Unlock Card' and 'LOCKED' the toast 'Card locked successfully'.
    await page.getByText('ACTIVE', { exact: true }).first().waitFor();

    await openCardDetails(page);
    await expectScreenAccessible(page, 'card details');
    await page.keyboard.press('Escape');

    // The card has no PIN yet: there is no current one to give, and its first is set.
    await page.getByRole('button', { name: 'Change PIN' }).first().click();
    const first = dialog(page, 'Set PIN');
    expect(await first.getByLabel('Current PIN').count()).toBe(0);
    await first.getByLabel('New PIN').fill('2468');
    await first.getByLabel('Confirm PIN').fill('2486');
    await first.getByRole('button', { name: 'Set PIN' }).click();
    await first.getByText('New PINs do not match').waitFor();
    expect(await first.getByLabel('New PIN').getAttribute('maxlength')).toBe('4');
    await first.getByLabel('Confirm PIN').fill('2468');
    await first.getByRole('button', { name: 'Set PIN' }).click();
    await toast(page, 'PIN changed successfully').waitFor();
    await first.waitFor({ state: 'detached' });

    // Now it has one: a change asks for it.
    await page.getByRole('button', { name: 'Change PIN' }).first().click();
    const pin = dialog(page, 'Change PIN');
    await pin.getByLabel('Current PIN').fill('12');
    await pin.getByLabel('New PIN').fill('8642');
    await pin.getByLabel('Confirm PIN').fill('8642');
    await pin.getByRole('button', { name: 'Change PIN' }).click();
    await pin.getByText('The PIN must be exactly 4 digits.').waitFor();
    await pin.getByLabel('Current PIN').fill('2468');
    await pin.getByRole('button', { name: 'Change PIN' }).click();
    await pin.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Set Limits' }).first().click();
    const limits = dialog(page, 'Set Limits');
    await limits.getByLabel('Daily ATM Limit ($)').fill('750');
    await limits.getByRole('button', { name: 'Save Limits' }).click();
    await toast(page, 'Card limits updated successfully').waitFor();

    await page.getByRole('button', { name: 'Lock Card', exact: true }).first().click();
    await page.getByText('LOCKED', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Unlock Card', exact: true }).first().click();
    // The card must be active again before Card Settings: the inexact wait passed at once (on
    // 'Unlock Card') and the tab could open on the card still locked.
    await page.getByRole('button', { name: 'Lock Card', exact: true }).first().waitFor();

    await openTab(page, 'Card Settings');
    await page.getByRole('switch', { name: 'International Transactions' }).first().click();
    await toast(page, 'Card settings updated successfully').first().waitFor();
    await expectScreenAccessible(page, 'card settings');
  });

  it('applies once and locks once on a double click, and says so', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 375, height: 812 });
    await page.goto('/cards');
    const application = await openApplication(page);
    await application.getByLabel(/I have read and agree/).check();
    await application.getByRole('button', { name: 'Apply for Card' }).dblclick();
    await toast(page, /submitted|approved|success/i)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Lock Card', exact: true }).first().dblclick();
    await page.getByText('LOCKED', { exact: true }).first().waitFor();
    await toast(page, 'Card locked successfully').first().waitFor();
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /already/ })
        .count(),
    ).toBe(0);
    expect(await page.getByText(/already applied|already locked/).count()).toBe(0);
  });

  it('shows the credit card agreement from the server and applies only with the customer consent', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 375, height: 800 });
    const applications: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/apply'))
        applications.push(request.postDataJSON());
    });
    await page.goto('/cards');
    await page
      .getByRole('button', { name: 'Apply for Card: Harborview Rewards Credit Card' })
      .click();
    const application = dialog(page, 'Apply for Card');
    for (const [term, value] of [
      ['Purchase APR', '21.49%'],
      ['Cash advance APR', '27.49%'],
      ['Credit limit', '$5,000.00'],
      ['Late payment fee', '$29.00'],
      ['Cash advance fee', '5% of the amount, at least $10.00'],
    ]) {
      await application.getByRole('term').filter({ hasText: term! }).waitFor();
      await application.getByRole('definition').filter({ hasText: value! }).first().waitFor();
    }
    await expectScreenAccessible(page, 'card application (375 px)');
    // Without the tick nothing is sent and the reason is given at the box.
    await application.getByRole('button', { name: 'Apply for Card' }).click();
    await application
      .getByText('You must agree to the terms and conditions to apply for a card.')
      .waitFor();
    expect(applications).toEqual([]);
    await application.getByLabel(/I have read and agree/).check();
    await application
      .getByText('You must agree to the terms and conditions to apply for a card.')
      .waitFor({ state: 'detached' });
    await application.getByRole('button', { name: 'Apply for Card' }).click();
    await toast(page, /./).first().waitFor();
    expect(applications).toEqual([
      { agreed_to_terms: true, delivery_address: '', express_delivery: false },
    ]);
    await page.getByRole('heading', { name: 'Your Cards' }).waitFor();
  });

  it('starts the focus on the title when the consent box is out of sight, on it when in sight', async () => {
    const customer = await t.customer();
    for (const [viewport, focused] of [
      [{ width: 375, height: 600 }, 'H2: Apply for Card'],
      [{ width: 1280, height: 800 }, 'INPUT: '],
    ] as const) {
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/cards');
      await page
        .getByRole('button', { name: 'Apply for Card: Harborview Rewards Credit Card' })
        .click();
      const consent = dialog(page, 'Apply for Card').getByLabel(/I have read and agree/);
      await consent.waitFor();
      // Out of sight below the terms, the box would take a screen reader past them unread.
      expect(await focusedElement(page), `${viewport.width} px`).toBe(focused);
      await page.keyboard.press('Tab');
      if (focused === 'H2: Apply for Card') {
        // Past the terms, the address the card is mailed to comes with the way to change it.
        expect(await focusedElement(page)).toBe('A: Change your address in Profile');
        await page.keyboard.press('Tab');
      }
      expect(await consent.evaluate((box) => box === document.activeElement)).toBe(
        focused === 'H2: Apply for Card',
      );
      await page.close();
    }
  });

  it('shows the bank refusing to lock a card that is already locked, and reporting it lost', async () => {
    const { customer, card: offer } = await customerWithCard();
    const page = await t.signedInPage(customer);
    await page.goto('/cards');
    await page.getByRole('button', { name: 'Lock Card' }).first().waitFor();
    // Locked elsewhere (another device) while this screen still shows it active.
    const locked = await customer.client.post(`/api/cards/${offer.id}/toggle-lock`, {
      action: 'lock',
      reason: 'e2e',
    });
    expect(locked.status).toBe(200);
    await page.getByRole('button', { name: 'Lock Card' }).first().click();
    await page.getByRole('alert').filter({ hasText: 'This card is already locked.' }).waitFor();
    await page.getByRole('button', { name: 'Dismiss error' }).click();
    await page.getByRole('button', { name: 'Unlock Card' }).first().waitFor();

    await page.getByRole('button', { name: 'Report Lost' }).first().click();
    const report = dialog(page, /Report Lost or Stolen Card/);
    await report.getByText('Your card will be deactivated immediately').waitFor();
    await expectScreenAccessible(page, 'report lost');
    await report.getByRole('button', { name: 'Report Lost' }).click();
    await toast(page, /deactivated/).waitFor();
    // The lost card says why it cannot be unlocked, looks inactive, and offers nothing to do to it:
    // its replacement is offered instead.
    const note = page.getByText(
      'Reported lost: this card is deactivated for good and cannot be unlocked.',
      { exact: false },
    );
    await note.waitFor();
    expect(await note.textContent()).toContain('Its replacement is offered under Available Cards.');
    const tile = page.locator(`[data-card-id="${offer.id}"]`);
    expect(await tile.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Unlock Card', exact: true }).count()).toBe(0);
    const face = tile.locator('.card-face');
    expect(await face.getByText('LOST', { exact: true }).count()).toBe(1);
    expect(await face.evaluate((f) => getComputedStyle(f).backgroundImage)).not.toMatch(
      /rgb\(18, 81, 79\)/,
    );
    await page.screenshot({ path: screenshotPath('card-reported-lost-1280.png') });
    await expectScreenAccessible(page, 'a card reported lost');
    await page.getByRole('button', { name: 'Apply for Card: Harborview Debit Card' }).waitFor();
  });

  it('lines up the cards and their buttons, and shows a limit with its cents', async () => {
    const customer = await t.customer();
    const offers = (await customer.client.get('/api/cards')).body.data.cards as {
      id: string;
      card_name: string;
    }[];
    for (const offer of offers)
      await customer.client.post(`/api/cards/${offer.id}/apply`, {
        agreed_to_terms: true,
        delivery_address: '',
        express_delivery: false,
      });
    const long = offers.find((c) => c.card_name === 'Harborview Rewards Credit Card')!;
    const limits = await customer.client.put(`/api/cards/${long.id}/limits`, {
      daily_atm_limit: 1500.5,
      daily_purchase_limit: 2500,
    });
    expect(limits.status).toBe(200);

    for (const width of [1280, 375]) {
      const page = await t.signedInPage(customer, { width, height: 900 });
      await page.goto('/cards');
      const tiles = page.locator('#your-cards + ul > li');
      await page.getByRole('button', { name: 'Lock Card', exact: true }).first().waitFor();
      expect(await tiles.count()).toBeGreaterThan(1);
      const lockButtons = page.getByRole('button', { name: 'Lock Card', exact: true });
      const rows = await Promise.all(
        [0, 1].map(async (i) => (await lockButtons.nth(i).boundingBox())!),
      );
      // Side by side at 1280 px, the button rows are level; on a phone the tiles stack.
      if (width === 1280) expect(rows[1]!.y).toBe(rows[0]!.y);
      // The status badge stays beside the long name rather than on a line of its own.
      const face = page.getByRole('button', { name: /^Harborview Rewards Credit Card active/i });
      const name = (await face.getByText('Harborview Rewards Credit Card').boundingBox())!;
      const badge = (await face.getByText('ACTIVE', { exact: true }).boundingBox())!;
      expect(badge.y).toBeLessThan(name.y + name.height);
      expect(badge.x).toBeGreaterThan(name.x + name.width - 1);
    }

    const page = await t.signedInPage(customer);
    await page.goto('/cards');
    await openTab(page, 'Card Settings');
    const form = page.getByRole('form', { name: 'Limits for Harborview Rewards Credit Card' });
    expect(await form.getByLabel('Daily ATM Limit ($)').getAttribute('placeholder')).toBe(
      '1500.50',
    );
    await form.getByText('Current: $1,500.50').waitFor();
  });

  it('keeps the focus on Lock Card, a card setting and Update Limits used from the keyboard', async () => {
    const { customer } = await customerWithCard();
    const page = await t.signedInPage(customer);
    const focused = (target: Locator) => target.evaluate((e) => e === document.activeElement);
    await page.goto('/cards');
    const lock = page.getByRole('button', { name: 'Lock Card', exact: true });
    await lock.focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Card locked successfully').first().waitFor();
    // The same button, now Unlock Card, still holds the focus: Enter again undoes it.
    const unlock = page.getByRole('button', { name: 'Unlock Card', exact: true });
    await unlock.waitFor();
    expect(await focused(unlock)).toBe(true);
    await page.keyboard.press('Enter');
    await toast(page, 'Card unlocked successfully').first().waitFor();
    await lock.waitFor();
    expect(await focused(lock)).toBe(true);

    await openTab(page, 'Card Settings');
    const settings = page.getByRole('tabpanel', { name: 'Card Settings' });
    const international = settings.getByRole('switch', { name: 'International Transactions' });
    const was = await international.isChecked();
    await international.focus();
    await page.keyboard.press('Space');
    await toast(page, 'Card settings updated successfully').first().waitFor();
    await expect.poll(() => international.isChecked()).toBe(!was);
    expect(await focused(international)).toBe(true);
    const update = settings.getByRole('button', { name: 'Update Limits' });
    // Nothing changed: nothing is saved, and it says so.
    await update.focus();
    await page.keyboard.press('Enter');
    await settings.getByText('No changes to save.').waitFor();
    expect(await focused(update)).toBe(true);
    await settings.getByLabel('Daily ATM Limit ($)').fill('650');
    await update.focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Card limits updated successfully').first().waitFor();
    expect(await focused(update)).toBe(true);
    expect(await settings.getByText('No changes to save.').count()).toBe(0);
  });

  it('puts the focus on the card after applying for it and after reporting it lost', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/cards');
    await page.getByRole('heading', { name: 'Available Cards' }).waitFor();
    const face = page.locator('.card-item__face').first();
    const onFace = () => face.evaluate((e) => e === document.activeElement);

    // The Apply button goes with the offer: the focus lands on the new card in Your Cards.
    await page
      .getByRole('button', { name: /^Apply for Card/ })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    const application = dialog(page, 'Apply for Card');
    await application.getByLabel(/I have read and agree/).check();
    await application.getByRole('button', { name: 'Apply for Card' }).focus();
    await page.keyboard.press('Enter');
    await application.waitFor({ state: 'detached' });
    await face.waitFor();
    await expect.poll(onFace).toBe(true);

    // Reporting it lost disables its buttons, Report Lost too: the focus stays on the card.
    await page.getByRole('button', { name: 'Report Lost' }).first().focus();
    await page.keyboard.press('Enter');
    const report = dialog(page, /Report Lost or Stolen Card/);
    await report.getByRole('button', { name: 'Report Lost' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, /deactivated/).waitFor();
    await report.waitFor({ state: 'detached' });
    await expect.poll(onFace).toBe(true);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`lists a locked card in Card Settings, saying it is locked, and changes its settings (${viewport.width} px)`, async () => {
      const { customer, card } = await customerWithCard();
      await customer.client.post(`/api/cards/${card.id}/toggle-lock`, {
        action: 'lock',
        reason: 'e2e',
      });
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/cards');
      await page.getByRole('button', { name: 'Unlock Card', exact: true }).waitFor();
      await openTab(page, 'Card Settings');
      const settings = page.getByRole('tabpanel', { name: 'Card Settings' });
      await settings.getByText('LOCKED', { exact: true }).waitFor();
      await settings.getByText(/locked: it cannot be used until you unlock it/).waitFor();
      await page.screenshot({ path: screenshotPath(`card-settings-locked-${viewport.width}.png`) });
      await expectScreenAccessible(page, `card settings with a locked card (${viewport.width} px)`);

      await settings.getByRole('switch', { name: 'International Transactions' }).click();
      await toast(page, 'Card settings updated successfully').first().waitFor();
      await settings.getByLabel('Daily ATM Limit ($)').fill('600');
      await settings.getByRole('button', { name: 'Update Limits' }).click();
      await toast(page, 'Card limits updated successfully').first().waitFor();
      const saved = (await customer.client.get(`/api/cards/${card.id}`)).body.data.card as {
        status: string;
        settings: { international_transactions: boolean };
        limits: { daily_atm_limit: number };
      };
      expect(saved.status).toBe('locked');
      expect(saved.limits.daily_atm_limit).toBe(600);
    });
  }
  it('keeps its toasts off the Card Settings form on a phone, its Update Limits button too (375 px)', async () => {
    const { customer } = await customerWithCard();
    const page = await t.signedInPage(customer, { width: 375, height: 740 });
    await page.goto('/cards');
    await openTab(page, 'Card Settings');
    const settings = page.getByRole('tabpanel', { name: 'Card Settings' });
    const update = settings.getByRole('button', { name: 'Update Limits' });
    await update.scrollIntoViewIfNeeded();

    /**
     * The toasts and their "Clear all" chip leave the top bar, the form's button and most of the
     * screen clear: their band at the foot of the screen grows to show a long toast whole, but
     * not with the number of toasts.
     */
    async function expectToastsClear(label: string) {
      await expectToastsClearOfBars(page, label);
      const button = (await update.boundingBox())!;
      const area = (await page.getByRole('region', { name: 'Messages' }).boundingBox())!;
      const apart =
        area.y >= button.y + button.height ||
        area.y + area.height <= button.y ||
        area.x >= button.x + button.width ||
        area.x + area.width <= button.x;
      expect(apart, `${label}: a toast covers Update Limits`).toBe(true);
      // At most a long toast's height (16rem): more toasts than that scroll inside the band.
      expect(area.height, `${label}: the toasts cover the page`).toBeLessThanOrEqual(16 * 16);
      expect(area.y + area.height, `${label}: the toasts off the screen`).toBeLessThanOrEqual(740);
    }

    await settings.getByRole('switch', { name: 'International Transactions' }).click();
    await toast(page, 'Card settings updated successfully').first().waitFor();
    await expectToastsClear('one toast');

    await settings.getByLabel('Daily ATM Limit ($)').fill('600');
    await update.click();
    await toast(page, 'Card limits updated successfully').first().waitFor();
    await page.getByRole('button', { name: 'Clear all' }).waitFor();
    await page.screenshot({ path: screenshotPath('card-settings-toasts-375.png') });
    await expectToastsClear('two toasts and Clear all');
    // The newest is the one in full view; the older one is still there to read, and Clear all
    // still clears them.
    const area = (await page.getByRole('region', { name: 'Messages' }).boundingBox())!;
    const newest = (await page
      .locator('.toast', { hasText: 'Card limits updated' })
      .boundingBox())!;
    expect(newest.y + newest.height, 'the newest toast in view').toBeLessThanOrEqual(
      area.y + area.height,
    );
    expect(await page.locator('.toast').count()).toBe(2);
    await page.getByRole('button', { name: 'Clear all' }).click();
    expect(await page.locator('.toast').count()).toBe(0);
  });
  it("leaves the limit fields' labels clear of the last setting's divider, as the settings are", async () => {
    const { customer } = await customerWithCard();
    for (const width of [375, 1280]) {
      const page = await t.signedInPage(customer, { width, height: 900 });
      await page.goto('/cards');
      await openTab(page, 'Card Settings');
      const settings = page.getByRole('tabpanel', { name: 'Card Settings' });
      const card = settings.locator('section').first();
      await card.getByRole('switch', { name: 'Contactless Payments' }).waitFor();
      const rows = card.locator('.card-setting');
      const lastRow = (await rows.last().boundingBox())!;
      // A setting's label sits its row's padding below the divider above it.
      const rowLabel = (await rows.last().locator('label').boundingBox())!;
      const settingSpace = rowLabel.y - lastRow.y;
      expect(settingSpace).toBeGreaterThan(0);
      const label = (await card.getByText('Daily ATM Limit ($)', { exact: true }).boundingBox())!;
      expect(
        label.y - (lastRow.y + lastRow.height),
        `${width} px: Daily ATM Limit's label against the divider`,
      ).toBeGreaterThanOrEqual(settingSpace - 1);
      await page.screenshot({ path: screenshotPath(`card-settings-labels-${width}.png`) });
      await page.close();
    }
  });
  it('opens a dialog clear of the toasts at the top right, its Close button uncovered (1280 px)', async () => {
    const { customer } = await customerWithCard();
    const page = await t.signedInPage(customer, { width: 1280, height: 720 });
    await page.goto('/cards');
    await page.getByRole('button', { name: 'Lock Card', exact: true }).click();
    await toast(page, 'Card locked successfully').waitFor();
    const details = await openCardDetails(page);
    await page.screenshot({ path: screenshotPath('card-details-toast-1280.png') });
    // Named by its title, said once: no paragraph under it repeating it, nor a description of it.
    expect(await details.getByText('Card Details', { exact: true }).count()).toBe(1);
    expect(await details.getAttribute('aria-describedby')).toBeNull();
    const box = (await details.boundingBox())!;
    const toasts = (await page.getByRole('region', { name: 'Messages' }).boundingBox())!;
    expect(box.x + box.width, 'the dialog reaches under the toasts').toBeLessThanOrEqual(toasts.x);
    await expectOnTop(details.getByRole('button', { name: 'Close' }), 'Close');
  });

  it('opens a dialog above the toasts on a phone, its title and Close button in view (375 px)', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 375, height: 740 });
    await page.goto('/cards');
    const application = await openApplication(page);
    await application.getByLabel(/I have read and agree/).check();
    await application.getByRole('button', { name: 'Apply for Card' }).click();
    await toast(page, /approved/).waitFor();
    const details = await openCardDetails(page);
    await page.screenshot({ path: screenshotPath('card-details-toast-375.png') });

    const area = (await page.getByRole('region', { name: 'Messages' }).boundingBox())!;
    for (const part of [
      details.getByRole('heading', { name: 'Card Details' }),
      details.getByRole('button', { name: 'Close' }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.y + box.height, 'a toast covers the dialog').toBeLessThanOrEqual(area.y);
    }
    const edge = (await details.boundingBox())!;
    expect(edge.y, 'the dialog fits the screen').toBeGreaterThanOrEqual(0);
    expect(edge.y + edge.height, 'a toast covers the dialog').toBeLessThanOrEqual(area.y);
    // Dismissing the toast leaves the dialog open.
    const approved = page.locator('.toaster .toast').filter({ hasText: /approved/ });
    await approved.getByRole('button', { name: 'Dismiss notification' }).click();
    await approved.waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(await details.isVisible(), 'dismissing the toast closed the dialog').toBe(true);
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
  });

  it('asks again after "Confirm it’s you" is cancelled, and keeps the focus in Card Details once confirmed', async () => {
    const { customer } = await customerWithCard();
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 812 },
    ]) {
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/cards');
      await t.ageLastProof(customer);
      // The visible button under the card, not only the card itself.
      await page.getByRole('button', { name: 'Show card details', exact: true }).click();
      const confirm = dialog(page, 'Confirm it’s you');
      await confirm.getByLabel('Password').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });

      const details = dialog(page, 'Card Details');
      await details.getByText(/stay hidden until you confirm it’s you/).waitFor();
      expect(await details.getByText('Failed to load card details').count()).toBe(0);
      expect(await details.getByRole('alert').count()).toBe(0);
      await page.screenshot({
        path: screenshotPath(`card-details-not-confirmed-${viewport.width}.png`),
      });
      await expectScreenAccessible(page, `card details not confirmed (${viewport.width} px)`);

      await details.getByRole('button', { name: 'Show card details' }).click();
      await confirm.getByLabel('Password').fill(customer.payload.password as string);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.waitFor({ state: 'detached' });
      await details.getByText(/^\d{4} \d{4} \d{4} \d{4}$/).waitFor();
      await expect
        .poll(() => details.getByRole('button', { name: 'Show card details' }).count())
        .toBe(0);
      // The focus stays in the dialog, where a keyboard or screen reader user left off.
      await page.waitForTimeout(500);
      expect(await details.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.close();
    }
  });

  it('keeps the focus in Card Details when the first opening asks to confirm it is you', async () => {
    const { customer } = await customerWithCard();
    const page = await t.signedInPage(customer);
    await page.goto('/cards');
    await t.ageLastProof(customer);
    await page.getByRole('button', { name: 'Show card details', exact: true }).focus();
    await page.keyboard.press('Enter');
    // Named and on top: the Card Details dialog opening beneath must not hide it.
    const confirm = dialog(page, 'Confirm it’s you');
    await confirm.getByLabel('Password').fill(customer.payload.password as string);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    const details = dialog(page, 'Card Details');
    await expect.poll(() => details.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.waitForTimeout(500);
    expect(await details.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await focusedElement(page)).not.toBe('body');
  });

  it("asks to confirm it is you before a card's first PIN in an older session", async () => {
    const { customer, card } = await customerWithCard();
    const page = await t.signedInPage(customer);
    await page.goto('/cards');
    await page.getByRole('heading', { name: 'Your Cards' }).waitFor();
    await t.ageLastProof(customer);

    const setPin = async () => {
      await page.getByRole('button', { name: 'Change PIN' }).first().click();
      const first = dialog(page, 'Set PIN');
      await first.getByLabel('New PIN').fill('2468');
      await first.getByLabel('Confirm PIN').fill('2468');
      await first.getByRole('button', { name: 'Set PIN' }).click();
      return first;
    };
    const first = await setPin();
    const confirm = dialog(page, 'Confirm it’s you');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    // Closing it is the customer's choice: the dialog stays as typed, with nothing to report.
    expect(await first.getByRole('alert').count()).toBe(0);
    await first.getByRole('button', { name: 'Set PIN' }).click();
    await confirm.getByLabel('Password').fill(customer.payload.password as string);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'PIN changed successfully').waitFor();
    await first.waitFor({ state: 'detached' });
    const cards = (await customer.client.get('/api/cards')).body.data.cards as {
      id: string;
      has_pin: boolean;
    }[];
    expect(cards.find((c) => c.id === card.id)?.has_pin).toBe(true);
  });
});
