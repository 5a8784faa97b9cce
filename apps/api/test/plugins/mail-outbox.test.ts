/**
 * The durable mail outbox (plugins/app/mail/mail-outbox.ts) on the real PostgreSQL, with a clock the test moves:
 * a mail exists only if its transaction committed, is sent once, waits and is retried when the mail server
 * fails, is given up after MAX_MAIL_ATTEMPTS, and two senders racing for it send it once. The Mailer here is a
 * stand-in for the SMTP server (the outside adapter), not for our code.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '#lib/clock.js';
import {
  LINK_REMOVED,
  MAX_MAIL_ATTEMPTS,
  createMailOutbox,
  type OutboxMail,
} from '#plugins/app/mail/mail-outbox.js';
import { passwordResetMail } from '#plugins/app/mail/templates.js';
import type { Mailer, MailMessage } from '#plugins/app/mail/mailer.js';
import { defined, setupTestApp } from '../helper.js';

const t = setupTestApp();
const silent = { error: () => undefined, warn: () => undefined };

/** An SMTP server that accepts, or refuses while `failing`, and remembers what it accepted. */
function fakeSmtp() {
  const sent: MailMessage[] = [];
  const state = { failing: false, calls: 0, delayMs: 0 };
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      state.calls += 1;
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.failing) throw new Error('421 Service not available');
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
    async close() {},
  };
  return { mailer, sent, state };
}

let counter = 0;
const mailTo = (kind = 'order_shipped'): OutboxMail => {
  counter += 1;
  return {
    kind,
    dedupeKey: `test-${counter}-${kind}`,
    to: `reader${counter}@example.test`,
    subject: `Subject ${counter}`,
    text: 'Hello',
    html: '<p>Hello</p>',
    link: 'http://web.test/orders/1',
  };
};
const rowOf = (id: number) =>
  t.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  // Other tests' rows must not be picked up by deliverDue here.
  await t.db.deleteFrom('mail_outbox').execute();
});
afterEach(async () => {
  await t.db.deleteFrom('mail_outbox').execute();
});

describe('mail outbox', () => {
  it('keeps no mail of a transaction that rolled back, and writes a deduplicated mail once', async () => {
    const smtp = fakeSmtp();
    const outbox = createMailOutbox({ db: t.db, mailer: smtp.mailer, clock: manualClock(), log: silent });
    const mail = mailTo();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await outbox.enqueue(trx, mail);
        throw new Error('the move failed');
      }),
    ).rejects.toThrow('the move failed');
    expect(await t.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);

    const first = await t.db.transaction().execute((trx) => outbox.enqueue(trx, mail));
    const again = await t.db.transaction().execute((trx) => outbox.enqueue(trx, mail));
    expect(first).toBeTypeOf('number');
    expect(again).toBeUndefined();
    const id = defined(first, 'the enqueued mail id');
    outbox.deliver([id]);
    await outbox.drain();
    expect(smtp.sent.map((m) => m.to)).toEqual([mail.to]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    // Sent once: neither a second deliver nor the periodic run sends it again.
    outbox.deliver([id]);
    await outbox.drain();
    expect(await outbox.deliverDue()).toBe(0);
    expect(smtp.sent).toHaveLength(1);
  });

  it('retries a mail the server refused after a growing delay, and gives up after the last attempt', async () => {
    const smtp = fakeSmtp();
    const clock = manualClock(new Date('2031-01-01T00:00:00Z'));
    const outbox = createMailOutbox({ db: t.db, mailer: smtp.mailer, clock, log: silent });
    const id = defined(await outbox.enqueue(t.db, mailTo()), 'a new mail id');
    smtp.state.failing = true;
    outbox.deliver([id]);
    await outbox.drain();
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 Service not available' });
    expect(new Date(failed.next_attempt_at).toISOString()).toBe('2031-01-01T00:01:00.000Z');

    // Not due yet: nothing is sent. Due, and the server is back: sent.
    expect(await outbox.deliverDue()).toBe(0);
    expect(smtp.state.calls).toBe(1);
    clock.advance(60_000);
    smtp.state.failing = false;
    expect(await outbox.deliverDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });

    // A mail the server keeps refusing is given up after MAX_MAIL_ATTEMPTS, its error kept for staff.
    const doomed = defined(await outbox.enqueue(t.db, mailTo()), 'a new mail id');
    smtp.state.failing = true;
    for (let i = 0; i < MAX_MAIL_ATTEMPTS + 2; i += 1) {
      clock.advance(7 * 3600_000);
      await outbox.deliverDue();
    }
    expect(await rowOf(doomed)).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
  });

  it('sends a mail once when two senders race for it (another instance, or the periodic run)', async () => {
    const smtp = fakeSmtp();
    smtp.state.delayMs = 200;
    const clock = manualClock();
    const one = createMailOutbox({ db: t.db, mailer: smtp.mailer, clock, log: silent });
    const two = createMailOutbox({ db: t.db, mailer: smtp.mailer, clock, log: silent });
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(defined(await one.enqueue(t.db, mailTo()), 'a new mail id'));
    const [a, b] = await Promise.all([one.deliverDue(), two.deliverDue()]);
    expect(a + b).toBe(5);
    expect(smtp.sent).toHaveLength(5);
    expect(new Set(smtp.sent.map((m) => m.to)).size).toBe(5);
  });

  it('keeps a one-time link only until the mail is sent or given up; other links stay (ADR 0083)', async () => {
    const smtp = fakeSmtp();
    const clock = manualClock(new Date('2031-02-01T00:00:00Z'));
    const outbox = createMailOutbox({ db: t.db, mailer: smtp.mailer, clock, log: silent });
    const link = 'http://web.test/reset-password/MQ/abc-def&x=1';
    const reset = defined(
      await outbox.enqueue(t.db, { kind: 'password_reset', ...passwordResetMail('r@example.test', 'R', link) }),
      'the reset mail id',
    );
    const order = defined(await outbox.enqueue(t.db, mailTo()), 'the order mail id');
    expect(await rowOf(reset)).toMatchObject({ link, secret_link: true });
    outbox.deliver([reset, order]);
    await outbox.drain();
    // The reader got the link; the table no longer holds it anywhere.
    expect(smtp.sent.map((m) => m.link).toSorted()).toEqual(['http://web.test/orders/1', link]);
    const sent = await rowOf(reset);
    expect(sent).toMatchObject({ status: 'sent', link: null });
    for (const body of [sent.text_body, sent.html_body]) {
      expect(body).toContain(LINK_REMOVED);
      expect(body).not.toContain('abc-def');
    }
    expect(await rowOf(order)).toMatchObject({ status: 'sent', link: 'http://web.test/orders/1' });

    // Given up after the last attempt: forgotten too.
    const doomed = defined(
      await outbox.enqueue(t.db, { kind: 'verify_email', ...passwordResetMail('v@example.test', 'V', `${link}2`) }),
      'a mail that never goes',
    );
    smtp.state.failing = true;
    for (let i = 0; i < MAX_MAIL_ATTEMPTS + 2; i += 1) {
      clock.advance(7 * 3600_000);
      await outbox.deliverDue();
    }
    const failed = await rowOf(doomed);
    expect(failed).toMatchObject({ status: 'failed', link: null });
    expect(failed.text_body).not.toContain('abc-def');
  });

  it('sends what a crashed process left pending (written, never delivered)', async () => {
    const smtp = fakeSmtp();
    const outbox = createMailOutbox({ db: t.db, mailer: smtp.mailer, clock: manualClock(), log: silent });
    // Written by a "process" that committed and stopped before delivering.
    const id = defined(
      await t.db.transaction().execute((trx) => outbox.enqueue(trx, mailTo('order_paid'))),
      'the pending mail id',
    );
    expect(await outbox.deliverDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent' });
  });
});
