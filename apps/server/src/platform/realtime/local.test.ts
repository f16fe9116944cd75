import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, type ServerEvent } from '@core28/core/realtime';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openTestDatabase } from '../../testing/harness.ts';
import type { Database, DatabaseHandle } from '../db/index.ts';
import type { Listen } from '../db/listen.ts';
import { publish, realtimeChannel } from './channel.ts';
import { createRealtimeHub } from './hub.ts';

// Two hubs on one database, as two instances: the first delivers its own publications at commit
// (its LISTEN is held back 1 s, so only the local path can be that quick), the second hears them
// through NOTIFY. Every socket gets every event once, in the order published.

const ORIGIN = 'http://localhost:3999';
type Notice = { n: number };
const TEST = realtimeChannel<Notice>('local-test');
const HELD_BACK_MS = 1_000;

let database: DatabaseHandle;
const hubs: { port: number; db: Database; close: () => Promise<void> }[] = [];

async function startHub(listen: Listen) {
  const hub = createRealtimeHub({
    log: pino({ level: 'silent' }),
    listen,
    siteOrigin: ORIGIN,
    authenticate: async () => ({
      userId: 'member',
      sessionId: 'session',
      staff: null,
      expiresAt: new Date(Date.now() + 3_600_000),
    }),
    validSessions: async (ids) =>
      ids.map((id) => ({ id, staff: null, expiresAt: new Date(Date.now() + 3_600_000) })),
  });
  hub.channel(TEST, {
    authorize: async () => true,
    refusal: 'no',
    audience: () => ({ userIds: ['member'] }),
    access: async () => ({ allowed: true, until: null }),
    event: (notice) => ({ type: 'topic', topicId: `loaded#${notice.n}` }),
  });
  const server = createServer();
  server.on('upgrade', (req, socket, head) => void hub.handleUpgrade(req, socket, head));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  await hub.start();
  return {
    port: (server.address() as AddressInfo).port,
    db: hub.deliveringLocally(database.db),
    close: async () => {
      await hub.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const heldBack: Listen = (channel, handlers) =>
    database.listen(channel, {
      ...handlers,
      onPayload: (payload) => setTimeout(() => handlers.onPayload(payload), HELD_BACK_MS),
    });
  hubs.push(await startHub(heldBack), await startHub(database.listen));
});
afterAll(async () => {
  for (const hub of hubs) await hub.close();
  await database.close();
});

const connect = (port: number) =>
  new Promise<{ ws: WebSocket; seen: { id: string; at: number }[] }>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, { headers: { origin: ORIGIN } });
    const socket = { ws, seen: [] as { id: string; at: number }[] };
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      if (event.type === 'ready') resolve(socket);
      if (event.type === 'topic') socket.seen.push({ id: event.topicId, at: performance.now() });
    });
    ws.on('error', reject);
  });

describe('delivery on the publishing instance', () => {
  it('sends at commit, once per socket, in order; the other instance gets each once through NOTIFY', async () => {
    const [first, second] = hubs as [(typeof hubs)[0], (typeof hubs)[0]];
    const [here, there] = await Promise.all([connect(first.port), connect(second.port)]);
    const started = performance.now();
    await first.db.transaction(async (tx) => {
      await publish(tx, TEST, 'k', { n: 1 }, { type: 'topic', topicId: 'at-hand#1' });
      await publish(tx, TEST, 'k', { n: 2 });
    });
    await first.db
      .transaction(async (tx) => {
        await publish(tx, TEST, 'k', { n: 3 });
        tx.rollback();
      })
      .catch(() => {});
    await publish(first.db, TEST, 'k', { n: 4 }); // outside a transaction: committed as it runs
    await first.db.transaction((tx) => publish(tx, TEST, 'k', { n: 5 }));

    // Both sockets' frames are on their way; wait for both (the time bound below is what says the
    // first got its events at commit, not through its held-back NOTIFY).
    const settled = () => here.seen.length >= 4 && there.seen.length >= 4;
    for (let i = 0; i < 60 && !settled(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(here.seen.map((e) => e.id)).toEqual(['at-hand#1', 'loaded#2', 'loaded#4', 'loaded#5']);
    expect(Math.max(...here.seen.map((e) => e.at)) - started).toBeLessThan(HELD_BACK_MS);
    expect(there.seen.map((e) => e.id)).toEqual(['loaded#1', 'loaded#2', 'loaded#4', 'loaded#5']);

    await new Promise((r) => setTimeout(r, HELD_BACK_MS + 200)); // the first hub's own NOTIFYs come back
    expect(here.seen).toHaveLength(4);
    for (const socket of [here, there]) socket.ws.close();
  });
});
