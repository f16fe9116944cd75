import { CLOSE_CODES } from '@core28/core/realtime';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { announceAccessChanged, announceSessionsEnded } from './channel.ts';

import {
  asked,
  closeCode,
  connect,
  database,
  expiries,
  hub,
  notAdmitted,
  send,
  sessions,
  settle,
  setupHub,
  signIn,
  startHub,
  until,
} from './hub-harness.ts';

// The hub's sockets: their caps, their sessions' ends, what they remember, and the heartbeat (the
// hub and its test ports are in hub-harness.ts).

setupHub();

describe('sockets', () => {
  it('holds a session to its cap and a member to theirs (4429); another member is not affected', async () => {
    const laptop = signIn('capped');
    const tabs = [await connect(laptop), await connect(laptop)];
    const third = await connect(laptop);
    expect(await closeCode(third)).toBe(CLOSE_CODES.tooManyConnections);
    const phone = signIn('capped');
    tabs.push(await connect(phone));
    expect(await closeCode(await connect(signIn('capped')))).toBe(CLOSE_CODES.tooManyConnections);
    const other = await connect(signIn('uncapped'));
    const closing = tabs.shift()!;
    closing.ws.close();
    await closing.closed;
    await settle(50);
    tabs.push(await connect(phone)); // room again
    await settle(50);
    for (const socket of [...tabs, other]) expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    for (const socket of [...tabs, other]) socket.ws.close();
  });

  it('closes the sockets of an ended session (4401): announced at once, or found expired at delivery', async () => {
    const announced = signIn('ending');
    const stale = signIn('ending');
    const kept = signIn('ending');
    expiries.set(stale.sessionId, Date.now() + 400);
    const [a, s, k] = await Promise.all([connect(announced), connect(stale), connect(kept)]);
    await announceSessionsEnded(database.db, { sessionIds: [announced.sessionId] });
    expect(await closeCode(a)).toBe(CLOSE_CODES.sessionEnded);
    await settle(Math.max(0, expiries.get(stale.sessionId)! - Date.now()) + 50); // nobody said so
    await send({ to: ['ending'], key: 'e', n: 1 });
    expect(await closeCode(s)).toBe(CLOSE_CODES.sessionEnded);
    await until(() => k.seen.length > 0, 'the valid session’s event');
    expect(s.seen).toEqual([]);
    k.ws.close();
  });

  it('remembers a session and a member’s access between events, until it expires or a change is announced', async () => {
    const member = signIn('remembered');
    expiries.set(member.sessionId, Date.now() + 600);
    const socket = await connect(member);
    await send({ to: ['remembered'], key: 'm', n: 1 });
    await until(() => socket.seen.length === 1, 'the first event');
    notAdmitted.add('remembered'); // not announced: the access the hub remembers holds
    await send({ to: ['remembered'], key: 'm', n: 2 });
    await until(() => socket.seen.length === 2, 'the remembered access');
    await announceAccessChanged(database.db, { userIds: ['remembered'] });
    await send({ to: ['remembered'], key: 'm', n: 3 });
    await settle();
    expect(socket.seen).toEqual(['m#1', 'm#2']);
    notAdmitted.delete('remembered');
    await announceAccessChanged(database.db, { userIds: ['remembered'] });
    await send({ to: ['remembered'], key: 'm', n: 4 });
    await until(() => socket.seen.length === 3, 'the access given back');
    expect(socket.seen).toEqual(['m#1', 'm#2', 'm#4']);
    await settle(Math.max(0, expiries.get(member.sessionId)! - Date.now()) + 50); // expired, nobody said so
    await send({ to: ['remembered'], key: 'm', n: 5 });
    expect(await closeCode(socket)).toBe(CLOSE_CODES.sessionEnded);
    expect(socket.seen).toHaveLength(3);
  });

  it('remembers what the handshake read: a socket’s first event asks for nothing; after an announced change it asks again', async () => {
    const member = signIn('handshaken');
    const tabs = [await connect(member), await connect(member)];
    const before = { ...asked };
    await send({ to: ['handshaken'], key: 'h', n: 1 });
    await until(() => tabs.every((tab) => tab.seen.length === 1), 'the first event in both tabs');
    expect(asked).toEqual(before);

    // A change announced while a handshake reads is not remembered: the first event asks again.
    await announceAccessChanged(database.db, { userIds: ['handshaken'] });
    await settle();
    await send({ to: ['handshaken'], key: 'h', n: 2 });
    await until(() => tabs.every((tab) => tab.seen.length === 2), 'the second event');
    expect(asked).toEqual({ sessions: before.sessions + 1, access: before.access + 1 });
    for (const tab of tabs) tab.ws.close();
  });

  it('counts open sockets and the events it sent, one per socket', async () => {
    await settle();
    const before = hub.stats();
    const member = signIn('counted');
    const tabs = [await connect(member), await connect(member)];
    expect(hub.stats().openSockets).toBe(before.openSockets + 2);
    await send({ to: ['counted'], key: 'c', n: 1 });
    await until(() => tabs.every((t) => t.seen.length === 1), 'both tabs');
    notAdmitted.add('counted');
    await announceAccessChanged(database.db, { userIds: ['counted'] });
    await send({ to: ['counted'], key: 'c', n: 2 });
    await settle();
    expect(hub.stats().eventsDelivered).toBe(before.eventsDelivered + 2);
    for (const tab of tabs) {
      tab.ws.close();
      await tab.closed;
    }
    await settle(50);
    expect(hub.stats().openSockets).toBe(before.openSockets);
  });
});

describe('the heartbeat', () => {
  it('reads every socket’s session again, and keeps what it knows of members’ access', async () => {
    const beating = await startHub({ heartbeatMs: 100 });
    try {
      const member = signIn('beaten');
      const socket = await connect(member, beating.port);
      await send({ to: ['beaten'], key: 'b', n: 1 });
      await until(() => socket.seen.length === 1, 'the first event');
      const before = { ...asked };
      await until(() => asked.sessions >= before.sessions + 2, 'two heartbeats reading the sessions');
      await send({ to: ['beaten'], key: 'b', n: 2 });
      await until(() => socket.seen.length === 2, 'the event after the heartbeats');
      expect(asked.access).toBe(before.access); // no access query after a heartbeat
      sessions.delete(member.sessionId); // ended, and nobody said so: the next heartbeat finds it
      expect(await closeCode(socket)).toBe(CLOSE_CODES.sessionEnded);
    } finally {
      await beating.close();
    }
  });
});
