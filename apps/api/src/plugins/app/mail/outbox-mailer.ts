/**
 * The embedded default adapter: nodemailer builds the real MIME message (the same bytes an SMTP server would
 * receive) and it is written to DATA_DIR/outbox/<time>-<id>.eml, which any mail client opens. The action
 * link is logged so a developer can follow it straight from the console.
 * @see https://nodemailer.com/transports/stream/
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from '#lib/logger.js';
import { ensurePrivateDir, writePrivateFile } from '#lib/private-fs.js';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mailer.js';
import { nodemailerMessage } from './nodemailer-message.js';

export function createOutboxMailer(dir: string, from: string, log: Pick<Logger, 'info'>): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(message: MailMessage): Promise<SentMail> {
      const info = await transport.sendMail(nodemailerMessage(from, message));
      await ensurePrivateDir(dir);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Mode 0600: the message holds a live link to somebody's account.
      await writePrivateFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file, link: message.link },
        `mail written to outbox: ${message.link ?? file}`,
      );
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
