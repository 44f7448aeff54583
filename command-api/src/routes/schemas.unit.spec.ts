import { describe, expect, it } from 'vitest';
import { dateOfBirth, profileBody, registrationBody } from './schemas.ts';

const problems = (text: string) => {
  const parsed = dateOfBirth.safeParse(text);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('a date of birth', () => {
  it('is told once what is wrong with a date that is wrong in several ways', () => {
    const invalid = 'The date of birth must be a valid date (YYYY-MM-DD).';
    for (const text of ['1800-02-30', '2030-02-30', '1899-12-31', '2001-13-01']) {
      expect(problems(text), text).toEqual([invalid]);
    }
  });

  it('takes a real day of an adult, and refuses a minor with its own reason', () => {
    expect(problems('1980-02-29')).toEqual([]);
    const minor = problems(`${new Date().getUTCFullYear() - 10}-06-15`);
    expect(minor).toHaveLength(1);
    expect(minor[0]).not.toBe('The date of birth must be a valid date (YYYY-MM-DD).');
  });
});

describe('a field wrong at its first check', () => {
  const errorsOf = (schema: typeof profileBody | typeof registrationBody, body: object) => {
    const parsed = schema.safeParse(body);
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      (errors[issue.path.join('.')] ??= []).push(issue.message);
    }
    return errors;
  };

  it('is told that one thing, not the checks after it too', () => {
    const required = 'Please fill in all required fields.';
    const notADate = 'The date of birth must be a valid date (YYYY-MM-DD).';
    const cases: [object, Record<string, string[]>][] = [
      [{ date_of_birth: '' }, { date_of_birth: [required] }],
      [{ date_of_birth: 'abc' }, { date_of_birth: [notADate] }],
      [{ date_of_birth: '10000-01-01' }, { date_of_birth: [notADate] }],
      [{ phone: ' ' }, { phone: [required] }],
      [
        { phone: '1'.repeat(30) },
        { phone: ['The phone field must not be greater than 20 characters.'] },
      ],
      [{ zip_code: '' }, { zip_code: [required] }],
    ];
    for (const [body, errors] of cases) {
      expect(errorsOf(profileBody, body), JSON.stringify(body)).toEqual(errors);
      const registration = errorsOf(registrationBody, body);
      const [field] = Object.keys(errors);
      expect(registration[field!], JSON.stringify(body)).toEqual(errors[field!]);
    }
  });
});
