// A module of its own, imported by the registration form alone among the web app's pages: the
// signed-in shell's first JavaScript carries auth-messages, and a module two lazy pages share is
// merged into a chunk the dashboard loads too (its first JavaScript is held to 150 KB gzip).

/** The longest value each of the registration and profile text fields takes. */
export const CUSTOMER_FIELD_MAX_LENGTH = {
  name: 255,
  email: 255,
  phone: 20,
  address: 255,
  city: 100,
  state: 50,
  /** 123-45-6789 */
  ssn: 11,
} as const;

/** The longest value a registration field takes, if it has a bound. */
export const customerFieldMaxLength = (field: string): number | undefined =>
  (CUSTOMER_FIELD_MAX_LENGTH as Record<string, number>)[field];
