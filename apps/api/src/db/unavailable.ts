/**
 * Tells a database that is away (restarting, unreachable, shutting down, overloaded past the statement timeout)
 * from a fault of ours. The error handler answers the first kind with 503 and Retry-After, never a 500: the
 * request was fine and will work again once the database is back (the pool reconnects by itself).
 * @see https://www.postgresql.org/docs/current/errcodes-appendix.html
 */

/** SQLSTATEs that mean "the database cannot serve this now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (fast shutdown, restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57014', // query_canceled: the statement timeout (DATABASE_STATEMENT_TIMEOUT_MS) ran out
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
]);

/** Socket errors on the way to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/** node-postgres and pg-pool say these in words only (no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // unexpectedly | due to connection timeout
  /^timeout exceeded when trying to connect$/, // pg-pool: connect timeout, or no free client in time
  /is not queryable$/, // a client whose connection broke
  /^Cannot use a pool after calling end on the pool$/, // the app is closing
  /^PGlite is closed$/, // embedded: the instance is gone (closing, or aborted)
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    // Class 08: connection exceptions (08000, 08003 no connection, 08006 failure, 08001, 08004 rejected).
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return true;
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((re) => re.test(message))) return true;
  // Node's happy-eyeballs connect fails with an AggregateError of one error per address.
  if (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((e) => isDatabaseUnavailable(e, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}
