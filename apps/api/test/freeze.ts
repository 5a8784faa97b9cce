/**
 * Bounds for the freeze tests (ADR 0050): a request that would wait for good fails the test instead of hanging the
 * run, and an app whose embedded database froze is not closed (closing would wait on the same connection).
 */
import type { FastifyInstance } from 'fastify';

/** How long a request of these tests may take before it counts as frozen (they answer in well under a second). */
export const FREEZE_BOUND_MS = 10_000;

/** The promise's value, or a failure that says what did not answer within `ms`. */
export async function answered<T>(what: string, promise: Promise<T>, ms = FREEZE_BOUND_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what}: no answer within ${ms} ms (the database froze)`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the app, unless it froze: then closing is given a short bound and left behind. */
export async function closeUnlessFrozen(app: FastifyInstance | undefined, frozen: boolean): Promise<void> {
  if (!app) return;
  if (!frozen) {
    await app.close();
    return;
  }
  await answered('closing a frozen app', app.close(), 2_000).catch(() => undefined);
}
