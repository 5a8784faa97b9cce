/**
 * The one way mail leaves the API (ADR 0068): every mail a person must receive (an account's verification and
 * reset links, an order paid, shipped, canceled, a receipt, a staff notification) is a row here first, written in
 * the SAME transaction as the change it announces when there is one, then sent after the commit. A crash between
 * the commit and the SMTP call therefore loses no mail (the row waits), a rolled-back change sends none, and a mail
 * server that is away delays mail instead of failing the request. Only this file calls the Mailer
 * (test/architecture.test.ts).
 *
 * - `enqueue(trx, mail)` inside the transaction; a `dedupeKey` makes a second write of the same mail a no-op;
 * - `deliver(ids)` after the commit, in the background (the caller does not wait for SMTP);
 * - `sendLater(mail)` for a caller that holds no transaction and must not wait even for the write (an answer whose
 *   timing must not tell whether an address has an account): the row is written and delivered in the background;
 * - `deliverDue()` sends whatever is pending and due: mails whose immediate delivery failed (retried with a
 *   growing delay) and mails of a process that died before delivering them. It is run periodically.
 * Every send first claims its row with one UPDATE (locked_until), so two API instances, or the immediate delivery
 * and the periodic one, never send the same mail twice while both are alive.
 * @see https://microservices.io/patterns/data/transactional-outbox.html
 */
import type { Kysely } from 'kysely';
import type { DB, Db } from '#db/database.js';
import { claimOutboxRows, type OutboxPick } from '#db/outbox-claim.js';
import type { Clock } from '#lib/clock.js';
import type { Logger } from '#lib/logger.js';
import type { Mailer, MailMessage } from './mailer.js';
import { escapeHtml } from './templates.js';

export interface OutboxMail extends MailMessage {
  /** What it is (order_paid, order_shipped…), for logs and tests. */
  kind: string;
  /** One mail per key: enqueueing the same key again does nothing. */
  dedupeKey?: string;
  orderId?: number;
}

export interface MailOutbox {
  /** Writes the mail in the caller's transaction; returns its id (undefined when the key was written before). */
  enqueue(db: Db, mail: OutboxMail): Promise<number | undefined>;
  /** Sends these mails now, in the background (after the transaction that wrote them committed). */
  deliver(ids: readonly number[]): void;
  /** Writes the mail through the app's handle and delivers it, both in the background (no transaction held). */
  sendLater(mail: OutboxMail): void;
  /** Sends up to `limit` pending mails that are due; returns how many were sent. */
  deliverDue(limit?: number): Promise<number>;
  /** Waits for background writes and deliveries still in flight. */
  drain(): Promise<void>;
  /**
   * Inside an account's deletion: its account mails (no order) to `address` are deleted, sent or not; order mails
   * stay with their orders, which keep the buyer's address anyway (ADR 0008, 0083).
   */
  forgetAccountMailWithin(trx: Db, address: string): Promise<void>;
}

/** After this many failed attempts a mail is given up (status failed, last_error kept for staff). */
export const MAX_MAIL_ATTEMPTS = 8;
/** A claim lasts this long: a sender that died holding it lets another send the mail afterwards. */
const CLAIM_MS = 2 * 60 * 1000;
/** 1 min, 2, 4, … capped at 6 h. */
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

/** What a sent or given-up mail keeps of a one-time link (ADR 0083). */
export const LINK_REMOVED = '[link removed after sending]';

/** A one-time link's row, without the link: nobody who reads the table later can use it. */
function forgetLink(row: { secret_link: boolean; link: string | null; text_body: string; html_body: string }) {
  if (!row.secret_link || row.link === null) return {};
  const link = row.link;
  return {
    link: null,
    text_body: row.text_body.replaceAll(link, LINK_REMOVED),
    html_body: row.html_body.replaceAll(escapeHtml(link), LINK_REMOVED).replaceAll(link, LINK_REMOVED),
  };
}

export function createMailOutbox(deps: {
  db: Kysely<DB>;
  mailer: Mailer;
  clock: Clock;
  log: Pick<Logger, 'error' | 'warn'>;
}): MailOutbox {
  const { db, mailer, clock, log } = deps;
  const inFlight = new Set<Promise<unknown>>();

  const claim = (where: OutboxPick) => claimOutboxRows(db, 'mail_outbox', where, clock.now(), CLAIM_MS);

  async function send(rows: Awaited<ReturnType<typeof claim>>): Promise<number> {
    let sent = 0;
    for (const row of rows) {
      try {
        await mailer.send({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(row.link ? { link: row.link } : {}),
        });
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: clock.now(), locked_until: null, last_error: null, ...forgetLink(row) })
          .where('id', '=', row.id)
          .execute();
        sent += 1;
      } catch (err) {
        const failed = row.attempts >= MAX_MAIL_ATTEMPTS;
        log[failed ? 'error' : 'warn'](
          { err, mailId: row.id, kind: row.kind, attempts: row.attempts },
          failed ? 'mail given up after repeated failures' : 'mail not sent; it will be retried',
        );
        await db
          .updateTable('mail_outbox')
          .set({
            status: failed ? 'failed' : 'pending',
            locked_until: null,
            last_error: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
            next_attempt_at: new Date(clock.now().getTime() + retryDelayMs(row.attempts)),
            ...(failed ? forgetLink(row) : {}),
          })
          .where('id', '=', row.id)
          .execute()
          .catch((error: unknown) =>
            log.error({ err: error, mailId: row.id }, 'mail outbox row could not be updated'),
          );
      }
    }
    return sent;
  }

  const track = (work: Promise<unknown>) => {
    const tracked = work.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  async function enqueue(trx: Db, mail: OutboxMail): Promise<number | undefined> {
    const row = await trx
      .insertInto('mail_outbox')
      .values({
        kind: mail.kind,
        dedupe_key: mail.dedupeKey ?? null,
        order_id: mail.orderId ?? null,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        link: mail.link ?? null,
        secret_link: mail.secretLink === true && mail.link !== undefined,
        next_attempt_at: clock.now(),
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  const deliverNow = (ids: readonly number[]) =>
    claim({ ids })
      .then(send)
      .catch((err: unknown) => log.error({ err, ids }, 'mail delivery failed; the periodic run retries'));

  return {
    enqueue,
    deliver(ids) {
      if (ids.length > 0) track(deliverNow(ids));
    },
    sendLater(mail) {
      track(
        enqueue(db, mail).then(
          (id) => (id === undefined ? undefined : deliverNow([id])),
          (err: unknown) => log.error({ err, kind: mail.kind }, 'mail could not be written to the outbox'),
        ),
      );
    },
    async deliverDue(limit = 50) {
      return send(await claim({ due: limit }));
    },
    async drain() {
      await Promise.allSettled([...inFlight]);
    },
    async forgetAccountMailWithin(trx, address) {
      await trx.deleteFrom('mail_outbox').where('to_address', '=', address).where('order_id', 'is', null).execute();
    },
  };
}
