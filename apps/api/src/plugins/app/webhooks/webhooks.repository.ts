/** All SQL of webhook endpoints and their deliveries (docs/decisions/0076). */
import { sql, type Selectable } from 'kysely';
import type { Db, WebhookDeliveriesTable, WebhookEndpointsTable } from '#db/database.js';
import { claimOutboxRows, type OutboxPick } from '#db/outbox-claim.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export function insertEndpoint(
  db: Db,
  endpoint: { user_id: number; url: string; events: string[]; secret: string },
): Promise<EndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({ ...endpoint, events: JSON.stringify(endpoint.events) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listEndpoints(db: Db, userId: number, limit: number): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countEndpoints(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findEndpoint(db: Db, userId: number, id: number): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The account's enabled endpoints that listen for `type`. */
export function subscribedEndpoints(db: Db, userId: number, type: string): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`events ? ${type}`)
    .execute();
}

export function insertDelivery(
  db: Db,
  delivery: {
    endpoint_id: number;
    event_id: string;
    event_type: string;
    order_id: number | null;
    payload: Record<string, unknown>;
    next_attempt_at: Date;
  },
): Promise<DeliveryRow | undefined> {
  return db
    .insertInto('webhook_deliveries')
    .values({ ...delivery, payload: JSON.stringify(delivery.payload) })
    .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function listDeliveries(db: Db, endpointId: number, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A delivery due again now, its endpoint enabled again (a resend). */
export async function requeueDelivery(
  db: Db,
  endpointId: number,
  deliveryId: number,
  now: Date,
): Promise<DeliveryRow | undefined> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, locked_until: null, created_at: now })
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .returningAll()
    .executeTakeFirst();
  if (row) {
    await db
      .updateTable('webhook_endpoints')
      .set({ disabled_at: null, disabled_reason: null })
      .where('id', '=', endpointId)
      .execute();
  }
  return row;
}

/** Claims pending, unclaimed deliveries (these ids, or up to `due` that are due). */
export function claimDeliveries(db: Db, where: OutboxPick, now: Date, claimMs: number) {
  return claimOutboxRows(db, 'webhook_deliveries', where, now, claimMs);
}

export function endpointsByIds(db: Db, ids: readonly number[]): Promise<EndpointRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function settleDelivery(
  db: Db,
  id: number,
  changes: {
    status: 'pending' | 'delivered' | 'failed';
    last_response_code: number | null;
    last_error: string | null;
    next_attempt_at?: Date;
    delivered_at?: Date;
  },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ ...changes, locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** Switches an endpoint off (once); true when this call did, with its owner's address and name for the mail. */
export function disableEndpoint(db: Db, id: number, now: Date, reason: string) {
  return db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now, disabled_reason: reason })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .returning(['id', 'user_id', 'url'])
    .executeTakeFirst();
}

/** Pending deliveries of a disabled endpoint stop with it. */
export async function failPendingOf(db: Db, endpointId: number, reason: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', locked_until: null, last_error: reason })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

export function ownerOf(db: Db, userId: number) {
  return db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
}
