import { streams } from '@bank/events';
import type { EventMetadata } from '@bank/infra';
import { contactRequestAggregate, decideContactRequestHandled } from '../domain/contact-request.ts';
import { toApiError } from './cards.ts';
import type { CommandContext } from './context.ts';

/**
 * Staff mark a contact request handled: it leaves the open queue of GET /ops/contact-requests.
 * Answers when it was handled, the first time when it already was.
 */
export async function markContactRequestHandled(
  ctx: CommandContext,
  requestId: string,
  metadata: EventMetadata,
) {
  try {
    return await ctx.bus.execute(metadata, async (uow) => {
      const stream = streams.contactRequest(requestId);
      const request = await uow.load(stream, contactRequestAggregate);
      const handledAt = new Date().toISOString();
      const handled = decideContactRequestHandled(request.state, { requestId, handledAt });
      uow.append(stream, handled);
      return { handledAt: request.state.handledAt ?? handledAt, already: handled.length === 0 };
    });
  } catch (error) {
    throw toApiError(error);
  }
}
