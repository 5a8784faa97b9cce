/** The nodemailer message both adapters send: one mapping, so SMTP and the outbox produce identical MIME. */
import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer.js';

export function nodemailerMessage(from: string, message: MailMessage): SendMailOptions {
  return { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
}
