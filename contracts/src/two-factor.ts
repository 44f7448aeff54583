import { z } from 'zod';
import { successOf } from './envelope.ts';

/** The answer of GET /two-factor: whether it is on, and how many recovery codes are unused. */
export const twoFactorStatusData = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusData>;
export const twoFactorStatusAnswer = successOf(twoFactorStatusData);

/** The answer of POST /two-factor/setup: the secret waiting for a code, and its otpauth:// link. */
export const twoFactorSetupData = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupData>;
export const twoFactorSetupAnswer = successOf(twoFactorSetupData);

/** The answer of POST /two-factor/confirm: it is on, with the recovery codes, shown this once. */
export const twoFactorConfirmedData = z.object({
  enabled: z.literal(true),
  recovery_codes: z.array(z.string()),
});
export const twoFactorConfirmedAnswer = successOf(twoFactorConfirmedData);

/** The answer of POST /two-factor/disable. */
export const twoFactorDisabledData = z.object({ enabled: z.literal(false) });
export const twoFactorDisabledAnswer = successOf(twoFactorDisabledData);

/** New recovery codes, shown this once: every earlier code stops working. */
export const recoveryCodesReply = successOf(z.object({ recovery_codes: z.array(z.string()) }));
