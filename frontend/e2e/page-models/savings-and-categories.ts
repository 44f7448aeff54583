import type { Page } from 'playwright-core';

/** The dashboard's Savings goals card and its dialog. */
export class SavingsGoalsCard {
  constructor(readonly page: Page) {}

  card() {
    return this.page
      .locator('section, div')
      .filter({
        has: this.page.getByRole('heading', { name: 'Savings goals' }),
      })
      .last();
  }

  goal(accountName: string) {
    return this.page.getByRole('listitem', { name: accountName });
  }

  progress(accountName: string) {
    return this.page.getByRole('progressbar', { name: `${accountName} goal progress` });
  }

  heroFigure() {
    return this.page
      .locator('.balance-hero__figures div', { hasText: 'Savings goal' })
      .locator('dd');
  }

  dialog() {
    return this.page.getByRole('dialog', { name: /savings goal/ });
  }

  /** Opens the goal dialog (set or change) and saves the amount typed. */
  async saveGoal(
    accountName: string,
    amount: string,
    action: 'Set a goal for' | 'Change goal for',
  ) {
    await this.page.getByRole('button', { name: `${action} ${accountName}` }).click();
    const dialog = this.dialog();
    await dialog.waitFor();
    await dialog.getByLabel('Goal amount').fill(amount);
    await dialog.getByRole('button', { name: 'Save goal' }).click();
    return dialog;
  }

  async removeGoal(accountName: string) {
    await this.page.getByRole('button', { name: `Remove goal for ${accountName}` }).click();
  }
}

/** The accounts page's transaction list, with the category of each line. */
export class TransactionCategories {
  constructor(readonly page: Page) {}

  row(description: string) {
    return this.page.locator('.tx-list .tx', { hasText: description }).first();
  }

  categoryButton(description: string) {
    return this.row(description).getByRole('button', { name: /^Category: / });
  }

  dialog() {
    return this.page.getByRole('dialog', { name: 'Change category' });
  }

  async change(description: string, label: string) {
    await this.categoryButton(description).click();
    const dialog = this.dialog();
    await dialog.waitFor();
    const select = dialog.getByRole('combobox', { name: 'Category' });
    await select.selectOption({ label });
    await dialog.getByRole('button', { name: 'Save category' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
