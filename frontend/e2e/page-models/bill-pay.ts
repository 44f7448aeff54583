import type { Page } from 'playwright-core';
import { dialog, toast } from './banking';

/** Bill Pay's Pay Bills tab: scheduling a payment and its Upcoming Payments with their controls. */
export class BillPayPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/bill-pay');
    await this.page.getByRole('heading', { name: 'Quick Pay' }).waitFor();
  }

  /** Schedules a payment through Schedule Payment, its review and its confirmation. */
  async schedule(payee: string, amount: string, date: string, frequency?: string) {
    const review = await this.review(payee, amount, date, frequency);
    await review.getByRole('button', { name: 'Confirm Payment' }).click();
    await this.scheduled();
  }

  /** Fills Schedule Payment and goes on to its review: the Confirm Payment dialog. */
  async review(payee: string, amount: string, date: string, frequency?: string) {
    await this.page.getByRole('button', { name: 'Schedule Payment' }).click();
    const form = dialog(this.page, 'Schedule Payment');
    await form.getByLabel('Payee').selectOption({ label: payee });
    await form.getByLabel('Amount').fill(amount);
    await form.getByLabel('Payment Date').fill(date);
    if (frequency) {
      await form.getByLabel('Make this a recurring payment').check();
      await form.getByLabel('Frequency').selectOption(frequency);
    }
    await form.getByRole('button', { name: 'Review Payment' }).click();
    return dialog(this.page, 'Confirm Payment');
  }

  /** The payment was made: its toast, then Done on its confirmation. */
  async scheduled() {
    await toast(this.page, 'Payment scheduled successfully!').waitFor();
    const done = dialog(this.page, 'Payment Confirmation');
    await done.getByRole('button', { name: 'Done' }).click();
    await done.waitFor({ state: 'detached' });
  }

  get upcoming() {
    return this.page.locator('.upcoming-row');
  }

  upcomingTo(payee: string) {
    return this.upcoming.filter({ hasText: payee });
  }

  async edit(payee: string) {
    await this.page.getByRole('button', { name: new RegExp(`^Edit payment: ${payee}`) }).click();
    return dialog(this.page, 'Edit Payment');
  }

  async cancel(payee: string) {
    await this.page.getByRole('button', { name: new RegExp(`^Cancel payment: ${payee}`) }).click();
    return this.page.getByRole('alertdialog', { name: 'Cancel scheduled payment?' });
  }

  /** A payee's card on Manage Payees. */
  payeeCard(payee: string) {
    return this.page.locator('.payee-card').filter({ hasText: payee });
  }

  /** Opens a payee's AutoPay form from its card on Manage Payees. */
  async autopay(payee: string) {
    await this.page.getByRole('button', { name: `AutoPay for ${payee}` }).click();
    return dialog(this.page, 'AutoPay');
  }
}
