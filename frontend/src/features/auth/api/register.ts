import { registrationData } from '@bank/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { Session } from '@/lib/auth';

export const EMPLOYMENT_STATUSES = [
  { value: 'employed', label: 'Employed' },
  { value: 'self-employed', label: 'Self-employed' },
  { value: 'unemployed', label: 'Unemployed' },
  { value: 'retired', label: 'Retired' },
  { value: 'student', label: 'Student' },
] as const;

/** The registration payload; the step checks with their exact messages are in lib/register-steps. */
export const registerSchema = z.object({
  name: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
  phone: z.string(),
  date_of_birth: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  ssn: z.string().max(11, 'The ssn field must not be greater than 11 characters.'),
  employment_status: z.union([
    z.enum(['employed', 'self-employed', 'unemployed', 'retired', 'student']),
    z.literal(''),
  ]),
  annual_income: z.string(),
  terms: z.boolean(),
});

export type RegisterForm = z.infer<typeof registerSchema>;

export const emptyRegisterForm: RegisterForm = {
  name: '',
  email: '',
  password: '',
  password_confirmation: '',
  phone: '',
  date_of_birth: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  ssn: '',
  employment_status: '',
  annual_income: '',
  terms: false,
};

/** Optional fields are left out when empty; income is sent as a number. */
export function toRegisterPayload(form: RegisterForm) {
  const { terms: _terms, ssn, employment_status, annual_income, ...required } = form;
  return {
    ...required,
    name: required.name.trim(),
    email: required.email.trim(),
    ...(ssn.trim() ? { ssn: ssn.trim() } : {}),
    ...(employment_status ? { employment_status } : {}),
    ...(annual_income !== '' ? { annual_income: Number(annual_income) } : {}),
  };
}

/**
 * A new account and its session, or, when the details belong to someone already, no account and
 * the server's message on what to do (it never says which detail, nor that one exists).
 */
export type RegisterOutcome =
  { opened: true; session: Session } | { opened: false; message: string };

export async function register(form: RegisterForm): Promise<RegisterOutcome> {
  const answer = await api.post<unknown>('/register', toRegisterPayload(form), {
    skipUnauthorizedHandler: true,
  });
  const data = registrationData.parse(answer.data);
  return data.token === null
    ? { opened: false, message: answer.message }
    : { opened: true, session: data };
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
