import { signedInSessionsData, signedOutOthersData } from '@bank/contracts';
import { api } from '@/lib/api-client';

// The calls of the signed-in sessions card, parsed with the contract's schemas.

export const signedInSessionsKey = ['sessions'] as const;

export const getSignedInSessions = async (signal?: AbortSignal) =>
  signedInSessionsData.parse((await api.get<unknown>('/sessions', { signal })).data).sessions;

/** Signs every other session out; answers the server's sentence ("Signed out of 2 other sessions."). */
export const signOutOtherSessions = async () => {
  const answer = await api.post<unknown>('/sessions/sign-out-others');
  signedOutOthersData.parse(answer.data);
  return answer.message;
};

/** Signs one other session out by its id; answers the server's sentence. */
export const signOutSession = async (id: string) =>
  (await api.post<unknown>(`/sessions/${encodeURIComponent(id)}/sign-out`)).message;
