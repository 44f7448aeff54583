import type { Page } from 'playwright-core';

/** The public site: header with drop-down menus, mobile menu, footer. */
export class PublicSite {
  constructor(readonly page: Page) {}

  async goto(path: string) {
    await this.page.goto(path);
    // A pre-rendered page is replaced by the app's render of the same markup: elements found
    // before that would be detached under the test.
    await this.page.waitForFunction(
      () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
    );
    await this.page.getByRole('main').waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  header() {
    return this.page.locator('header.site-header');
  }

  async openMenu(label: string) {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: label })
      .click();
  }

  async openMobileMenu() {
    await this.page.getByRole('button', { name: 'Open menu' }).click();
    return this.page.getByRole('dialog', { name: 'Menu' });
  }

  async scrollBy(y: number) {
    await this.page.mouse.wheel(0, y);
    await this.page.waitForFunction((min) => window.scrollY > min, y - 5);
  }
}
