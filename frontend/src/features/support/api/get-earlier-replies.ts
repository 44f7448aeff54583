import { earlierRepliesAnswer } from '@bank/contracts';
import { api } from '@/lib/api-client';

/** The replies of a ticket written before one of them, oldest first, checked against the contract. */
export async function getEarlierReplies(ticketId: string, before: string) {
  const { data } = await api.get<unknown>(
    `/support/tickets/${encodeURIComponent(ticketId)}/replies`,
    { query: { before } },
  );
  return earlierRepliesAnswer.shape.data.parse(data);
}
