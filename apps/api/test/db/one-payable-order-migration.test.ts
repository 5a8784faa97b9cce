/**
 * Migration 2026_11_28_120000_one_payable_order_per_project on a database that already has two unpaid orders of
 * one book (docs/decisions/0051): the newest stays payable, the older is canceled as superseded with its event, a
 * paid order's items are not payable, and afterwards the database refuses a second payable order of the book.
 */
import { describe, expect, it } from 'vitest';
import { migrations } from '#db/migrations/index.js';
import { migrationDatabase } from './migration-db.js';

const m = migrationDatabase('mig1p');

describe.skipIf(!m.onPostgres)('migration 2026_11_28_120000_one_payable_order_per_project', () => {
  it('keeps the newest unpaid order of a book payable and cancels the older ones with their event', async () => {
    await m.migrate(m.upTo('2026_11_26_000100_title_search'));
    const user = await m.db
      .insertInto('users')
      .values({ email: 'two@example.test', name: 'Two Orders', password_hash: 'x', is_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const upload = '00000000-0000-4000-8000-000000000051';
    await m.db
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
        await m.db
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
      const row = await m.db
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
        await m.db
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

    await m.migrate(migrations);

    const statuses = await m.db
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
    const items = await m.db
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
    const events = await m.db.selectFrom('order_events').selectAll().where('order_id', '=', older).execute();
    expect(events).toEqual([
      expect.objectContaining({
        from_status: 'awaiting_payment',
        to_status: 'canceled',
        actor_type: 'system',
      }),
    ]);
    await expect(
      m.db
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
