import { describe, expect, it } from 'vitest';
import { announceAccessChanged, publish } from './channel.ts';

import {
  connect,
  database,
  gate,
  hub,
  notAdmitted,
  OTHER,
  refusal,
  refused,
  send,
  settle,
  setupHub,
  signIn,
  TEST,
  until,
} from './hub-harness.ts';

// How the hub delivers events, and whom its handshake lets in (the hub and its test ports are in
// hub-harness.ts).

setupHub();

describe('delivery', () => {
  it('keeps the events of one key in the order published; another key does not wait for it', async () => {
    const member = signIn('ordered');
    const socket = await connect(member);
    const release = gate('a1');
    await send({ to: ['ordered'], key: 'a', n: 1, gate: 'a1' });
    await send({ to: ['ordered'], key: 'a', n: 2 });
    await send({ to: ['ordered'], key: 'b', n: 1 });
    await until(() => socket.seen.includes('b#1'), 'key b delivered while key a waits');
    expect(socket.seen).toEqual(['b#1']);
    release();
    await until(() => socket.seen.length === 3, 'key a delivered');
    expect(socket.seen).toEqual(['b#1', 'a#1', 'a#2']);
    socket.ws.close();
  });

  it('goes on with a key after one of its deliveries failed', async () => {
    const socket = await connect(signIn('failing'));
    await send({ to: ['failing'], key: 'f', n: 1, fails: true });
    await send({ to: ['failing'], key: 'f', n: 2 });
    await until(() => socket.seen.includes('f#2'), 'the next event');
    expect(socket.seen).toEqual(['f#2']);
    socket.ws.close();
  });

  it('sends only to the audience the channel admits, and does not commit what rolls back', async () => {
    const [admitted, unadmitted, bystander] = await Promise.all(
      ['admitted', 'not-admitted', 'bystander'].map((userId) => connect(signIn(userId))),
    );
    notAdmitted.add('not-admitted'); // after its handshake: announced, as the database does
    await announceAccessChanged(database.db, { userIds: ['not-admitted'] });
    await settle();
    await database.db
      .transaction(async (tx) => {
        await publish(tx, TEST, 'r', { to: ['admitted'], key: 'r', n: 0 });
        tx.rollback();
      })
      .catch(() => {});
    await send({ to: ['admitted', 'not-admitted'], key: 'r', n: 1 });
    await until(() => admitted!.seen.length > 0, 'the admitted member’s event');
    await settle();
    expect(admitted!.seen).toEqual(['r#1']);
    expect(unadmitted!.seen).toEqual([]);
    expect(bystander!.seen).toEqual([]);
    for (const socket of [admitted!, unadmitted!, bystander!]) socket.ws.close();
  });

  it('refuses a notice too big for NOTIFY before it is sent', async () => {
    await expect(send({ to: ['x'.repeat(8_000)], key: 'big', n: 1 })).rejects.toThrow(/over 7999 bytes/);
  });
});

describe('the handshake and the channels', () => {
  it('refuses a member no channel authorizes (403 with the channel’s refusal) and a visitor (401)', async () => {
    refused.add('refused');
    const answer = await refusal(signIn('refused'));
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'FORBIDDEN', message: 'The test channel is not for you.' },
    });
    expect((await refusal({ userId: 'visitor', sessionId: 'none', staff: null })).status).toBe(401);
  });

  it('lets a socket in when any channel authorizes it, and refuses a second registration of a channel', async () => {
    hub.channel(OTHER, {
      authorize: async () => true,
      refusal: 'unused',
      audience: (notice) => ({ userIds: [], ...(notice.to.includes('admins') ? { staff: () => true } : {}) }),
      access: async () => ({ allowed: true, until: null }),
      event: (notice) => ({ type: 'topic', topicId: `other:${notice.key}#${notice.n}` }),
    });
    expect(() => hub.channel(OTHER, {} as never)).toThrow(/registered twice/);
    refused.add('other-only');
    const member = await connect(signIn('other-only'));
    const admin = await connect(signIn('coach', true));
    await send({ to: ['admins'], key: 'o', n: 1 }, OTHER);
    await until(() => admin.seen.length > 0, 'the admins’ event');
    await settle();
    expect(admin.seen).toEqual(['other:o#1']);
    expect(member.seen).toEqual([]);
    member.ws.close();
    admin.ws.close();
  });
});
