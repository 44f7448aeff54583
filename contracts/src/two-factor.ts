import { z } from 'zod';
import { successOf } from './envelope.ts';

/** New recovery codes, shown this once: every earlier code stops working. */
export const recoveryCodesReply = successOf(z.object({ recovery_codes: z.array(z.string()) }));
