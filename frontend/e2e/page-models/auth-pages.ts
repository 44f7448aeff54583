import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/login');
    await this.accountNumber().waitFor();
    // The pre-rendered form's fields are disabled until the app has taken over: keys pressed
    // before then (pressSequentially waits for no enabled field) are lost.
    await this.page.waitForFunction(
      () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
    );
  }

  accountNumber() {
    return this.page.getByRole('textbox', { name: 'Account number' });
  }

  password() {
    return this.page.getByLabel('Password', { exact: true });
  }

  /** The remembered account number, shown masked in place of the field. */
  rememberedAccount() {
    return this.page.getByRole('group', { name: 'Account number' });
  }

  useAnotherAccount() {
    return this.page.getByRole('button', { name: 'Use another account' });
  }

  rememberMe() {
    return this.page.getByRole('checkbox', { name: 'Remember my account number' });
  }

  async signIn(accountNumber: string, password: string) {
    await this.accountNumber().fill(accountNumber);
    await this.password().fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  error() {
    return this.page.getByRole('alert').first();
  }
}

export type Registration = {
  name: string;
  email: string;
  password: string;
  phone: string;
  date_of_birth: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
};

export class RegisterPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/register');
    await this.page.getByRole('heading', { name: 'Account Information' }).waitFor();
  }

  next() {
    return this.page.getByRole('button', { name: 'Next' }).click();
  }

  async fillAccountInformation(
    r: Pick<Registration, 'name' | 'email' | 'password'>,
    confirmation = r.password,
  ) {
    await this.page.getByLabel('Full name').fill(r.name);
    await this.page.getByLabel('Email address').fill(r.email);
    await this.page.getByLabel('Password', { exact: true }).fill(r.password);
    await this.page.getByLabel('Confirm password').fill(confirmation);
  }

  async fillPersonalDetails(r: Registration) {
    await this.page.getByLabel('Phone number').fill(r.phone);
    await this.page.getByLabel('Date of birth').fill(r.date_of_birth);
    await this.page.getByLabel('Street address').fill(r.address);
    await this.page.getByLabel('City').fill(r.city);
    await this.page.getByLabel('State').fill(r.state);
    await this.page.getByLabel('ZIP code').fill(r.zip_code);
  }

  async acceptTermsAndSubmit() {
    await this.page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await this.page.getByRole('button', { name: 'Create Account' }).click();
  }

  heading(name: 'Account Information' | 'Personal Details' | 'Review & Submit') {
    return this.page.getByRole('heading', { name });
  }

  terms() {
    return this.page.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
  }

  previous() {
    return this.page.getByRole('button', { name: 'Previous' }).click();
  }

  newAccountNumber() {
    return this.page.getByTestId('new-account-number');
  }

  copyAccountNumber() {
    return this.page.getByRole('button', { name: 'Copy account number' });
  }

  continueToDashboard() {
    return this.page.getByRole('button', { name: 'Continue to dashboard' });
  }
}
