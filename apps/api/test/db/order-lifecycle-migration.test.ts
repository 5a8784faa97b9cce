/**
 * Migration 2026_11_23_212300_order_lifecycle on a database that already has orders (docs/decisions/0020): the
 * rows written before it get their number, the customer's snapshot, the timestamps and the events their status
 * implies; afterwards a writer that omits the snapshot still gets one (the insert trigger), and the database
 * refuses a shipped order without carrier and tracking number.
 */
import { describe, expect, it } from 'vitest';
import { migrations } from '#db/migrations/index.js';
import { migrationDatabase } from './migration-db.js';

const m = migrationDatabase('mig');

describe.skipIf(!m.onPostgres)('migration 2026_11_23_212300_order_lifecycle', () => {
  it('backfills existing orders, then keeps every new row complete', async () => {
    await m.migrate(m.upTo('2026_11_21_123000_projects_orders'));
    const user = await m.db
      .insertInto('users')
      .values({ email: 'old@example.test', name: 'Old Customer', password_hash: 'x', is_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = {
      user_id: user.id,
      subtotal_cents: 1000,
      shipping_cents: 500,
      tax_cents: 0,
      total_cents: 1500,
      tax_rate_bp: 0,
      tax_reason: 'No tax',
      shipping_service: '{}',
      address: '{}',
      weight_grams: 500,
    };
    const placed = new Date('2026-11-20T10:00:00Z');
    const paidAt = new Date('2026-11-20T10:05:00Z');
    const canceledAt = new Date('2026-11-21T09:00:00Z');
    const [unpaid, paid, canceled] = [
      await m.db
        .insertInto('orders')
        .values({ ...base, created_at: placed })
        .returning('id')
        .executeTakeFirstOrThrow(),
      await m.db
        .insertInto('orders')
        .values({ ...base, status: 'paid', paid_at: paidAt, payment_method: 'card', created_at: placed })
        .returning('id')
        .executeTakeFirstOrThrow(),
      await m.db
        .insertInto('orders')
        .values({ ...base, status: 'canceled', created_at: placed, updated_at: canceledAt })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ];

    await m.migrate(migrations);

    const rows = await m.db.selectFrom('orders').selectAll().orderBy('id').execute();
    expect(
      rows.map((r) => [r.order_number, r.customer_email, r.customer_name, Number(r.discount_cents)]),
    ).toEqual([
      [`BND-${String(unpaid.id).padStart(6, '0')}`, 'old@example.test', 'Old Customer', 0],
      [`BND-${String(paid.id).padStart(6, '0')}`, 'old@example.test', 'Old Customer', 0],
      [`BND-${String(canceled.id).padStart(6, '0')}`, 'old@example.test', 'Old Customer', 0],
    ]);
    expect(rows[0]?.expires_at).toEqual(new Date(placed.getTime() + 24 * 3600_000));
    expect(rows[1]?.expires_at).toBeNull();
    expect(rows[2]?.canceled_at).toEqual(canceledAt);

    const events = await m.db
      .selectFrom('order_events')
      .select(['order_id', 'from_status', 'to_status', 'actor_type', 'created_at'])
      .orderBy('order_id')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      {
        order_id: unpaid.id,
        from_status: null,
        to_status: 'awaiting_payment',
        actor_type: 'customer',
        created_at: placed,
      },
      {
        order_id: paid.id,
        from_status: null,
        to_status: 'awaiting_payment',
        actor_type: 'customer',
        created_at: placed,
      },
      {
        order_id: paid.id,
        from_status: 'awaiting_payment',
        to_status: 'paid',
        actor_type: 'system',
        created_at: paidAt,
      },
      {
        order_id: canceled.id,
        from_status: null,
        to_status: 'awaiting_payment',
        actor_type: 'customer',
        created_at: placed,
      },
      {
        order_id: canceled.id,
        from_status: 'awaiting_payment',
        to_status: 'canceled',
        actor_type: 'system',
        created_at: canceledAt,
      },
    ]);

    // A writer that leaves out the snapshot still gets it from the account.
    const later = await m.db
      .insertInto('orders')
      .values(base)
      .returning(['customer_email', 'customer_name', 'order_number'])
      .executeTakeFirstOrThrow();
    expect(later).toMatchObject({ customer_email: 'old@example.test', customer_name: 'Old Customer' });
    expect(later.order_number).toMatch(/^BND-\d{6}$/);
    // Ids past a million keep every digit.
    const big = await m.db
      .insertInto('orders')
      .values({ ...base, id: 1_234_567 })
      .returning('order_number')
      .executeTakeFirstOrThrow();
    expect(big.order_number).toBe('BND-1234567');
    await expect(
      m.db
        .insertInto('orders')
        .values({ ...base, status: 'shipped' })
        .execute(),
    ).rejects.toThrow(/orders_shipped_tracking_check/);
  });
});
