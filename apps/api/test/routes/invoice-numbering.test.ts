/**
 * Gapless invoice numbers (docs/decisions/0075) on real PostgreSQL and on the embedded default (PGlite, one
 * connection: everything of the payment on its transaction handle): many orders paid at once, each as the webhook
 * pays (the payment completed and the order moved in one transaction), some of those transactions rolled back
 * after the invoice was issued in them. The numbers issued are 1..N of the year, no gap and no duplicate; a
 * rolled-back payment used none, and paying those orders later goes on from N.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, setupTestApp } from '../helper.js';
import { insertProject, printBookConfiguration } from '../checkout-fixtures.js';
import { payWithin, placeOrder } from '../orders-fixtures.js';

for (const [stack, embedded, ORDERS] of [
  ['PostgreSQL', false, 24],
  ['embedded PGlite', true, 8],
] as const) {
  describe(`invoice numbers under concurrent payments and rollbacks (${stack})`, () => {
    const t = setupTestApp({ embedded });

    let orderIds: number[] = [];
    beforeAll(async () => {
      const buyer = await createUser(t, { name: 'Ada Buyer' });
      const configuration = await printBookConfiguration(t.db);
      orderIds = [];
      for (let i = 0; i < ORDERS; i += 1) {
        const project = await insertProject(t.db, buyer.user.id, { title: `Book ${i}`, configuration });
        orderIds.push((await placeOrder(t, buyer.auth, [project])).id);
      }
    });

    class ForcedRollback extends Error {}

    /** Pays the order as the webhook does; `rollBack` throws after the order moved (and its invoice was issued). */
    async function pay(orderId: number, rollBack: boolean): Promise<'paid' | 'rolled back'> {
      try {
        await t.db.transaction().execute(async (trx) => {
          const outcome = await payWithin(t, trx, orderId);
          expect(outcome.result).toBe('paid');
          const invoice = await trx
            .selectFrom('invoices')
            .select('number')
            .where('order_id', '=', orderId)
            .executeTakeFirst();
          expect(invoice?.number).toMatch(/^INV-\d{4}-\d{6}$/);
          if (rollBack) throw new ForcedRollback();
        });
        return 'paid';
      } catch (error) {
        if (error instanceof ForcedRollback) return 'rolled back';
        throw error;
      }
    }

    const numbers = async () =>
      (
        await t.db
          .selectFrom('invoices')
          .select(['number', 'order_id'])
          .where('kind', '=', 'invoice')
          .orderBy('number')
          .execute()
      ).map((r) => ({ ...r, seq: Number(r.number.slice(-6)) }));

    it('are 1..N with no gap and no duplicate; a rolled-back payment uses no number', async () => {
      const year = new Date().getUTCFullYear();
      const rolledBack = new Set(orderIds.filter((_, i) => i % 4 === 1));
      const outcomes = await Promise.all(orderIds.map((id) => pay(id, rolledBack.has(id))));
      expect(outcomes.filter((o) => o === 'rolled back')).toHaveLength(rolledBack.size);

      const paid = ORDERS - rolledBack.size;
      const first = await numbers();
      expect(first.map((r) => r.seq)).toEqual(Array.from({ length: paid }, (_, i) => i + 1));
      expect(first.every((r) => r.number.startsWith(`INV-${year}-`))).toBe(true);
      expect(new Set(first.map((r) => r.order_id)).size).toBe(paid);
      expect(first.some((r) => rolledBack.has(r.order_id))).toBe(false);
      const rolledOrders = await t.db
        .selectFrom('orders')
        .select('status')
        .where('id', 'in', [...rolledBack])
        .execute();
      expect(rolledOrders.every((o) => o.status === 'awaiting_payment')).toBe(true);

      // The rolled-back orders paid now, concurrently: the numbers go on from where they stood.
      await Promise.all([...rolledBack].map((id) => pay(id, false)));
      const all = await numbers();
      expect(all.map((r) => r.seq)).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
      expect(new Set(all.map((r) => r.order_id)).size).toBe(ORDERS);
      const counter = await t.db
        .selectFrom('document_counters')
        .selectAll()
        .where('series', '=', 'INV')
        .executeTakeFirstOrThrow();
      expect(counter).toEqual({ series: 'INV', year, last: ORDERS });
    });
  });
}
