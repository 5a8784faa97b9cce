import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { offlineDb as offline } from './offline-db.js';
import { createWriteWatch, writtenTables } from '#db/write-watch.js';

describe('writtenTables', () => {
  const db = offline();
  it('names the table an INSERT, UPDATE or DELETE writes, and nothing for a read', () => {
    expect(
      writtenTables(
        db
          .insertInto('users')
          .values({ email: 'a@b.c' } as never)
          .toOperationNode(),
      ),
    ).toEqual(['users']);
    expect(
      writtenTables(db.updateTable('orders').set({ status: 'paid' }).where('id', '=', 1).toOperationNode()),
    ).toEqual(['orders']);
    expect(writtenTables(db.deleteFrom('projects').where('id', '=', 1).toOperationNode())).toEqual([
      'projects',
    ]);
    expect(writtenTables(db.selectFrom('orders').selectAll().toOperationNode())).toEqual([]);
    expect(writtenTables(sql`select 1`.toOperationNode())).toEqual([]);
  });

  it('finds a write inside a WITH clause, and marks every table for raw SQL that writes', () => {
    const cte = db
      .with('moved', (q) => q.updateTable('orders').set({ status: 'shipped' }).returning('id'))
      .selectFrom('moved')
      .selectAll();
    expect(writtenTables(cte.toOperationNode())).toContain('orders');
    expect(writtenTables(sql`update users set name = 'x'`.toOperationNode())).toEqual(['*']);
    // A column named like a keyword is not a write.
    expect(writtenTables(sql`select updated_at from users`.toOperationNode())).toEqual([]);
  });
});

describe('createWriteWatch', () => {
  it('sees the writes made through the handle it is installed on, table by table', async () => {
    const watch = createWriteWatch();
    const db = offline().withPlugin(watch.plugin);
    const before = watch.mark();
    await db.selectFrom('users').selectAll().execute();
    expect(watch.changedSince(before, ['users', 'orders'])).toBe(false);

    await db.updateTable('orders').set({ status: 'paid' }).where('id', '=', 1).execute();
    expect(watch.changedSince(before, ['orders'])).toBe(true);
    expect(watch.changedSince(before, ['users'])).toBe(false);

    const afterOrders = watch.mark();
    await db.transaction().execute((trx) => trx.deleteFrom('users').where('id', '=', 1).execute());
    expect(watch.changedSince(afterOrders, ['users'])).toBe(true);
    expect(watch.changedSince(afterOrders, ['orders'])).toBe(false);

    const afterUsers = watch.mark();
    await sql`delete from projects`.execute(db);
    expect(watch.changedSince(afterUsers, ['orders'])).toBe(true);
  });

  it('does not see writes made through another handle (another instance)', async () => {
    const watch = createWriteWatch();
    offline().withPlugin(watch.plugin);
    const before = watch.mark();
    await offline()
      .insertInto('users')
      .values({ email: 'a@b.c' } as never)
      .execute();
    expect(watch.changedSince(before, ['users'])).toBe(false);
  });
});
