/**
 * Outgoing e-mail behind one small interface, chosen by configuration:
 * - SMTP_URL set: a real SMTP server (smtp-mailer.ts);
 * - otherwise (the embedded default): each message is written as an .eml file to DATA_DIR/outbox/ and its
 *   link is logged, so a local install works without any mail server (outbox-mailer.ts).
 * The interface lives in mailer.ts, apart from both implementations; this plugin only chooses and decorates
 * `app.mailer`, which only the outbox calls (mail-outbox.ts, ADR 0068): a module writes its mail to
 * `app.mailOutbox`, never to the Mailer.
 */
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createOutboxMailer } from './outbox-mailer.js';
import type { Mailer } from './mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMTP or .eml adapter: called by the mail outbox only (ADR 0068). */
    mailer: Mailer;
  }
}

export default fp(
  async (app) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;
    const mailer = smtpUrl
      ? createSmtpMailer(smtpUrl, mailFrom)
      : createOutboxMailer(join(dataDir, 'outbox'), mailFrom, app.log);
    app.decorate('mailer', mailer);
    // The outbox's onClose (registered later, so run first) waits for its deliveries before this closes.
    app.addHook('onClose', async () => mailer.close());
    app.log.info({ mail: mailer.kind }, 'mail adapter ready');
  },
  { name: 'mail', dependencies: ['config'] },
);
