import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error.js';
import { decodeCursor, encodeCursor, TimeIdCursor, toPage } from './keyset.js';

describe('keyset cursors', () => {
  it('round-trips a key', () => {
    const key = ['2026-11-23T10:00:00.000Z', 42] as const;
    expect(decodeCursor(encodeCursor(key), TimeIdCursor)).toEqual(key);
  });

  it('reads no cursor as the first page', () => {
    expect(decodeCursor(undefined, TimeIdCursor)).toBeUndefined();
  });

  it.each([
    ['not base64 json', '%%%'],
    ['json of the wrong shape', encodeCursor(['yesterday', 1])],
    ['a negative id', encodeCursor(['2026-11-23T10:00:00.000Z', -1])],
    ['an object', Buffer.from('{"id":1}').toString('base64url')],
  ])('refuses %s as invalid input', (_, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(cursor, TimeIdCursor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).kind).toBe('invalid');
  });

  it('pages rows read with limit + 1', () => {
    const rows = [1, 2, 3].map((id) => ({ id }));
    const first = toPage(rows, 2, (r) => ['2026-01-01T00:00:00.000Z', r.id]);
    expect(first.rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(decodeCursor(first.next_cursor ?? undefined, TimeIdCursor)).toEqual([
      '2026-01-01T00:00:00.000Z',
      2,
    ]);
    const last = toPage(rows.slice(2), 2, (r) => ['2026-01-01T00:00:00.000Z', r.id]);
    expect(last).toEqual({ rows: [{ id: 3 }], next_cursor: null });
  });
});
