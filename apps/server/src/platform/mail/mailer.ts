import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/index.ts';
import { mailOutbox } from '../db/schema.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  meta?: Record<string, string>;
};
export type Mailer = { kind: 'outbox' | 'smtp'; send: (message: MailMessage) => Promise<void> };

/** Embedded default: every message lands in the outbox table, read by the dev mailbox at /dev/mail. */
export function createOutboxMailer(db: Database): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insert(mailOutbox)
        .values({ ...message, to: message.to.toLowerCase(), meta: message.meta ?? {} });
    },
  };
}

/** Production: SMTP through nodemailer (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpMailer({ url, from, log }: { url: string; from: string; log: Logger }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send({ to, subject, text, html }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      log.info({ messageId: info.messageId, subject }, 'mail sent');
    },
  };
}
