import { randomUUID } from 'node:crypto';
import {
  APPOINTMENT_TIMES,
  APPOINTMENT_TYPES,
  appointmentSlotProblem,
  CUSTOMER_FIELD_MESSAGES,
  MEETING_PREFERENCES,
  MESSAGE_SUBJECTS,
  contactRequestAnswer,
} from '@bank/contracts';
import { lastSchedulableDate } from '@bank/contracts/bank-time';
import { bankDate, ContactRequestSubmitted, streams } from '@bank/events';
import { multilineText, ok } from '@bank/infra';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import { commandMetadata, markConsistency } from './command-reply.ts';
import { isCalendarDate } from './money-input.ts';

const person = {
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.string().trim().max(255).pipe(z.email(CUSTOMER_FIELD_MESSAGES.email)),
};

const appointmentBody = z
  .object({
    ...person,
    appointment_type: z.enum(APPOINTMENT_TYPES),
    preferred_date: z
      .string()
      .refine(isCalendarDate, { message: 'The preferred date must be a valid date.', abort: true })
      .refine((d) => d >= bankDate(new Date()), 'The preferred date must be today or later.')
      .refine(
        (d) => d <= lastSchedulableDate(bankDate(new Date())),
        'The preferred date can be at most one year ahead.',
      ),
    preferred_time: z.enum(APPOINTMENT_TIMES),
    meeting_preference: z.enum(MEETING_PREFERENCES),
    notes: multilineText(z.string().trim().max(2000)).optional(),
  })
  // A time already past today, or a branch closed for a meeting in person: the web form checks
  // the same rule.
  .superRefine((b, ctx) => {
    const problem = appointmentSlotProblem(
      { date: b.preferred_date, time: b.preferred_time, meeting: b.meeting_preference },
      new Date(),
    );
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

const messageBody = z.object({
  ...person,
  subject: z.enum(MESSAGE_SUBJECTS),
  message: multilineText(z.string().trim().min(1).max(5000)),
});

/** The public contact page's forms: recorded as events and shown to staff under /ops. */
export const publicRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  const limited = rateLimit ? { config: { rateLimit } } : {};
  const submit = async (
    data: Omit<
      Parameters<typeof ContactRequestSubmitted.create>[0],
      'requestId' | 'emailFingerprint'
    >,
    metadata: ReturnType<typeof commandMetadata>,
  ) => {
    const requestId = randomUUID();
    const outcome = await ctx.bus.execute(metadata, async (uow) => {
      uow.appendNew(streams.contactRequest(requestId), [
        ContactRequestSubmitted.create({
          requestId,
          ...data,
          emailFingerprint: ctx.keyring.fingerprint(data.email),
        }),
      ]);
    });
    return { requestId, outcome };
  };

  app.post(
    '/contact/appointments',
    { schema: { body: appointmentBody, response: { 201: contactRequestAnswer } }, ...limited },
    async (request, reply) => {
      const b = request.body;
      const { requestId, outcome } = await submit(
        {
          kind: 'appointment',
          firstName: b.first_name,
          lastName: b.last_name,
          email: b.email,
          subject: null,
          message: b.notes ?? null,
          appointmentType: b.appointment_type,
          preferredDate: b.preferred_date,
          preferredTime: b.preferred_time,
          meetingPreference: b.meeting_preference,
        },
        commandMetadata(request, 'visitor'),
      );
      markConsistency(reply, outcome);
      return reply
        .code(201)
        .send(
          ok(
            { request_id: requestId },
            'Your appointment request has been sent. We will confirm it by email within one business day.',
          ),
        );
    },
  );

  app.post(
    '/contact/messages',
    { schema: { body: messageBody, response: { 201: contactRequestAnswer } }, ...limited },
    async (request, reply) => {
      const b = request.body;
      const { requestId, outcome } = await submit(
        {
          kind: 'message',
          firstName: b.first_name,
          lastName: b.last_name,
          email: b.email,
          subject: b.subject,
          message: b.message,
          appointmentType: null,
          preferredDate: null,
          preferredTime: null,
          meetingPreference: null,
        },
        commandMetadata(request, 'visitor'),
      );
      markConsistency(reply, outcome);
      return reply
        .code(201)
        .send(
          ok(
            { request_id: requestId },
            'Thank you. Your message has been sent; we respond within 24 hours.',
          ),
        );
    },
  );
};
