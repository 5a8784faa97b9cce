/**
 * Outgoing e-mail behind one small interface, chosen by configuration:
 * - SMTP_URL set: a real SMTP server (smtp-mailer.ts);
 * - otherwise (the embedded default): each message is written as an .eml file to DATA_DIR/outbox/ and its
 *   link is logged, so a local install works without any mail server (outbox-mailer.ts).
 * The interface lives in mailer.ts, apart from both implementations; this plugin only chooses and decorates
 * `app.mailer`. The domain calls a Mailer and never imports nodemailer.
 */
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createOutboxMailer } from './outbox-mailer.js';
import type { MailMessage, Mailer } from './mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /**
     * Sends without making the caller wait (e.g. so a reset request answers as fast for an unknown address
     * as for a known one). Failures are logged; closing the app waits for messages still in flight.
     */
    sendMailInBackground: (message: MailMessage) => void;
  }
}

export default fp(
  async (app) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;
    const mailer = smtpUrl
      ? createSmtpMailer(smtpUrl, mailFrom)
      : createOutboxMailer(join(dataDir, 'outbox'), mailFrom, app.log);
    app.decorate('mailer', mailer);
    const inFlight = new Set<Promise<void>>();
    app.decorate('sendMailInBackground', (message: MailMessage) => {
      const sending: Promise<void> = mailer
        .send(message)
        .then(() => undefined)
        .catch((err: unknown) =>
          app.log.error({ err, to: message.to, subject: message.subject }, 'mail could not be sent'),
        )
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([...inFlight]);
      await mailer.close();
    });
    app.log.info({ mail: mailer.kind }, 'mail adapter ready');
  },
  { name: 'mail', dependencies: ['config'] },
);
