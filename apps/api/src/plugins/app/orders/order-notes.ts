/**
 * Order notes (docs/decisions/0071): staff add, edit and delete notes on an order without a status change. A
 * note is internal (staff only) unless `internal` is false; the customer's order page shows those. An order holds
 * at most ORDER_NOTES_LIMIT notes, so every list of them is returned whole.
 */
import { sql } from 'kysely';
import {
  ORDER_NOTES_LIMIT,
  type CustomerOrderNote,
  type OrderNote,
  type OrderNoteBody,
  type OrderNotePatch,
} from '@bindery/contracts/admin/production';
import type { Db } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import { iso } from './order-views.js';

const NOTE_NOT_FOUND = 'This note is not on this order (it may have been deleted).';
const ORDER_NOT_FOUND = 'Order not found.';
export const TOO_MANY_NOTES = `An order keeps at most ${ORDER_NOTES_LIMIT} notes: delete one first.`;

const noteQuery = (db: Db) =>
  db
    .selectFrom('order_notes')
    .leftJoin('users', 'users.id', 'order_notes.author_id')
    .select([
      'order_notes.id',
      'order_notes.order_id',
      'order_notes.body',
      'order_notes.internal',
      'order_notes.created_at',
      'order_notes.updated_at',
      'users.name as author_name',
    ]);

type NoteRow = Awaited<ReturnType<ReturnType<typeof noteQuery>['executeTakeFirstOrThrow']>>;

const toNote = (row: NoteRow): OrderNote => ({
  id: row.id,
  body: row.body,
  internal: row.internal,
  author_name: row.author_name ?? null,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

async function requireOrder(db: Db, orderId: number): Promise<void> {
  const order = await db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
}

export function createOrderNotes(db: Db) {
  const one = async (orderId: number, noteId: number): Promise<OrderNote> => {
    const row = await noteQuery(db)
      .where('order_notes.id', '=', noteId)
      .where('order_notes.order_id', '=', orderId)
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found', NOTE_NOT_FOUND);
    return toNote(row);
  };

  return {
    async list(orderId: number): Promise<OrderNote[]> {
      await requireOrder(db, orderId);
      const rows = await noteQuery(db)
        .where('order_notes.order_id', '=', orderId)
        .orderBy('order_notes.id')
        .limit(ORDER_NOTES_LIMIT)
        .execute();
      return rows.map(toNote);
    },

    /** The notes the customer sees (not internal), oldest first; another customer's order is not found. */
    async visibleTo(userId: number, orderId: number): Promise<CustomerOrderNote[]> {
      const order = await db
        .selectFrom('orders')
        .select('id')
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
      const rows = await db
        .selectFrom('order_notes')
        .select(['id', 'body', 'created_at'])
        .where('order_id', '=', orderId)
        .where('internal', '=', false)
        .orderBy('id')
        .limit(ORDER_NOTES_LIMIT)
        .execute();
      return rows.map((r) => ({ id: r.id, body: r.body, created_at: iso(r.created_at) }));
    },

    async add(orderId: number, body: OrderNoteBody, authorId: number): Promise<OrderNote> {
      await requireOrder(db, orderId);
      // One statement: the count and the insert cannot be split by a concurrent add.
      const inserted = await sql<{ id: number }>`
        insert into order_notes (order_id, author_id, body, internal)
        select ${orderId}, ${authorId}, ${body.body.trim()}, ${body.internal ?? true}
        where (select count(*) from order_notes where order_id = ${orderId}) < ${ORDER_NOTES_LIMIT}
        returning id`.execute(db);
      const id = inserted.rows[0]?.id;
      if (id === undefined) throw new DomainError('conflict', TOO_MANY_NOTES);
      return one(orderId, id);
    },

    async edit(orderId: number, noteId: number, patch: OrderNotePatch): Promise<OrderNote> {
      const updated = await db
        .updateTable('order_notes')
        .set({
          ...(patch.body !== undefined ? { body: patch.body.trim() } : {}),
          ...(patch.internal !== undefined ? { internal: patch.internal } : {}),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', noteId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw new DomainError('not_found', NOTE_NOT_FOUND);
      return one(orderId, noteId);
    },

    async remove(orderId: number, noteId: number): Promise<void> {
      const deleted = await db
        .deleteFrom('order_notes')
        .where('id', '=', noteId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) throw new DomainError('not_found', NOTE_NOT_FOUND);
    },
  };
}

export type OrderNotes = ReturnType<typeof createOrderNotes>;
