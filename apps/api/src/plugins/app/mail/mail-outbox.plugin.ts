/**
 * Decorates `app.mailOutbox` (mail-outbox.ts) and adds its periodic job `mail.outbox` (docs/decisions/0021): every
 * OUTBOX_INTERVAL_MS the mails that are pending and due are sent — retries, and mails of a process that stopped
 * before delivering them. Safe with several API instances: the job runs once per period, and each send claims
 * its row first anyway.
 */
import fp from 'fastify-plugin';
import { createMailOutbox, type MailOutbox } from './mail-outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

export const OUTBOX_INTERVAL_MS = 60 * 1000;

export default fp(
  async (app) => {
    const outbox = createMailOutbox({ db: app.db, mailer: app.mailer, clock: app.clock, log: app.log });
    app.decorate('mailOutbox', outbox);
    app.jobs.add({
      name: 'mail.outbox',
      everyMs: OUTBOX_INTERVAL_MS,
      run: async () => {
        const sent = await outbox.deliverDue();
        return sent > 0 ? { sent } : undefined;
      },
    });
    // Immediate deliveries still in flight finish before the mailer closes and the pool is destroyed (onClose
    // hooks run in reverse order of registration).
    app.addHook('onClose', async () => outbox.drain());
  },
  { name: 'mail-outbox', dependencies: ['db', 'mail', 'jobs'] },
);
