/**
 * Rate limits of the account endpoints, so that neither one address hammering many accounts nor many addresses
 * hammering one account gets far (credential stuffing, password guessing, mail bombing through sign-up or reset
 * requests), while nobody can lock a customer out of their own account.
 * - Every endpoint has a limit per client IP (an IPv6 client counts by its /64). It runs onRequest, before the
 *   body is even parsed. The client IP is the one the trusted proxy hops saw (TRUST_PROXY, docs/decisions/0023):
 *   a client cannot choose it with its own X-Forwarded-For.
 * - Login limits failed attempts per account AND client IP together (`perEmailAndIp`), forgotten when that client
 *   logs in: wrong passwords from one address never stop the owner logging in from another. (A limit per account
 *   alone let anyone lock the owner out for 15 minutes with ten wrong passwords.) The looser per-IP limit bounds
 *   one address guessing across many accounts.
 * - Sign-up, reset and resent-verification requests send mail: they keep a limit per e-mail address from anywhere (`perEmail`), which
 *   protects the mailbox; a blocked reset request costs the owner nothing (their password still works).
 * - All answer 429 with `Retry-After` and the clear message messages.auth.tooManyAttempts.
 * - Counters are shared by every API instance (app.rateLimiter, docs/decisions/0024).
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
  /** Per e-mail address, whatever the client: for endpoints that send mail to it. */
  perEmail?: Limit;
  /** Per e-mail address from one client IP; a successful answer to that client clears it (failed logins). */
  perEmailAndIp?: Limit;
}

/** The limits, by endpoint. */
export const AUTH_LIMITS = {
  // A person mistyping a password needs a handful of tries; a guesser needs thousands.
  // Per IP 100, not 30: an office or a school signs many people in from one address (and the e2e suite signs in
  // well over 30 times in 15 minutes from loopback); a guesser spraying accounts still needs thousands.
  login: { perIp: { max: 100, windowMinutes: 15 }, perEmailAndIp: { max: 10, windowMinutes: 15 } },
  register: { perIp: { max: 10, windowMinutes: 60 }, perEmail: { max: 3, windowMinutes: 60 } },
  // Each accepted reset request may send a mail: keep the per-address cap low (no mail bombing).
  requestReset: { perIp: { max: 10, windowMinutes: 60 }, perEmail: { max: 3, windowMinutes: 60 } },
  // A resent verification link is a mail too: the reset request's limits (docs/decisions/0059).
  resendVerification: { perIp: { max: 10, windowMinutes: 60 }, perEmail: { max: 3, windowMinutes: 60 } },
  // A signed-in client guessing the current password to take the account over (docs/decisions/0067).
  changePassword: { perIp: { max: 10, windowMinutes: 15 } },
  // The same guess of the password (docs/decisions/0074); each request mails the new address, so that mailbox is
  // protected like a sign-up's.
  changeEmail: { perIp: { max: 10, windowMinutes: 15 }, perEmail: { max: 3, windowMinutes: 60 } },
  // Deleting the account asks for the password too: the same brake on guessing it (docs/decisions/0074).
  deleteAccount: { perIp: { max: 10, windowMinutes: 15 } },
  // Links carry 256-bit signatures, so this is only a cheap brake on scripted probing.
  emailLink: { perIp: { max: 30, windowMinutes: 15 } },
  // Every page load of a signed-in user refreshes once (the access token lives in the page's memory, 0025): an
  // office behind one address opens hundreds. The token is 256 random bits, so this only brakes database load.
  refresh: { perIp: { max: 1200, windowMinutes: 15 } },
} as const satisfies Record<string, AuthLimit>;

/** "15 minutes", "1 minute", "45 seconds" */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The client's address as limits count it: an IPv6 client controls a whole /64, so the prefix counts. */
export const clientKey = (request: FastifyRequest) => normalizeIP(request.ip, 64);

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

function enforce(limit: Limit, keyOf: (request: FastifyRequest) => string): Hook {
  const windowMs = limit.windowMinutes * 60_000;
  return async (request, reply) => {
    const result = await request.server.rateLimiter.hit(keyOf(request), { max: limit.max, windowMs });
    if (result.allowed) return;
    reply.header('retry-after', result.retryAfterS);
    throw request.server.httpErrors.tooManyRequests(
      messages.auth.tooManyAttempts(formatWait(result.retryAfterS)),
    );
  };
}

/**
 * Route hooks for one endpoint: `{ onRequest, preHandler, onResponse }` to spread into the route options.
 * `emailOf` reads the already validated body.
 */
export function authRateLimit(
  _app: FastifyInstance,
  name: string,
  limit: AuthLimit,
  emailOf?: (request: FastifyRequest) => string,
) {
  const hooks: { onRequest: Hook[]; preHandler: Hook[]; onResponse: Hook[] } = {
    onRequest: [enforce(limit.perIp, (request) => `${name}:ip:${clientKey(request)}`)],
    preHandler: [],
    onResponse: [],
  };
  if (!emailOf) return hooks;
  const email = (request: FastifyRequest) => emailOf(request).trim().toLowerCase();
  if (limit.perEmail) {
    hooks.preHandler.push(enforce(limit.perEmail, (request) => `${name}:email:${email(request)}`));
  }
  if (limit.perEmailAndIp) {
    const key = (request: FastifyRequest) => `${name}:email-ip:${email(request)}:${clientKey(request)}`;
    hooks.preHandler.push(enforce(limit.perEmailAndIp, key));
    // Counted before the attempt (parallel guesses cannot slip past the count), forgotten once it succeeds, so
    // what is limited is failures since this client's last success.
    hooks.onResponse.push(async (request, reply) => {
      if (reply.statusCode >= 300 || request.body === undefined) return;
      await request.server.rateLimiter.reset(key(request)).catch((err: unknown) => {
        request.log.warn({ err }, 'could not clear the failed-login counter');
      });
    });
  }
  return hooks;
}
