import { ApiError, ok, requireCustomer, verbatimText } from '@bank/infra';
import { readUser } from '@bank/projections';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePassword, login, requestPasswordReset, resetPassword } from '../services/auth.ts';
import type { CommandContext } from '../services/context.ts';
import { AlreadyRegistered, registerCustomer } from '../services/registration.ts';
import { commandMetadata, markConsistency, waitForOwnWrite } from './command-reply.ts';
import { changePasswordBody, loginBody, password, registrationBody } from './schemas.ts';

export const REGISTRATION_NOT_OPENED =
  'We could not open a new account with these details. If you already bank with us, please sign ' +
  'in with your account number or reset your password. Otherwise, check your email address and ' +
  'phone number and try again.';
const NOT_OPENED_DATA = { user: null, token: null, next_steps: ['sign_in', 'reset_password'] };

/** Sign-in, registration, sign-out and passwords. */
export const authRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
}> = async (app, { ctx, rateLimit }) => {
  const limited = rateLimit ? { config: { rateLimit } } : {};

  app.post('/login', { schema: { body: loginBody }, ...limited }, async (request) => {
    const session = await login(
      ctx,
      request.body.account_number,
      request.body.password,
      commandMetadata(request, 'anonymous'),
    );
    const user = await readUser(ctx.pool, session.customerId);
    if (!user)
      throw new ApiError(503, 'Your account is still being set up. Please try again in a moment.');
    return ok(
      { user, token: session.token, expires_at: session.expiresAt.toISOString() },
      'Login successful',
    );
  });

  app.post(
    '/register',
    { schema: { body: registrationBody }, ...limited },
    async (request, reply) => {
      const outcome = await registerCustomer(
        ctx,
        request.body,
        commandMetadata(request, 'anonymous'),
      ).catch((error: unknown) => {
        if (error instanceof AlreadyRegistered) return undefined;
        throw error;
      });
      // Neither "taken" nor which field: the visitor learns what to do, not who banks here.
      if (!outcome) return reply.send(ok(NOT_OPENED_DATA, REGISTRATION_NOT_OPENED));
      const session = await ctx.sessions.create(outcome.result.customerId);
      markConsistency(reply, outcome);
      await waitForOwnWrite(ctx.pool, outcome.appended?.position);
      const user = (await readUser(ctx.pool, outcome.result.customerId)) ?? {
        id: outcome.result.customerId,
        name: request.body.name,
        email: request.body.email,
        account_number: outcome.result.accountNumber,
        profileImage: null,
      };
      return reply
        .code(201)
        .send(
          ok(
            { user, token: session.token, expires_at: session.expiresAt.toISOString() },
            `Registration successful. Your account number is ${outcome.result.accountNumber}.`,
          ),
        );
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        body: z
          .object({
            account_number: z
              .string()
              .trim()
              .regex(/^\d{12}$/, 'The account number must be exactly 12 digits.')
              .optional(),
            email: z
              .string()
              .trim()
              .max(255)
              .pipe(z.email('The email must be a valid email address.'))
              .optional(),
          })
          .refine((b) => b.account_number || b.email, {
            message: 'Please enter your account number or email.',
            path: ['account_number'],
          }),
      },
      ...limited,
    },
    async (request) => {
      await requestPasswordReset(ctx, {
        accountNumber: request.body.account_number,
        email: request.body.email,
      });
      return ok(null, 'If the details match an account, a password reset link has been sent.');
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        body: z
          .object({
            token: z.string().min(10).max(200),
            password,
            password_confirmation: verbatimText(z.string()),
          })
          .refine((b) => b.password === b.password_confirmation, {
            message: 'Passwords do not match.',
            path: ['password_confirmation'],
          }),
      },
      ...limited,
    },
    async (request, reply) => {
      await resetPassword(
        ctx,
        request.body.token,
        request.body.password,
        commandMetadata(request, 'anonymous'),
      );
      return reply.send(ok(null, 'Your password has been reset. You can now sign in.'));
    },
  );

  // Everything below needs a signed-in customer.
  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', requireCustomer(ctx.sessions));

    signedIn.post('/logout', async (request) => {
      if (request.sessionHash) await ctx.sessions.revoke(request.sessionHash);
      return ok(null, 'Logged out successfully');
    });

    signedIn.post('/session/refresh', async (request) => {
      const expiresAt = await ctx.sessions.refresh(request.sessionHash!);
      return ok({ expires_at: expiresAt.toISOString() }, 'Session extended');
    });

    signedIn.post(
      '/change-password',
      { schema: { body: changePasswordBody } },
      async (request, reply) => {
        const outcome = await changePassword(
          ctx,
          request.customerId,
          request.sessionHash,
          request.body.current_password,
          request.body.new_password,
          commandMetadata(request),
        );
        markConsistency(reply, outcome);
        return reply.send(ok(null, 'Password changed successfully'));
      },
    );
  });
};
