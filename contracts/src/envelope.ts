import { z } from 'zod';

/** The answer of a call that succeeded, with the call's own data. */
export function successOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), message: z.string(), data });
}

/** The answer of a call that failed: never a stack trace. */
export const errorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  code: z.string().optional(),
});

/** The answer of a call that succeeded and has nothing to add to its message. */
export const successWithoutData = successOf(z.null());
