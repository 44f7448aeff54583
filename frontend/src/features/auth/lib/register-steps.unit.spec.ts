import { describe, expect, it } from 'vitest';
import { emptyRegisterForm, toRegisterPayload, type RegisterForm } from '../api/register';
import { checkStep, dateOfBirthProblem } from './register-steps';

const step1: RegisterForm = {
  ...emptyRegisterForm,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  password_confirmation: 'correct-horse',
};

const step2: RegisterForm = {
  ...step1,
  phone: '555-010-2000',
  date_of_birth: '1990-04-01',
  address: '12 Elm St',
  city: 'Harborview',
  state: 'CO',
  zip_code: '80951',
};

describe('registration steps', () => {
  it('asks for every required field of step 1', () => {
    const result = checkStep(1, { ...step1, email: ' ' });
    expect(result).toEqual({
      ok: false,
      message: 'Please fill in all required fields.',
      fields: ['email'],
      problems: [{ field: 'email', message: 'Please enter your email address.' }],
    });
  });

  it('names each empty field, the way sign-in does, under the summary', () => {
    const step1Empty = checkStep(1, emptyRegisterForm);
    expect(step1Empty).toMatchObject({ message: 'Please fill in all required fields.' });
    expect(step1Empty.ok ? [] : step1Empty.problems).toEqual([
      { field: 'name', message: 'Please enter your full name.' },
      { field: 'email', message: 'Please enter your email address.' },
      { field: 'password', message: 'Please enter a password.' },
      { field: 'password_confirmation', message: 'Please confirm your password.' },
    ]);
    const step2Empty = checkStep(2, step1);
    expect(step2Empty).toMatchObject({ message: 'Please fill in all required fields.' });
    expect(step2Empty.ok ? [] : step2Empty.problems).toEqual([
      { field: 'phone', message: 'Please enter your phone number.' },
      { field: 'date_of_birth', message: 'Please enter your date of birth.' },
      { field: 'address', message: 'Please enter your street address.' },
      { field: 'city', message: 'Please enter your city.' },
      { field: 'state', message: 'Please enter your state.' },
      { field: 'zip_code', message: 'Please enter your ZIP code.' },
    ]);
  });

  it('reports every problem of a step at once, each on its field', () => {
    const result = checkStep(1, {
      ...step1,
      name: '',
      email: 'dana@bad',
      password: 'short',
      password_confirmation: 'shorter',
    });
    expect(result).toEqual({
      ok: false,
      message: 'Please fill in all required fields.',
      fields: ['name', 'email', 'password', 'password_confirmation'],
      problems: [
        { field: 'name', message: 'Please enter your full name.' },
        { field: 'email', message: 'The email must be a valid email address.' },
        { field: 'password', message: 'Password must be at least 8 characters long.' },
        { field: 'password_confirmation', message: 'Passwords do not match.' },
      ],
    });
    // Empty fields beside bad ones on step 2: the bad ones are named too, in the form's order.
    expect(
      checkStep(2, {
        ...step2,
        address: '',
        phone: '12',
        date_of_birth: '2015-01-01',
        zip_code: 'abc',
      }),
    ).toMatchObject({ fields: ['phone', 'date_of_birth', 'address', 'zip_code'] });
    // Filled in but wrong: the summary points at the fields, which say what is wrong.
    expect(
      checkStep(1, { ...step1, email: 'dana@bad', password_confirmation: 'something-else' }),
    ).toMatchObject({ message: 'Please correct the fields marked below.' });
  });

  it('refuses passwords that differ', () => {
    expect(checkStep(1, { ...step1, password_confirmation: 'something-else' })).toMatchObject({
      ok: false,
      problems: [{ field: 'password_confirmation', message: 'Passwords do not match.' }],
    });
  });

  it('refuses passwords shorter than 8 characters', () => {
    expect(
      checkStep(1, { ...step1, password: 'short', password_confirmation: 'short' }),
    ).toMatchObject({
      ok: false,
      problems: [{ field: 'password', message: 'Password must be at least 8 characters long.' }],
    });
    expect(
      checkStep(1, { ...step1, password: '12345678', password_confirmation: '12345678' }),
    ).toEqual({ ok: true });
  });

  it('asks for phone, birth date and address on step 2 but not for the optional fields', () => {
    expect(checkStep(2, { ...step2, city: '' })).toEqual({
      ok: false,
      message: 'Please fill in all required fields.',
      fields: ['city'],
      problems: [{ field: 'city', message: 'Please enter your city.' }],
    });
    expect(checkStep(2, step2)).toEqual({ ok: true });
  });

  it('checks email, phone, birth date and ZIP formats on the step that asks for them', () => {
    expect(checkStep(1, { ...step1, email: 'ada-at-example' })).toMatchObject({
      ok: false,
      problems: [{ field: 'email', message: 'The email must be a valid email address.' }],
    });
    expect(
      checkStep(2, { ...step2, phone: '12', zip_code: '8095', date_of_birth: '1990-02-30' }),
    ).toMatchObject({
      ok: false,
      fields: ['phone', 'date_of_birth', 'zip_code'],
    });
    expect(checkStep(2, { ...step2, zip_code: '80951-1234' })).toEqual({ ok: true });
  });

  it('checks an SSN on step 2 when one is given, in the words the server uses', () => {
    // Numbers the Social Security Administration never issues.
    const neverIssued = [
      '000-00-0000',
      '000-12-3456',
      '666-12-3456',
      '912-34-5678',
      '123-00-4567',
      '123-45-0000',
    ];
    for (const ssn of ['123', '123-45-678', '12-345-6789', 'abc-de-fghi', ...neverIssued]) {
      expect(checkStep(2, { ...step2, city: '', ssn })).toEqual({
        ok: false,
        message: 'Please fill in all required fields.',
        fields: ['city', 'ssn'],
        problems: [
          { field: 'city', message: 'Please enter your city.' },
          {
            field: 'ssn',
            message: 'Enter a valid 9-digit Social Security number (123-45-6789).',
          },
        ],
      });
    }
    for (const ssn of ['', '  ', '123-45-6789', '123456789', ' 123-456789 ', '899-01-0001']) {
      expect(checkStep(2, { ...step2, ssn })).toEqual({ ok: true });
    }
  });

  it('checks the annual income on step 2 with the server’s words, not after the review', () => {
    const refused: [string, string][] = [
      ['-5', 'The annual income must be at least 0.'],
      ['-0.5', 'The annual income must be a whole number.'],
      ['52000.5', 'The annual income must be a whole number.'],
      ['1000000001', 'The annual income must not be greater than 1000000000.'],
    ];
    for (const [annual_income, message] of refused) {
      expect(checkStep(2, { ...step2, annual_income }), annual_income).toEqual({
        ok: false,
        message: 'Please correct the fields marked below.',
        fields: ['annual_income'],
        problems: [{ field: 'annual_income', message }],
      });
    }
    for (const annual_income of ['', ' ', '0', '52000', '1000000000']) {
      expect(checkStep(2, { ...step2, annual_income }), annual_income).toEqual({ ok: true });
    }
  });

  it('refuses a birth date less than 18 years ago', () => {
    expect(dateOfBirthProblem('2008-06-02', new Date('2026-06-01T12:00:00Z'))).toBe(
      'You must be at least 18 years old to open an account.',
    );
    expect(dateOfBirthProblem('2008-06-01', new Date('2026-06-01T12:00:00Z'))).toBeNull();
  });

  it('requires the terms checkbox before submitting', () => {
    expect(checkStep(3, step2)).toMatchObject({ ok: false, fields: ['terms'] });
    expect(checkStep(3, { ...step2, terms: true })).toEqual({ ok: true });
  });

  it('sends income as a number and leaves out empty optional fields', () => {
    const payload = toRegisterPayload({ ...step2, terms: true, annual_income: '52000' });
    expect(payload).toMatchObject({ name: 'Ada Lovelace', annual_income: 52000 });
    expect(payload).not.toHaveProperty('ssn');
    expect(payload).not.toHaveProperty('employment_status');
    expect(payload).not.toHaveProperty('terms');
  });
});
