import { describe, expect, it } from 'vitest';
import { manualClock } from '#lib/clock.js';
import { createSessionCache } from './session-cache.js';
import type { SessionUserRow } from './sessions.repository.js';

const row = (id: number) => ({ id, session_revoked_at: null }) as unknown as SessionUserRow;
const SID_A = '00000000-0000-4000-8000-00000000000a';
const SID_B = '00000000-0000-4000-8000-00000000000b';

describe('session cache', () => {
  it('keeps an entry for the TTL by the clock, not longer', () => {
    const clock = manualClock();
    const cache = createSessionCache({ clock, ttlMs: 5000 });
    cache.set(1, SID_A, row(1));
    clock.advance(4999);
    expect(cache.get(1, SID_A)).toEqual(row(1));
    clock.advance(1);
    expect(cache.get(1, SID_A)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets a session, or every session of a user, at once', () => {
    const cache = createSessionCache({ clock: manualClock(), ttlMs: 5000 });
    cache.set(1, SID_A, row(1));
    cache.set(1, SID_B, row(1));
    cache.set(2, SID_B, row(2));
    cache.forgetSession(SID_A);
    expect(cache.get(1, SID_A)).toBeUndefined();
    expect(cache.get(1, SID_B)).toBeDefined();
    cache.forgetUser(1);
    expect(cache.get(1, SID_B)).toBeUndefined();
    expect(cache.get(2, SID_B)).toBeDefined();
  });

  it('is bounded: past maxEntries the oldest entry goes', () => {
    const cache = createSessionCache({ clock: manualClock(), ttlMs: 5000, maxEntries: 2 });
    cache.set(1, SID_A, row(1));
    cache.set(2, SID_A, row(2));
    cache.set(3, SID_A, row(3));
    expect(cache.size).toBe(2);
    expect(cache.get(1, SID_A)).toBeUndefined();
    expect(cache.get(3, SID_A)).toBeDefined();
  });

  it('caches nothing with a TTL of 0', () => {
    const cache = createSessionCache({ clock: manualClock(), ttlMs: 0 });
    cache.set(1, SID_A, row(1));
    expect(cache.get(1, SID_A)).toBeUndefined();
  });
});
