import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { until } from './jobs.ts';
import { startSmtpDouble } from './smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtpDouble>>;
beforeAll(async () => {
  smtp = await startSmtpDouble();
});
afterAll(() => smtp.close());

/** Writes a command and waits for the reply line that starts with `code`. */
async function command(socket: net.Socket, line: string | null, code: string) {
  if (line !== null) socket.write(`${line}\r\n`);
  let reply = '';
  while (!new RegExp(`^${code} `, 'm').test(reply)) reply += String((await once(socket, 'data'))[0]);
}

it('outlives a client reset in the middle of a mail, as a killed server leaves it', async () => {
  const { port } = new URL(smtp.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await command(socket, null, '220');
  await command(socket, 'EHLO test', '250');
  await command(socket, 'MAIL FROM:<a@example.com>', '250');
  socket.resetAndDestroy();
  await until(() => smtp.state.connectionErrors === 1, 5_000);

  // Still a relay: the next client's mail is taken.
  const next = net.connect(Number(port), '127.0.0.1');
  await command(next, null, '220');
  await command(next, 'EHLO test', '250');
  await command(next, 'MAIL FROM:<a@example.com>', '250');
  await command(next, 'RCPT TO:<b@example.com>', '250');
  await command(next, 'DATA', '354');
  await command(next, 'Subject: after\r\n\r\nbody\r\n.', '250');
  next.end('QUIT\r\n');
  expect(smtp.received.map((mail) => mail.to)).toEqual([['b@example.com']]);
});
