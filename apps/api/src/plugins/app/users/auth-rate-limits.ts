/**
 * Rate limits of the account endpoints, per client IP AND per e-mail address, so neither one address
 * hammering many accounts nor many addresses hammering one account gets far (credential stuffing, password
 * guessing, mail bombing through sign-up or reset requests).
 * - The IP limit runs onRequest (before the body is even parsed); the e-mail limit runs preHandler (after
 *   validation, on the normalised address).
 * - Both answer 429 with `Retry-After` and the clear message messages.auth.tooManyAttempts.
 * - Counters live in this process's memory (@fastify/rate-limit LocalStore): with several API instances
 *   each counts alone, so the effective limit multiplies. Give the plugin a shared store (Redis) then.
 * The limits are deliberately not configurable: they are part of the security contract and tested as such.
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html#login-throttling
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@bindery/contracts/messages';

export interface Limit {
  max: number;
  windowMinutes: number;
}

export interface AuthLimit {
  perIp: Limit;
  perEmail?: Limit;
}

/** The limits, by endpoint. */
export const AUTH_LIMITS = {
  // A person mistyping a password needs a handful of tries; a guesser needs thousands.
  login: { perIp: { max: 30, windowMinutes: 15 }, perEmail: { max: 10, windowMinutes: 15 } },
  register: { perIp: { max: 10, windowMinutes: 60 }, perEmail: { max: 3, windowMinutes: 60 } },
  // Each accepted reset request may send a mail: keep the per-address cap low (no mail bombing).
  requestReset: { perIp: { max: 10, windowMinutes: 60 }, perEmail: { max: 3, windowMinutes: 60 } },
  // Links carry 256-bit signatures, so this is only a cheap brake on scripted probing.
  emailLink: { perIp: { max: 30, windowMinutes: 15 } },
  refresh: { perIp: { max: 120, windowMinutes: 15 } },
} as const satisfies Record<string, AuthLimit>;

/** "15 minutes", "1 minute", "45 seconds" */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

function enforce(check: Check) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw request.server.httpErrors.tooManyRequests(messages.auth.tooManyAttempts(formatWait(result.ttlInSeconds)));
  };
}

/**
 * Route hooks for one endpoint: `{ onRequest, preHandler }` to spread into the route options.
 * `emailOf` reads the already validated body.
 */
export function authRateLimit(
  app: FastifyInstance,
  name: string,
  limit: AuthLimit,
  emailOf?: (request: FastifyRequest) => string,
) {
  const ipCheck = app.createRateLimit({
    max: limit.perIp.max,
    timeWindow: limit.perIp.windowMinutes * 60_000,
    // An IPv6 client controls a whole /64: count the prefix, not the address.
    keyGenerator: (request) => `${name}:ip:${normalizeIP(request.ip, 64)}`,
  });
  const hooks: { onRequest: ReturnType<typeof enforce>[]; preHandler: ReturnType<typeof enforce>[] } = {
    onRequest: [enforce(ipCheck)],
    preHandler: [],
  };
  if (limit.perEmail && emailOf) {
    const emailCheck = app.createRateLimit({
      max: limit.perEmail.max,
      timeWindow: limit.perEmail.windowMinutes * 60_000,
      keyGenerator: (request) => `${name}:email:${emailOf(request).trim().toLowerCase()}`,
    });
    hooks.preHandler.push(enforce(emailCheck));
  }
  return hooks;
}
