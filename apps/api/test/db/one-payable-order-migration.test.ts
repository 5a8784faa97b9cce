/**
 * Migration 2026_11_28_120000_one_payable_order_per_project on a database that already has two unpaid orders of
 * one book (docs/decisions/0051): the newest stays payable, the older is canceled as superseded with its event, a
 * paid order's items are not payable, and afterwards the database refuses a second payable order of the book.
 */
import { Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase, uniqueDbName } from '@bindery/pg-test';
import { migrations } from '#db/migrations/index.js';

const pgInfo = inject('pg');
const onPostgres = pgInfo.mode === 'postgres';
const server = onPostgres
  ? { adminUrl: pgInfo.adminUrl, urlFor: (d: string) => pgInfo.urlTemplate.replace('{db}', d) }
  : undefined;
const name = uniqueDbName('mig1p');
// Migrations run on an untyped Kysely, as in production (the lint's any rules are off for test/db).
let db: Kysely<any>;

const upTo = (last: string): Record<string, Migration> =>
  Object.fromEntries(Object.entries(migrations).filter(([key]) => key <= last));

async function migrate(set: Record<string, Migration>) {
  const result = await new Migrator({
    db,
    provider: { getMigrations: async () => set },
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (result.error)
    throw result.error instanceof Error
      ? result.error
      : new Error('migration failed', { cause: result.error });
}

beforeAll(async () => {
  if (!server) return;
  const url = await createDatabase(server, name);
  db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
});
afterAll(async () => {
  // Unset on PGlite (no server) or when beforeAll failed.
  await (db as Kysely<any> | undefined)?.destroy();
  if (server) await dropDatabase(server, name);
});

describe.skipIf(!onPostgres)('migration 2026_11_28_120000_one_payable_order_per_project', () => {
  it('keeps the newest unpaid order of a book payable and cancels the older ones with their event', async () => {
    await migrate(upTo('2026_11_26_000100_title_search'));
    const user = await db
      .insertInto('users')
      .values({ email: 'two@example.test', name: 'Two Orders', password_hash: 'x', is_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const upload = '00000000-0000-4000-8000-000000000051';
    await db
      .insertInto('uploads')
      .values({
        id: upload,
        user_id: user.id,
        purpose: 'interior',
        file_name: 'b.pdf',
        content_type: 'application/pdf',
        size_bytes: 1,
        page_count: 40,
        storage_key: 'k/0051',
      })
      .execute();
    const project = async (title: string) =>
      (
        await db
          .insertInto('projects')
          .values({
            user_id: user.id,
            title,
            category: 'Print Book',
            page_count: 40,
            options: '{}',
            pdf_upload_id: upload,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const [book, other] = [await project('Twice'), await project('Paid elsewhere')];
    const order = async (status: string, projectIds: number[]) => {
      const row = await db
        .insertInto('orders')
        .values({
          user_id: user.id,
          status,
          subtotal_cents: 1000,
          shipping_cents: 500,
          tax_cents: 0,
          total_cents: 1500,
          tax_rate_bp: 0,
          tax_reason: 'No tax',
          shipping_service: '{}',
          address: '{}',
          weight_grams: 500,
          ...(status === 'paid' ? { paid_at: new Date(), payment_method: 'card' } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const id of projectIds) {
        await db
          .insertInto('order_items')
          .values({
            order_id: row.id,
            project_id: id,
            title: 'T',
            category: 'Print Book',
            quantity: 1,
            cost_per_book_cents: 1000,
            discount_cents: 0,
            line_total_cents: 1000,
          })
          .execute();
      }
      return row.id as number;
    };
    const older = await order('awaiting_payment', [book]);
    const newer = await order('awaiting_payment', [book, other]);
    const paid = await order('paid', [other]);

    await migrate(migrations);

    const statuses = await db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('id', 'in', [older, newer, paid])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: older, status: 'canceled' },
      { id: newer, status: 'awaiting_payment' },
      { id: paid, status: 'paid' },
    ]);
    const items = await db
      .selectFrom('order_items')
      .select(['order_id', 'project_id', 'payable'])
      .orderBy('id')
      .execute();
    expect(items).toEqual([
      { order_id: older, project_id: book, payable: false },
      { order_id: newer, project_id: book, payable: true },
      { order_id: newer, project_id: other, payable: true },
      { order_id: paid, project_id: other, payable: false },
    ]);
    const events = await db.selectFrom('order_events').selectAll().where('order_id', '=', older).execute();
    expect(events).toEqual([
      expect.objectContaining({
        from_status: 'awaiting_payment',
        to_status: 'canceled',
        actor_type: 'system',
      }),
    ]);
    await expect(
      db
        .insertInto('order_items')
        .values({
          order_id: older,
          project_id: book,
          title: 'T',
          category: 'Print Book',
          quantity: 1,
          cost_per_book_cents: 1000,
          discount_cents: 0,
          line_total_cents: 1000,
          payable: true,
        })
        .execute(),
    ).rejects.toThrow(/order_items_one_payable_order_per_project/);
  });
});
