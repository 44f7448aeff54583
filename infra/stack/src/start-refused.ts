/** The bank will not start as things stand; the message says why and what to do. */
export class StartRefused extends Error {}

/** Stops what already started (in reverse order), then fails the start with the error. */
export async function failStart(stoppers: (() => Promise<void>)[], error: unknown): Promise<never> {
  for (const stop of [...stoppers].reverse()) await stop().catch(() => {});
  throw error;
}
