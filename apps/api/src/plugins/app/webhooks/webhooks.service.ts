/**
 * A customer's outbound webhooks (docs/decisions/0076): endpoints (registered only for public targets), the
 * delivery outbox written in the transaction of the order's change (`enqueueWithin`), and its delivery after the
 * commit (`deliver`) and by the periodic job (`deliverDue`): claimed with one UPDATE (two instances never send the
 * same row at once), signed, retried with a growing delay for RETRY_WINDOW_MS; then the delivery fails, the
 * endpoint is switched off and its owner mailed through the mail outbox. Plain functions (docs/decisions/0018).
 */
import type { Kysely } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import {
  DELIVERY_LOG_SIZE,
  MAX_WEBHOOK_ENDPOINTS,
  type CreateWebhookBody,
  type CreateWebhookResponse,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@bindery/contracts/store/webhooks';
import type { DB, Db } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import type { Logger } from '#lib/logger.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { escapeHtml } from '../mail/templates.js';
import { sendSigned, type SendOutcome } from './sender.js';
import { newEndpointSecret } from './signing.js';
import { checkTarget } from './target-guard.js';
import { eventsOf, testEvent, type OrderChange } from './webhook-events.js';
import {
  claimDeliveries,
  countEndpoints,
  deleteEndpoint,
  disableEndpoint,
  endpointsByIds,
  failPendingOf,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  ownerOf,
  requeueDelivery,
  settleDelivery,
  subscribedEndpoints,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository.js';

/** Retried for a day from the event (or its resend), then given up and the endpoint switched off. */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** 30 s, 1 min, 2, 4, … at most an hour between attempts. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
const CLAIM_MS = 2 * 60_000;

export interface WebhooksDeps {
  db: Kysely<DB>;
  clock: Clock;
  outbox: MailOutbox;
  log: Pick<Logger, 'warn' | 'error' | 'info'>;
  config: { allowPrivateTargets: boolean; webUrl: string };
  /** The HTTP POST (sender.ts); a test may pass its own. */
  send?: typeof sendSigned;
}

export type Webhooks = ReturnType<typeof createWebhooks>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEndpoint['events'],
  created_at: row.created_at.toISOString(),
  disabled_at: iso(row.disabled_at),
  disabled_reason: row.disabled_reason,
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event_id: row.event_id,
  event_type: row.event_type,
  order_id: row.order_id,
  status: row.status,
  attempts: row.attempts,
  last_response_code: row.last_response_code,
  last_error: row.last_error,
  next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  created_at: row.created_at.toISOString(),
  delivered_at: iso(row.delivered_at),
});

export function createWebhooks(deps: WebhooksDeps) {
  const { db, clock, outbox, log, config } = deps;
  const send = deps.send ?? sendSigned;
  const inFlight = new Set<Promise<unknown>>();
  const notFound = () => new DomainError('not_found', messages.generic.notFound);

  async function ownEndpoint(userId: number, id: number): Promise<EndpointRow> {
    const endpoint = await findEndpoint(db, userId, id);
    if (!endpoint) throw notFound();
    return endpoint;
  }

  async function create(userId: number, body: CreateWebhookBody): Promise<CreateWebhookResponse> {
    const url = new URL(body.url);
    const refused = (message: string) =>
      new DomainError('invalid', message, {
        code: 'WEBHOOK_TARGET_REFUSED',
        fields: [{ path: 'body.url', message }],
      });
    let problem;
    try {
      problem = await checkTarget(url, config.allowPrivateTargets);
    } catch {
      throw refused(messages.webhooks.unresolvable(url.hostname));
    }
    if (problem) throw refused(messages.webhooks.privateTarget);
    if ((await countEndpoints(db, userId)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new DomainError('conflict', messages.webhooks.tooMany(MAX_WEBHOOK_ENDPOINTS));
    }
    const secret = newEndpointSecret();
    const row = await insertEndpoint(db, {
      user_id: userId,
      url: url.href,
      events: [...new Set(body.events)],
      secret,
    });
    return { endpoint: toEndpoint(row), secret };
  }

  async function list(userId: number) {
    return { data: (await listEndpoints(db, userId, MAX_WEBHOOK_ENDPOINTS)).map(toEndpoint) };
  }

  async function remove(userId: number, id: number): Promise<void> {
    if (!(await deleteEndpoint(db, userId, id))) throw notFound();
  }

  async function deliveries(userId: number, id: number) {
    const endpoint = await ownEndpoint(userId, id);
    return { data: (await listDeliveries(db, endpoint.id, DELIVERY_LOG_SIZE)).map(toDelivery) };
  }

  async function resend(userId: number, id: number, deliveryId: number) {
    const endpoint = await ownEndpoint(userId, id);
    const row = await db
      .transaction()
      .execute((trx) => requeueDelivery(trx, endpoint.id, deliveryId, clock.now()));
    if (!row) throw notFound();
    deliver([row.id]);
    return { delivery: toDelivery(row) };
  }

  async function sendTest(userId: number, id: number) {
    const endpoint = await ownEndpoint(userId, id);
    const event = testEvent(clock.now());
    const row = await insertDelivery(db, {
      endpoint_id: endpoint.id,
      event_id: event.id,
      event_type: event.type,
      order_id: null,
      payload: event,
      next_attempt_at: clock.now(),
    });
    if (!row) throw new Error('a fresh event id was already delivered to this endpoint');
    deliver([row.id]);
    return { delivery: toDelivery(row) };
  }

  /**
   * Inside the caller's transaction (the order's change): one delivery row per event per subscribed endpoint of
   * the order's owner. Returns their ids, handed to `deliver` after the commit. No network here.
   */
  async function enqueueWithin(trx: Db, change: OrderChange): Promise<number[]> {
    const now = clock.now();
    const ids: number[] = [];
    for (const event of eventsOf(change, now)) {
      for (const endpoint of await subscribedEndpoints(trx, change.userId, event.type)) {
        const row = await insertDelivery(trx, {
          endpoint_id: endpoint.id,
          event_id: event.id,
          event_type: event.type,
          order_id: change.id,
          payload: event,
          next_attempt_at: now,
        });
        if (row) ids.push(row.id);
      }
    }
    return ids;
  }

  /** A delivery gave up: the endpoint goes off, its pending deliveries with it, and its owner gets a mail. */
  async function giveUp(endpoint: EndpointRow, reason: string): Promise<void> {
    const now = clock.now();
    const mailId = await db.transaction().execute(async (trx) => {
      const disabled = await disableEndpoint(trx, endpoint.id, now, reason);
      if (!disabled) return undefined;
      await failPendingOf(trx, endpoint.id, reason);
      const owner = await ownerOf(trx, disabled.user_id);
      if (!owner) return undefined;
      const text = messages.webhooks.disabledMail(disabled.url, reason);
      return outbox.enqueue(trx, {
        kind: 'webhook_disabled',
        dedupeKey: `webhook-disabled-${endpoint.id}-${now.getTime()}`,
        to: owner.email,
        subject: messages.webhooks.disabledSubject,
        text: [`Hello ${owner.name},`, '', text, '', 'The Bindery team'].join('\n'),
        html: `<p>Hello ${escapeHtml(owner.name)},</p>\n<p>${escapeHtml(text)}</p>\n<p>The Bindery team</p>`,
      });
    });
    log.warn(
      { endpointId: endpoint.id, reason },
      'webhook endpoint disabled after a day of failed deliveries',
    );
    if (mailId !== undefined) outbox.deliver([mailId]);
  }

  async function attempt(row: DeliveryRow, endpoint: EndpointRow | undefined): Promise<boolean> {
    if (!endpoint) return false;
    const outcome: SendOutcome = await send(
      endpoint.url,
      JSON.stringify(row.payload),
      endpoint.secret,
      clock.now(),
      config.allowPrivateTargets,
    );
    const now = clock.now();
    if (outcome.ok) {
      await settleDelivery(db, row.id, {
        status: 'delivered',
        last_response_code: outcome.status,
        last_error: null,
        delivered_at: now,
      });
      return true;
    }
    const expired = now.getTime() - row.created_at.getTime() >= RETRY_WINDOW_MS;
    await settleDelivery(db, row.id, {
      status: expired ? 'failed' : 'pending',
      last_response_code: outcome.status,
      last_error: outcome.error,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts)),
    });
    if (expired) await giveUp(endpoint, outcome.error ?? 'no answer');
    return false;
  }

  async function run(where: { ids: readonly number[] } | { due: number }): Promise<number> {
    const rows = await claimDeliveries(db, where, clock.now(), CLAIM_MS);
    const endpoints = new Map(
      (await endpointsByIds(db, [...new Set(rows.map((r) => r.endpoint_id))])).map((e) => [e.id, e]),
    );
    let delivered = 0;
    for (const row of rows) if (await attempt(row, endpoints.get(row.endpoint_id))) delivered += 1;
    return delivered;
  }

  function deliver(ids: readonly number[]): void {
    if (ids.length === 0) return;
    const work = run({ ids }).catch((err: unknown) =>
      log.error({ err, ids }, 'webhook delivery failed; the periodic run retries'),
    );
    const tracked = work.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  return {
    create,
    list,
    remove,
    deliveries,
    resend,
    sendTest,
    enqueueWithin,
    deliver,
    /** Sends up to `limit` pending deliveries that are due; returns how many were delivered. */
    deliverDue: (limit = 50) => run({ due: limit }),
    /** Waits for background deliveries still in flight. */
    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
