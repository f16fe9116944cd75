import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A real SMTP server on loopback standing in for the mail relay: it can refuse the next
 * attempts (421 to a new connection or to a mail on an open one, as a relay that is down or
 * overloaded does) or accept them and never greet
 * (a relay that hangs). Everything it accepts is in `received`.
 */
export async function startSmtpDouble() {
  const received: ReceivedMail[] = [];
  const state = { refuseNext: 0, hangNext: 0, connections: 0, connectionErrors: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A DNS lookup of 127.0.0.1 per connection (no resolver here) held every mail ~100 ms.
    disableReverseLookup: true,
    closeTimeout: 100,
    onConnect(_session, callback) {
      state.connections++;
      if (state.hangNext > 0) {
        state.hangNext--;
        return; // no greeting, ever
      }
      if (state.refuseNext > 0) {
        state.refuseNext--;
        return callback(
          Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }),
        );
      }
      callback();
    },
    // The mailer keeps its connections open (a pool): a relay refusing mail refuses it on those too.
    onMailFrom(_address, _session, callback) {
      if (state.refuseNext > 0) {
        state.refuseNext--;
        return callback(
          Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }),
        );
      }
      callback();
    },
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
  // A client that vanishes mid-mail (a server killed while sending) resets its connection; the
  // library reports that as the server's 'error' event, which with no listener would end the process.
  server.on('error', () => {
    state.connectionErrors++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
