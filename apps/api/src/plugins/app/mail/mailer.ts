/**
 * Outgoing e-mail's one small interface (the port). The implementations — smtp-mailer.ts, outbox-mailer.ts —
 * import it, and the wiring (mail.plugin.ts) chooses between them; this file imports neither, so the mail folder
 * has no import loop (test/architecture.test.ts). The domain calls a `Mailer` and never imports nodemailer.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one action link in the message, logged by the outbox adapter so a developer can click it. */
  link?: string;
  /** The link is a one-time secret (a verification, reset or e-mail change link): kept only until sent (ADR 0083). */
  secretLink?: boolean;
}

export interface SentMail {
  messageId: string;
  /** Where the outbox adapter wrote the message. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}
