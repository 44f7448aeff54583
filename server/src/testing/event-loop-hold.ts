import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * After a timer's turn: a hold that ends as the answer arrives is recorded only when the delay
 * monitor's own timer fires after it, which it cannot do before the test reads the answer.
 */
const loopTurned = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * What `work` answered, and the longest the event loop was held while it ran (ms): how long any
 * other request would have waited for its turn.
 */
export async function longestHoldDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; longestHoldMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  try {
    const result = await work();
    await loopTurned();
    return { result, longestHoldMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}
