import {
  earlierRepliesAnswer,
  earlierRepliesQuery,
  staffTicketList,
  staffTicketReply,
  supportChoices,
  ticketList,
  ticketPage,
  ticketReply,
} from '@bank/contracts';
import {
  supportCategories,
  supportCategoryKeys,
  ticketPriorities,
  ticketPriorityKeys,
  ticketStatuses,
  ticketStatusKeys,
} from '@bank/events';
import {
  fieldError,
  notFound,
  ok,
  requireCustomer,
  requireOps,
  uuidParam,
  type Pool,
  type SessionStore,
} from '@bank/infra';
import {
  earlierReplies,
  findTicket,
  findTickets,
  ticketViews,
  ticketWithReplies,
} from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cursorAfter, pageOf } from '../views/history-cursor.ts';

export const SEARCH_DEFAULT_LIMIT = 10;

/** What GET …/replies answers, on `before`, to a reply that is not one of the ticket's. */
export const NOT_THIS_TICKETS_REPLY = "The reply to read before is not one of this ticket's.";

/**
 * The replies of a ticket written before one of them (a 404 if the ticket is not found for this
 * reader, a 422 if `before` is not one of its replies).
 */
async function earlierRepliesAnswerOf(
  pool: Pool,
  ticketId: string,
  customerId: string | null,
  query: z.infer<typeof earlierRepliesQuery>,
) {
  if (!(await findTicket(pool, ticketId, customerId))) throw notFound();
  const page = await earlierReplies(pool, ticketId, query.before, query.limit);
  if (!page) throw fieldError({ before: [NOT_THIS_TICKETS_REPLY] });
  return ok(page, 'Replies retrieved successfully');
}

/** A list filter: absent, empty or "all" means no filter. */
const filter = <T extends readonly [string, ...string[]]>(keys: T, label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v))
    .pipe(z.enum(keys, { error: `The selected ${label} is invalid.` }).optional());

const listQuery = z.object({
  status: filter(ticketStatusKeys, 'status'),
  category: filter(supportCategoryKeys, 'category'),
  priority: filter(ticketPriorityKeys, 'priority'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/**
 * Ticket lists are read a page at a time: a customer may open tickets by the hundred, and must
 * not lose their oldest ones to the newest, nor push everyone else's out of staff's reach.
 */
const pagedListQuery = listQuery.extend({ cursor: z.string().max(200).optional() });

/** The names their cursors carry: a cursor of another list is refused. */
const CUSTOMER_TICKETS_CURSOR_LIST = 'support-tickets';
const STAFF_TICKETS_CURSOR_LIST = 'ops-tickets';

/** A page of the tickets matching `query`, read one more than the page to tell if more follow. */
async function ticketPageOf(
  pool: Pool,
  customerId: string | undefined,
  query: z.infer<typeof pagedListQuery>,
  list: string,
) {
  const { cursor, limit, ...filters } = query;
  const after = cursorAfter(cursor, list);
  const rows = await findTickets(pool, { ...filters, customerId, after, limit: limit + 1 });
  const { page, nextCursor } = pageOf(rows, limit, list);
  return { page, views: await ticketViews(pool, page), nextCursor };
}

const searchQuery = z.object({
  query: z.string().trim().max(100).optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(SEARCH_DEFAULT_LIMIT),
});

/** The customer's tickets: categories, list with filters, one ticket, search. */
export const supportQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  sessions: SessionStore;
}> = async (app, { pool, sessions }) => {
  app.addHook('onRequest', requireCustomer(sessions));

  app.get('/support/categories', { schema: { response: { 200: supportChoices } } }, async () =>
    ok(
      {
        categories: supportCategories,
        default_category: 'general',
        priorities: ticketPriorities,
        default_priority: 'medium',
        statuses: ticketStatuses,
      },
      'Categories retrieved successfully',
    ),
  );

  app.get(
    '/support/tickets',
    { schema: { querystring: pagedListQuery, response: { 200: ticketPage } } },
    async (request) => {
      const { views, nextCursor } = await ticketPageOf(
        pool,
        request.customerId,
        request.query,
        CUSTOMER_TICKETS_CURSOR_LIST,
      );
      return ok({ tickets: views, next_cursor: nextCursor }, 'Tickets retrieved successfully');
    },
  );

  app.get(
    '/support/tickets/:id',
    { schema: { params: uuidParam, response: { 200: ticketReply } } },
    async (request) => {
      const row = await findTicket(pool, request.params.id, request.customerId);
      if (!row) throw notFound();
      return ok({ ticket: await ticketWithReplies(pool, row) }, 'Ticket retrieved successfully');
    },
  );

  app.get(
    '/support/tickets/:id/replies',
    {
      schema: {
        summary: "Earlier replies of one of the customer's tickets, before a reply it has",
        params: uuidParam,
        querystring: earlierRepliesQuery,
        response: { 200: earlierRepliesAnswer },
      },
    },
    (request) => earlierRepliesAnswerOf(pool, request.params.id, request.customerId, request.query),
  );

  // An empty term lists the latest tickets, as the screen's search box expects.
  app.get(
    '/support/search',
    { schema: { querystring: searchQuery, response: { 200: ticketList } } },
    async (request) => {
      const term = request.query.query || request.query.q || undefined;
      const rows = await findTickets(pool, {
        customerId: request.customerId,
        search: term,
        limit: request.query.limit,
      });
      return ok({ tickets: await ticketViews(pool, rows) }, 'Search completed');
    },
  );
};

/** Staff reads under /ops (OPS_TOKEN): every customer's tickets. */
export const opsSupportQueryRoutes: FastifyPluginAsyncZod<{
  pool: Pool;
  opsToken: string;
}> = async (app, { pool, opsToken }) => {
  app.addHook('onRequest', requireOps(opsToken));

  app.get(
    '/ops/tickets',
    { schema: { querystring: pagedListQuery, response: { 200: staffTicketList } } },
    async (request) => {
      const { page, views, nextCursor } = await ticketPageOf(
        pool,
        undefined,
        request.query,
        STAFF_TICKETS_CURSOR_LIST,
      );
      return ok(
        {
          tickets: views.map((view, i) => ({
            ...view,
            customer: { id: page[i]!.customer_id, name: page[i]!.customer_name },
          })),
          next_cursor: nextCursor,
        },
        'OK',
      );
    },
  );

  app.get(
    '/ops/tickets/:id',
    { schema: { params: uuidParam, response: { 200: staffTicketReply } } },
    async (request) => {
      const row = await findTicket(pool, request.params.id, null);
      if (!row) throw notFound();
      const ticket = await ticketWithReplies(pool, row);
      return ok(
        { ticket: { ...ticket, customer: { id: row.customer_id, name: row.customer_name } } },
        'OK',
      );
    },
  );

  app.get(
    '/ops/tickets/:id/replies',
    {
      schema: {
        params: uuidParam,
        querystring: earlierRepliesQuery,
        response: { 200: earlierRepliesAnswer },
      },
    },
    (request) => earlierRepliesAnswerOf(pool, request.params.id, null, request.query),
  );
};
