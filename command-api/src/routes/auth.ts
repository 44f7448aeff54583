import {
  CUSTOMER_FIELD_MESSAGES,
  TWO_FACTOR_MESSAGES,
  recoveryCodesReply,
  registeredAnswer,
  registrationNotOpenedAnswer,
  sessionAnswer,
  sessionRefreshedAnswer,
  signInAnswer,
  signedInSessionsAnswer,
  signedOutOthersAnswer,
  steppedUpAnswer,
  successWithoutData,
  twoFactorConfirmedAnswer,
  twoFactorDisabledAnswer,
  twoFactorSetupAnswer,
  twoFactorStatusAnswer,
} from '@bank/contracts';
import {
  accountNumberText,
  ApiError,
  clientOf,
  notFound,
  ok,
  requireCustomer,
  requireStepUp,
  verbatimText,
  whenMissing,
} from '@bank/infra';
import { readModelsNamed, readUser } from '@bank/projections';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeDevice } from '../domain/customer/totp.ts';
import {
  changePassword,
  completeTwoFactorLogin,
  login,
  requestPasswordReset,
  checkResetLink,
  RESET_LINK_REFUSED,
  resetPassword,
  stepUpSession,
  type OpenedSession,
  type SignIn,
} from '../services/auth.ts';
import type { CommandContext } from '../services/context.ts';
import { deviceCookie, deviceTokenOf } from '../services/trusted-devices.ts';
import {
  authenticatorDigits,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from '../services/two-factor.ts';
import { AlreadyRegistered, registerCustomer } from '../services/registration.ts';
import { commandMetadata, markConsistency, waitForOwnWrite } from './command-reply.ts';
import { changePasswordBody, loginBody, password, registrationBody } from './schemas.ts';

/** What the signed-up user's answer reads. */
const USER_READS = readModelsNamed('customers');

export const REGISTRATION_NOT_OPENED =
  'We could not open a new account with these details. If you already bank with us, please sign ' +
  'in with your account number or reset your password. Otherwise, check your email address and ' +
  'phone number and try again.';
const NOT_OPENED_DATA = {
  user: null,
  token: null,
  next_steps: ['sign_in' as const, 'reset_password' as const],
};

const code = verbatimText(
  z
    .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
    .trim()
    .min(1, TWO_FACTOR_MESSAGES.codeRequired)
    .max(32, 'The code is not correct.'),
);
const twoFactorLoginBody = z.object({
  challenge_token: z.string().min(20).max(100),
  code,
});
const stepUpBody = z
  .object({
    password: verbatimText(z.string().max(128)).optional(),
    code: z
      .string()
      .trim()
      .refine((v) => authenticatorDigits(v) !== undefined, TWO_FACTOR_MESSAGES.enterAppCode)
      .optional(),
  })
  .refine((b) => b.password || b.code, {
    message: 'Please enter your password or an authenticator code.',
    path: ['password'],
  });

/** Sign-in, registration, sign-out and passwords. */
export const authRoutes: FastifyPluginAsyncZod<{
  ctx: CommandContext;
  rateLimit?: object;
  /** The customer's writes limit, counted here per session for the routes that protect them. */
  protectiveRateLimit?: object;
}> = async (app, { ctx, rateLimit, protectiveRateLimit }) => {
  const limited = rateLimit ? { config: { rateLimit } } : {};
  // Signing out, signing other sessions out and changing the password are how a customer takes
  // their account back from someone holding one of its sessions: counted per session, never by
  // the customer's shared count, which that someone's session could use up.
  const perSession = protectiveRateLimit
    ? {
        config: {
          rateLimit: {
            ...protectiveRateLimit,
            keyGenerator: (request: FastifyRequest) =>
              `session:${request.sessionHash?.toString('hex') ?? request.ip}`,
          },
        },
      }
    : {};

  const answerSession = async (reply: FastifyReply, session: OpenedSession) => {
    const user = await readUser(ctx.pool, session.customerId);
    if (!user)
      throw new ApiError(503, 'Your account is still being set up. Please try again in a moment.');
    reply.header(
      'set-cookie',
      deviceCookie(session.deviceToken, reply.request.protocol === 'https'),
    );
    return ok(
      { user, token: session.token, expires_at: session.expiresAt.toISOString() },
      'Login successful',
    );
  };

  const answerSignIn = async (reply: FastifyReply, signIn: SignIn) => {
    if (signIn.kind === 'two_factor') {
      return ok(
        {
          user: null,
          token: null,
          two_factor_required: true as const,
          challenge_token: signIn.challengeToken,
          expires_at: signIn.expiresAt.toISOString(),
        },
        TWO_FACTOR_MESSAGES.enterAppCode,
      );
    }
    return answerSession(reply, signIn);
  };

  app.post(
    '/login',
    { schema: { body: loginBody, response: { 200: signInAnswer } }, ...limited },
    async (request, reply) =>
      answerSignIn(
        reply,
        await login(
          ctx,
          request.body.account_number,
          request.body.password,
          describeDevice(request.headers['user-agent']),
          { deviceToken: deviceTokenOf(request.headers.cookie), client: clientOf(request.ip) },
          commandMetadata(request, 'anonymous'),
        ),
      ),
  );

  app.post(
    '/login/two-factor',
    { schema: { body: twoFactorLoginBody, response: { 200: sessionAnswer } }, ...limited },
    async (request, reply) =>
      answerSession(
        reply,
        await completeTwoFactorLogin(
          ctx,
          request.body.challenge_token,
          request.body.code,
          describeDevice(request.headers['user-agent']),
          deviceTokenOf(request.headers.cookie),
          commandMetadata(request, 'anonymous'),
        ),
      ),
  );

  app.post(
    '/register',
    {
      schema: {
        body: registrationBody,
        response: { 200: registrationNotOpenedAnswer, 201: registeredAnswer },
      },
      ...limited,
    },
    async (request, reply) => {
      const outcome = await registerCustomer(
        ctx,
        request.body,
        commandMetadata(request, 'anonymous'),
        {
          hashingTurn: { client: clientOf(request.ip), trusted: false },
        },
      ).catch((error: unknown) => {
        if (error instanceof AlreadyRegistered) return undefined;
        throw error;
      });
      // Neither "taken" nor which field: the visitor learns what to do, not who banks here.
      if (!outcome) return reply.send(ok(NOT_OPENED_DATA, REGISTRATION_NOT_OPENED));
      const session = await ctx.sessions.create(
        outcome.result.customerId,
        describeDevice(request.headers['user-agent']),
      );
      markConsistency(reply, outcome);
      await waitForOwnWrite(ctx.pool, outcome.appended?.position, USER_READS);
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
            account_number: accountNumberText.optional(),
            email: z
              .string()
              .trim()
              .max(255)
              .pipe(z.email(CUSTOMER_FIELD_MESSAGES.email))
              .optional(),
          })
          .refine((b) => b.account_number || b.email, {
            message: 'Please enter your account number or email.',
            path: ['account_number'],
          }),
        response: { 200: successWithoutData },
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

  // A link cut off or mistyped is told what an unknown one is: its length means nothing to a customer.
  const resetToken = z.string().min(10, RESET_LINK_REFUSED).max(200, RESET_LINK_REFUSED);

  // Whether a reset link still opens, asked when the page opens: a dead link is known before a
  // new password is typed. A token is a 256-bit secret, so the answer tells a guesser nothing.
  app.post(
    '/reset-password/check',
    {
      schema: {
        body: z.object({ token: resetToken }),
        response: { 200: successWithoutData },
      },
      ...limited,
    },
    async (request) => {
      await checkResetLink(ctx, request.body.token);
      return ok(null, 'This reset link can be used.');
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        body: z
          .object({
            token: resetToken,
            password,
            password_confirmation: verbatimText(z.string()),
          })
          .refine((b) => b.password === b.password_confirmation, {
            message: CUSTOMER_FIELD_MESSAGES.passwordsDiffer,
            path: ['password_confirmation'],
          }),
        response: { 200: successWithoutData },
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

    signedIn.post(
      '/logout',
      { schema: { response: { 200: successWithoutData } }, ...perSession },
      async (request) => {
        if (request.sessionHash) await ctx.sessions.revoke(request.sessionHash);
        return ok(null, 'Logged out successfully');
      },
    );

    signedIn.post(
      '/session/refresh',
      { schema: { response: { 200: sessionRefreshedAnswer } } },
      async (request) => {
        const expiresAt = await ctx.sessions.refresh(request.sessionHash!);
        return ok({ expires_at: expiresAt.toISOString() }, 'Session extended');
      },
    );

    signedIn.get(
      '/sessions',
      { schema: { response: { 200: signedInSessionsAnswer } } },
      async (request) => {
        const live = await ctx.sessions.listLive(request.customerId);
        const isCurrent = (hash: Buffer) => request.sessionHash?.equals(hash) === true;
        const sessions = live
          .map((s) => ({
            id: s.id,
            device: s.device,
            signed_in_at: s.signedInAt.toISOString(),
            last_active_at: s.lastSeenAt?.toISOString() ?? null,
            current: isCurrent(s.tokenHash),
          }))
          // The asking session first; the store gives the rest newest first.
          .sort((a, b) => Number(b.current) - Number(a.current));
        return ok({ sessions }, 'Your signed-in sessions');
      },
    );

    // Protective, so no step-up: at worst someone in a session signs the others out, and the
    // customer signs in again (and changes the password, which ends every other session too).
    signedIn.post(
      '/sessions/sign-out-others',
      { schema: { response: { 200: signedOutOthersAnswer } }, ...perSession },
      async (request) => {
        const signedOut = await ctx.sessions.revokeOthers(request.customerId, request.sessionHash);
        return ok(
          { signed_out: signedOut },
          signedOut === 0
            ? 'You were not signed in anywhere else.'
            : `Signed out of ${signedOut} other ${signedOut === 1 ? 'session' : 'sessions'}.`,
        );
      },
    );

    // Protective too: the session asking cannot sign itself out here (that is Log Out).
    signedIn.post(
      '/sessions/:id/sign-out',
      {
        schema: {
          params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
          response: { 200: successWithoutData },
        },
        ...perSession,
      },
      async (request) => {
        if (
          !(await ctx.sessions.revokeOne(
            request.customerId,
            request.params.id,
            request.sessionHash,
          ))
        ) {
          throw notFound();
        }
        return ok(null, 'Signed out of that session.');
      },
    );

    signedIn.post(
      '/change-password',
      {
        schema: { body: changePasswordBody, response: { 200: successWithoutData } },
        ...perSession,
      },
      // No step-up: the current password the form asks for is that proof (counted towards the
      // sign-in lockout like any password), and asking for it twice confused customers.
      async (request, reply) => {
        const outcome = await changePassword(
          ctx,
          request.customerId,
          request.sessionHash,
          request.body.current_password,
          request.body.new_password,
          deviceTokenOf(request.headers.cookie),
          commandMetadata(request),
        );
        markConsistency(reply, outcome);
        return reply.send(ok(null, 'Password changed successfully'));
      },
    );

    signedIn.post(
      '/step-up',
      { schema: { body: stepUpBody, response: { 200: steppedUpAnswer } }, ...limited },
      async (request) => {
        const steppedUpAt = await stepUpSession(
          ctx,
          request.customerId,
          request.sessionHash!,
          { password: request.body.password, code: request.body.code },
          deviceTokenOf(request.headers.cookie),
          commandMetadata(request),
        );
        return ok({ stepped_up_at: steppedUpAt.toISOString() }, 'Thank you. You can continue.');
      },
    );

    signedIn.get(
      '/two-factor',
      { schema: { response: { 200: twoFactorStatusAnswer } } },
      async (request) =>
        ok(await twoFactorStatus(ctx, request.customerId), 'Two-factor sign-in status'),
    );

    signedIn.post(
      '/two-factor/setup',
      { schema: { response: { 200: twoFactorSetupAnswer } } },
      async (request) => {
        // Turning two-factor on decides who can sign in next: a session left open must not.
        requireStepUp(request);
        return ok(
          await startTwoFactorSetup(ctx, request.customerId),
          'Scan the QR code with your authenticator app, then enter the code it shows.',
        );
      },
    );

    signedIn.post(
      '/two-factor/confirm',
      {
        schema: { body: z.object({ code }), response: { 200: twoFactorConfirmedAnswer } },
        ...limited,
      },
      async (request, reply) => {
        requireStepUp(request);
        const { outcome, recoveryCodes } = await confirmTwoFactorSetup(
          ctx,
          request.customerId,
          request.body.code,
          commandMetadata(request),
        );
        markConsistency(reply, outcome);
        return reply.send(
          ok(
            { enabled: true as const, recovery_codes: recoveryCodes },
            'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
          ),
        );
      },
    );

    signedIn.post(
      '/two-factor/recovery-codes',
      {
        schema: { body: z.object({}).nullish(), response: { 200: recoveryCodesReply } },
        ...limited,
      },
      async (request, reply) => {
        requireStepUp(request);
        const { outcome, recoveryCodes } = await regenerateRecoveryCodes(
          ctx,
          request.customerId,
          commandMetadata(request),
        );
        markConsistency(reply, outcome);
        return reply.send(
          ok(
            { recovery_codes: recoveryCodes },
            'New recovery codes are ready. Your old codes no longer work.',
          ),
        );
      },
    );

    signedIn.post(
      '/two-factor/disable',
      {
        schema: {
          body: z.object({
            password: verbatimText(
              z
                .string({ error: whenMissing(TWO_FACTOR_MESSAGES.passwordRequired) })
                .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
                .max(128),
            ),
          }),
          response: { 200: twoFactorDisabledAnswer },
        },
        ...limited,
      },
      async (request, reply) => {
        requireStepUp(request);
        const outcome = await disableTwoFactor(
          ctx,
          request.customerId,
          request.body.password,
          deviceTokenOf(request.headers.cookie),
          commandMetadata(request),
        );
        markConsistency(reply, outcome);
        return reply.send(ok({ enabled: false as const }, 'Two-factor sign-in is off.'));
      },
    );
  });
};
