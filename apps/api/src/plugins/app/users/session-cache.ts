/**
 * What `authenticate` read for an access token (the user with its session), kept per instance for a few seconds
 * (AUTH_CACHE_SECONDS, default 5) so an authenticated request costs a map look-up instead of a database round
 * trip (docs/decisions/0025; apps/api/bench/auth.bench.ts measures both).
 * - Only live sessions are cached; a refusal is never remembered.
 * - This instance forgets a session the moment it revokes it (logout) and a user's every entry when it ends
 *   their sessions (password reset, deletion), so those take effect here at once. Other instances learn it from
 *   the database when their entry expires: at most the TTL later. Admin demotion and row edits made outside the
 *   API likewise show within the TTL.
 * - Bounded (nothing here grows without limit): past `maxEntries` the oldest entry goes.
 * - Expiry uses the app's clock, so a test moves time instead of sleeping.
 */
import type { Clock } from '#lib/clock.js';
import type { SessionUserRow } from './sessions.repository.js';

export interface SessionCache {
  get(userId: number, sessionId: string): SessionUserRow | undefined;
  set(userId: number, sessionId: string, row: SessionUserRow): void;
  /** This instance revoked the session (logout). */
  forgetSession(sessionId: string): void;
  /** This instance ended every session of the user (password reset, deletion). */
  forgetUser(userId: number): void;
  readonly size: number;
}

export function createSessionCache({
  clock,
  ttlMs,
  maxEntries = 10_000,
}: {
  clock: Clock;
  ttlMs: number;
  maxEntries?: number;
}): SessionCache {
  const entries = new Map<
    string,
    { row: SessionUserRow; userId: number; sessionId: string; until: number }
  >();
  const key = (userId: number, sessionId: string) => `${userId}:${sessionId}`;
  return {
    get(userId, sessionId) {
      const k = key(userId, sessionId);
      const entry = entries.get(k);
      if (!entry) return undefined;
      if (clock.now().getTime() >= entry.until) {
        entries.delete(k);
        return undefined;
      }
      return entry.row;
    },
    set(userId, sessionId, row) {
      if (ttlMs <= 0) return;
      const k = key(userId, sessionId);
      entries.delete(k);
      const oldest = entries.keys().next();
      if (entries.size >= maxEntries && !oldest.done) entries.delete(oldest.value);
      entries.set(k, { row, userId, sessionId, until: clock.now().getTime() + ttlMs });
    },
    forgetSession(sessionId) {
      for (const [k, entry] of entries) if (entry.sessionId === sessionId) entries.delete(k);
    },
    forgetUser(userId) {
      for (const [k, entry] of entries) if (entry.userId === userId) entries.delete(k);
    },
    get size() {
      return entries.size;
    },
  };
}
