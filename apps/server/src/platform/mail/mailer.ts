import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Logger } from 'pino';

/** An e-mail as the templates make it; `preview` is the inbox's one-line preview (preheader). */
export type MailMessage = {
  to: string;
  replyTo?: string;
  subject: string;
  preview: string;
  text: string;
  html: string;
  meta?: Record<string, string>;
  /** RFC 8058 one-click unsubscribe URL: List-Unsubscribe and List-Unsubscribe-Post. */
  listUnsubscribe?: string;
};

/**
 * A header's value on one line: a CR or LF from a member's text (a topic title, a name) would
 * otherwise start a header of its own (`Bcc:`) in whatever writes the mail. Control characters and
 * runs of white space become one space. enqueueMail passes every header through it.
 */
export const headerLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/** What a transport delivers (the outbox row; the sender comes from MAIL_FROM). */
export type OutgoingMail = {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  listUnsubscribe?: string | null;
};

/**
 * The mail relay. Every e-mail is first an outbox row, sent by the mail-send job
 * (platform/mail/outbox.ts) through this transport.
 */
export type Mailer = {
  kind: 'outbox' | 'smtp';
  send: (mail: OutgoingMail) => Promise<void>;
  /** Ends the relay's open connections (at shutdown). */
  close?: () => void;
};

/** No relay (the embedded default): the outbox table is the mailbox, read at /dev/mail. */
export function createOutboxMailer(): Mailer {
  return { kind: 'outbox', send: async () => {} };
}

/**
 * A relay that never answered held the request for 30 s. Requests no longer wait for
 * the relay, and the job gives up on a silent one after these (then retries later).
 */
export const SMTP_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/** Production: SMTP through nodemailer (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpMailer({
  url,
  from,
  log,
  timeouts = SMTP_TIMEOUTS,
  connections = 4,
}: {
  url: string;
  from: string;
  log: Logger;
  timeouts?: typeof SMTP_TIMEOUTS;
  /** Connections kept open to the relay: one per mail-send worker (outbox.ts MAIL_POLICY). */
  connections?: number;
}): Mailer {
  // The transport itself, not createTransport({ url, … }): that one keeps the URL's options only.
  // Pooled: a connection (and its TLS handshake) per mail cost 120 ms even on loopback, which held
  // a popular minute's reminders to 30 mails a second; a kept connection sends one in about 6 ms.
  const transport = nodemailer.createTransport(
    new SMTPPool({
      url,
      maxConnections: connections,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    }),
  );
  return {
    kind: 'smtp',
    async send({ to, replyTo, subject, text, html, listUnsubscribe }) {
      const info = await transport.sendMail({
        from,
        to,
        replyTo: replyTo ?? undefined,
        subject,
        text,
        html,
        headers: {
          // RFC 3834: every mail Core28 sends is written by the app, not a person. Mail servers
          // and out-of-office replies then do not answer it automatically.
          'Auto-Submitted': 'auto-generated',
          // RFC 8058: a POST to the List-Unsubscribe URL is enough.
          ...(listUnsubscribe ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
        },
        ...(listUnsubscribe ? { list: { unsubscribe: listUnsubscribe } } : {}),
      });
      log.info({ messageId: info.messageId, subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}
