import type { ContactKind } from '@bank/contracts';
import { useQuery } from '@tanstack/react-query';
import { CURRENT_USER_KEY, getCurrentUser } from './auth';

export type { ContactKind };

/**
 * The signed-in customer's contacts not yet proved with a one-time code, fresh from GET /user
 * (the session's copy of the user is from sign-in). Zelle payments and same-bank transfers to
 * them wait until the customer proves them; a claim refreshes every query, this one included.
 */
export function useUnverifiedContacts(): readonly ContactKind[] {
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 60_000,
  });
  return query.data?.user.unverified_contacts ?? [];
}

/** "email", "phone" or "email and phone". */
export function contactsPhrase(kinds: readonly ContactKind[]): string {
  return kinds.join(' and ');
}
