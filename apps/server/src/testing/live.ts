import type { ServerEvent } from '@core28/core/realtime';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { TEST_ORIGIN } from './harness.ts';

// Coaching's live sockets in tests, shared by live.test.ts and live-limits.test.ts: sockets on a
// listening test app (`t.listen()`), the events they receive, and a coach's reply through one
// instance's own HTTP server.

export type Live = {
  ws: WebSocket;
  events: ServerEvent[];
  next: (match: (e: ServerEvent) => boolean) => Promise<ServerEvent>;
};

/** A socket as a browser on the site would open it, with every event it receives recorded. */
export function connect(
  port: number,
  cookie: string,
  origin = TEST_ORIGIN,
  options: WebSocket.ClientOptions = {},
) {
  return new Promise<Live>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
      headers: { cookie, origin },
      ...options,
    });
    const events: ServerEvent[] = [];
    const waiters: { match: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      events.push(event);
      for (const waiter of waiters.filter((w) => w.match(event))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
      if (event.type === 'ready') resolve(live);
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('error', reject);
    const live: Live = {
      ws,
      events,
      next: (match) =>
        new Promise((done, fail) => {
          const seen = events.find(match);
          if (seen) return done(seen);
          const timer = setTimeout(() => fail(new Error('no matching event within 3 s')), 3000);
          waiters.push({
            match,
            resolve: (e) => {
              clearTimeout(timer);
              done(e);
            },
          });
        }),
    };
  });
}

export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

export const isMessage = (text: string) => (e: ServerEvent) =>
  e.type === 'message' && e.message.message === text;

/** A coach reply (signed in as `coach`) posted through `port`'s own HTTP server: delivered by that instance at commit. */
export async function replyThrough(port: number, coach: string, topicId: string, message: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/coaching/topics/${topicId}/replies`, {
    method: 'POST',
    headers: { cookie: coach, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  expect(res.status).toBe(201);
}
