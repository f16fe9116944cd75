import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpDouble } from '../../testing/smtp.ts';
import { createSmtpMailer } from './mailer.ts';

type Received = { from: string; to: string[]; data: string };

describe('SMTP mailer', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    // A real SMTP server on loopback, the only thing standing in for the mail relay.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the message with both bodies through SMTP', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Core28 <hello@core28.app>',
      log: pino({ level: 'silent' }),
    });
    await mailer.send({
      to: 'member@example.com',
      subject: 'Confirm your Core28 account',
      text: 'Plain body',
      html: '<p>HTML body</p>',
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('hello@core28.app');
    expect(received[0]?.to).toEqual(['member@example.com']);
    expect(received[0]?.data).toContain('Subject: Confirm your Core28 account');
    expect(received[0]?.data).toContain('Plain body');
    expect(received[0]?.data).toContain('<p>HTML body</p>');
  });

  it('carries the RFC 8058 one-click unsubscribe headers when the mail has an unsubscribe URL', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Core28 <hello@core28.app>',
      log: pino({ level: 'silent' }),
    });
    const url = 'https://core28.example/api/notifications/unsubscribe?token=abc.def';
    await mailer.send({
      to: 'a@example.com',
      subject: 'Reminder',
      text: 't',
      html: '<p>h</p>',
      listUnsubscribe: url,
    });
    await mailer.send({ to: 'b@example.com', subject: 'Receipt', text: 't', html: '<p>h</p>' });
    const [withList, without] = received.slice(-2);
    const headers = (withList?.data ?? '').replace(/\r?\n[ \t]+/g, ' '); // unfolded (RFC 5322)
    expect(headers).toMatch(
      /^List-Unsubscribe: <https:\/\/core28\.example\/api\/notifications\/unsubscribe\?token=abc\.def>\r?$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(without?.data).not.toContain('List-Unsubscribe');
  });

  it('marks every mail as written by the app (RFC 3834 Auto-Submitted)', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Core28 <hello@core28.app>',
      log: pino({ level: 'silent' }),
    });
    await mailer.send({ to: 'c@example.com', subject: 'Receipt', text: 't', html: '<p>h</p>' });
    await mailer.send({
      to: 'd@example.com',
      subject: 'Reminder',
      text: 't',
      html: 'h',
      listUnsubscribe: 'https://x.example/u',
    });
    for (const mail of received.slice(-2)) expect(mail.data).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
  });

  it('reports a refused delivery as an error', async () => {
    const mailer = createSmtpMailer({
      url: 'smtp://127.0.0.1:1',
      from: 'a@b.co',
      log: pino({ level: 'silent' }),
    });
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
  });

  it('sends Reply-To when the mail has one', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Core28 <hello@core28.app>',
      log: pino({ level: 'silent' }),
    });
    await mailer.send({
      to: 'team@example.com',
      replyTo: 'ann@example.com',
      subject: 's',
      text: 't',
      html: 'h',
    });
    expect(received.at(-1)?.data).toMatch(/^Reply-To: ann@example\.com$/m);
  });

  // `createTransport({ url, greetingTimeout })` kept only the URL's options, so a
  // relay that never greeted held the send for nodemailer's default 30 s.
  it('gives up on a relay that never greets after the greeting timeout', async () => {
    const smtp = await startSmtpDouble();
    try {
      smtp.state.hangNext = 1;
      const mailer = createSmtpMailer({
        url: smtp.url,
        from: 'a@b.co',
        log: pino({ level: 'silent' }),
        timeouts: { connectionMs: 500, greetingMs: 500, socketMs: 1_000 },
      });
      const started = performance.now();
      await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow(
        /Greeting never received/,
      );
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await smtp.close();
    }
  });
});
