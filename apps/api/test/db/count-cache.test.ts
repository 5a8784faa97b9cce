import { describe, expect, it } from 'vitest';
import { manualClock } from '#lib/clock.js';
import { offlineDb } from './offline-db.js';
import { createCountCache } from '#db/count-cache.js';
import { createWriteWatch } from '#db/write-watch.js';

function setup(ttlMs = 5000, maxEntries?: number) {
  const writes = createWriteWatch();
  const db = offlineDb().withPlugin(writes.plugin);
  const clock = manualClock();
  const cache = createCountCache({ writes, clock, ttlMs, maxEntries });
  let counted = 0;
  let value = 10;
  const count = () => {
    counted += 1;
    return Promise.resolve(value);
  };
  return {
    db,
    clock,
    cache,
    count,
    counted: () => counted,
    setValue: (v: number) => {
      value = v;
    },
  };
}

describe('the list count cache', () => {
  it('counts once, then reuses the count until the TTL has passed', async () => {
    const s = setup();
    expect(await s.cache.count('users:', ['users'], s.count)).toBe(10);
    s.setValue(11);
    s.clock.advance(4999);
    expect(await s.cache.count('users:', ['users'], s.count)).toBe(10);
    expect(s.counted()).toBe(1);
    s.clock.advance(1);
    expect(await s.cache.count('users:', ['users'], s.count)).toBe(11);
    expect(s.counted()).toBe(2);
  });

  it('counts again at once after this instance writes to a table the count reads, not to another one', async () => {
    const s = setup();
    await s.cache.count('orders:paid', ['orders', 'order_items'], s.count);
    await s.db.deleteFrom('users').where('id', '=', 1).execute();
    await s.cache.count('orders:paid', ['orders', 'order_items'], s.count);
    expect(s.counted()).toBe(1);
    await s.db
      .insertInto('order_items')
      .values({ order_id: 1 } as never)
      .execute();
    s.setValue(12);
    expect(await s.cache.count('orders:paid', ['orders', 'order_items'], s.count)).toBe(12);
    expect(s.counted()).toBe(2);
  });

  it('keeps one count per key', async () => {
    const s = setup();
    s.setValue(3);
    await s.cache.count('users:ada', ['users'], s.count);
    s.setValue(7);
    expect(await s.cache.count('users:', ['users'], s.count)).toBe(7);
    expect(await s.cache.count('users:ada', ['users'], s.count)).toBe(3);
  });

  it('shares one query between concurrent requests and forgets a failed count', async () => {
    const s = setup();
    let release: (n: number) => void = () => undefined;
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const both = Promise.all([s.cache.count('k', ['users'], slow), s.cache.count('k', ['users'], slow)]);
    release(5);
    expect(await both).toEqual([5, 5]);
    expect(calls).toBe(1);

    const failing = () => Promise.reject(new Error('database unavailable'));
    await expect(s.cache.count('f', ['users'], failing)).rejects.toThrow('database unavailable');
    expect(await s.cache.count('f', ['users'], s.count)).toBe(10);
  });

  it('holds at most maxEntries counts, the oldest going first', async () => {
    const s = setup(5000, 2);
    await s.cache.count('a', ['users'], s.count);
    await s.cache.count('b', ['users'], s.count);
    await s.cache.count('c', ['users'], s.count);
    expect(s.cache.size).toBe(2);
    await s.cache.count('c', ['users'], s.count);
    expect(s.counted()).toBe(3);
    await s.cache.count('a', ['users'], s.count);
    expect(s.counted()).toBe(4);
  });

  it('counts every time with a TTL of 0', async () => {
    const s = setup(0);
    await s.cache.count('a', ['users'], s.count);
    await s.cache.count('a', ['users'], s.count);
    expect(s.counted()).toBe(2);
    expect(s.cache.size).toBe(0);
  });
});
