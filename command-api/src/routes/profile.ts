import { profileUpdatedAnswer } from '@bank/contracts';
import { notificationPreferences } from '@bank/events';
import { ApiError, notFound, ok, requireCustomer, requireStepUp } from '@bank/infra';
import { readModelsNamed, readUser } from '@bank/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommandContext } from '../services/context.ts';
import { MAX_PHOTO_BODY_BYTES, storeProfileImage } from '../services/photos.ts';
import {
  changeNotificationPreferences,
  changeProfileImage,
  updateProfile,
} from '../services/profile.ts';
import { commandMetadata, markConsistency, waitForOwnWrite } from './command-reply.ts';
import { profileBody } from './schemas.ts';

/** What the user's answer reads. */
const USER_READS = readModelsNamed('customers');

/**
 * Security notices (sign-ins, password and profile changes) are how a customer learns that
 * someone else is in their account, so they cannot be switched off: false is refused rather than
 * stored and ignored.
 */
const preferencesBody = notificationPreferences
  .extend({
    security: z.literal(true, {
      message:
        'Security notices are always on: they tell you about sign-ins, password and profile changes.',
    }),
  })
  .strict();

export const NOTHING_TO_UPDATE =
  'Nothing to update: send at least one of name, email, phone, address, city, state, zip_code or date_of_birth. The photo is changed at /profile/photo.';

/**
 * A body naming none of the details (empty, or only fields the profile does not have) would be
 * answered "updated" with nothing changed: the client is told instead.
 */
function requireSomeDetail(body: Record<string, unknown>) {
  if (Object.values(body).every((value) => value === undefined)) {
    throw new ApiError(422, NOTHING_TO_UPDATE, 'VALIDATION_ERROR');
  }
}

/** Profile details, photo (PUT/DELETE /profile/photo) and notification preferences. */
export const profileRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  /** Per address: a photo is a body of up to 7 MB, read, decoded and hashed before anything. */
  uploadRateLimit?: object | undefined;
}> = async (app, { ctx, uploadRateLimit }) => {
  app.addHook('onRequest', requireCustomer(ctx.sessions));

  const answerWithUser = async (
    customerId: string,
    position: Parameters<typeof waitForOwnWrite>[1],
    message: string,
  ) => {
    await waitForOwnWrite(ctx.pool, position, USER_READS);
    const user = await readUser(ctx.pool, customerId);
    if (!user) throw notFound();
    return ok({ user }, message);
  };

  const answers = { 200: profileUpdatedAnswer };

  app.put(
    '/profile',
    { schema: { body: profileBody, response: answers } },
    async (request, reply) => {
      const b = request.body;
      requireSomeDetail(b);
      const outcome = await updateProfile(
        ctx,
        request.customerId,
        {
          name: b.name,
          email: b.email,
          phone: b.phone,
          address: b.address,
          city: b.city,
          state: b.state,
          zipCode: b.zip_code ?? b.zipCode,
          dateOfBirth: b.date_of_birth ?? b.dateOfBirth,
        },
        commandMetadata(request),
        () => requireStepUp(request),
      );
      markConsistency(reply, outcome);
      return answerWithUser(
        request.customerId,
        outcome.appended?.position,
        'Profile updated successfully!',
      );
    },
  );

  app.put(
    '/profile/photo',
    {
      // The one route whose body may exceed the server-wide limit.
      bodyLimit: MAX_PHOTO_BODY_BYTES,
      ...(uploadRateLimit ? { config: { rateLimit: uploadRateLimit } } : {}),
      schema: {
        body: z.object({ image: z.string().min(1).max(MAX_PHOTO_BODY_BYTES) }),
        response: answers,
      },
    },
    async (request, reply) => {
      const ref = await storeProfileImage(ctx, request.customerId, request.body.image);
      const outcome = await changeProfileImage(
        ctx,
        request.customerId,
        ref,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return answerWithUser(
        request.customerId,
        outcome.appended?.position,
        'Profile image updated successfully!',
      );
    },
  );

  app.delete('/profile/photo', { schema: { response: answers } }, async (request, reply) => {
    const outcome = await changeProfileImage(
      ctx,
      request.customerId,
      null,
      commandMetadata(request),
    );
    markConsistency(reply, outcome);
    return answerWithUser(
      request.customerId,
      outcome.appended?.position,
      'Profile image removed successfully!',
    );
  });

  app.put(
    '/profile/notification-preferences',
    { schema: { body: preferencesBody, response: answers } },
    async (request, reply) => {
      const outcome = await changeNotificationPreferences(
        ctx,
        request.customerId,
        request.body,
        commandMetadata(request),
      );
      markConsistency(reply, outcome);
      return answerWithUser(
        request.customerId,
        outcome.appended?.position,
        'Notification preferences saved',
      );
    },
  );
};
