import type { Page } from 'playwright-core';

/** The signed-in shell: sidebar, top bar search, bell and notification panel, user menu. */
export class AppShell {
  constructor(readonly page: Page) {}

  sidebar() {
    return this.page.getByRole('navigation', { name: 'Online banking' }).first();
  }

  bell() {
    return this.page.getByRole('button', { name: /^Notifications/ });
  }

  async openNotifications() {
    await this.bell().click();
    const panel = this.page.getByRole('dialog', { name: 'Notifications' });
    await panel.waitFor();
    return panel;
  }

  notificationCounts() {
    return this.page.locator('.notif-panel__counts');
  }

  notificationItems() {
    return this.page.getByRole('list', { name: 'Notifications list' }).getByRole('listitem');
  }

  async search(text: string) {
    await this.page.getByRole('combobox', { name: 'Search transactions and contacts' }).fill(text);
    return this.page.getByRole('listbox', { name: 'Search results' });
  }

  async openUserMenu() {
    await this.page.getByRole('button', { name: /^Account menu for/ }).click();
    return this.page.getByRole('menu');
  }

  async signOut() {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  }

  toast(text: string | RegExp) {
    return this.page.locator('.toaster').getByText(text);
  }
}
