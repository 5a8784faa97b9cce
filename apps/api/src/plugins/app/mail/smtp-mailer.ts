/**
 * The SMTP adapter: nodemailer on SMTP_URL (smtp://user:pass@host:587, smtps://… for implicit TLS; options
 * such as ?ignoreTLS=true may follow as query parameters).
 * Timeouts are short because sign-up waits for the verification mail to be accepted.
 * @see https://nodemailer.com/smtp/
 */
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mailer.js';
import { nodemailerMessage } from './nodemailer-message.js';

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message: MailMessage): Promise<SentMail> {
      const info = await transport.sendMail(nodemailerMessage(from, message));
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
