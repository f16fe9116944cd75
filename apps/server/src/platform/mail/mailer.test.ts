import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('reports a refused delivery as an error', async () => {
    const mailer = createSmtpMailer({
      url: 'smtp://127.0.0.1:1',
      from: 'a@b.co',
      log: pino({ level: 'silent' }),
    });
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
  });
});
