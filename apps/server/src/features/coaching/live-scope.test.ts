import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';
import { connect, isMessage, settle } from '../../testing/live.ts';
import { assign, staffMember } from '../../testing/team.ts';

// Who on the staff receives a topic's live events: the member's coach, and staff who see every
// member (the owner, the all-members grant); never another coach.
let t: TestApp;
let server: Awaited<ReturnType<TestApp['listen']>>;
let owner: string;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  server = await t.listen();
  owner = await signInAdmin(t);
  ownerId = (await json(await t.request('/api/me', { cookie: owner }))).user.id;
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const write = (cookie: string, topicId: string, message: string) =>
  t.request(`/api/coaching/topics/${topicId}/messages`, { cookie, json: { message } });

describe('live events reach only the staff who coach the member', () => {
  it('a coach gets their member’s events and not another coach’s member’s; the owner and an all-members coach get both', async () => {
    const [coachA, coachB, coachAll] = await Promise.all([
      staffMember(t),
      staffMember(t),
      staffMember(t, ['coach', 'all_members']),
    ]);
    const [memberA, memberB] = [await burnMember(t), await burnMember(t)];
    await assign(t, memberA.userId, coachA.userId);
    await assign(t, memberB.userId, coachB.userId);
    const [socketA, socketB, socketAll, socketOwner] = await Promise.all([
      connect(server.port, coachA.cookie),
      connect(server.port, coachB.cookie),
      connect(server.port, coachAll.cookie),
      connect(server.port, owner),
    ]);
    const topicA = await openTopic(t, memberA.cookie, 'A’s topic');
    const topicB = await openTopic(t, memberB.cookie, 'B’s topic');
    expect((await write(memberA.cookie, topicA.id, 'From A')).status).toBe(201);
    expect((await write(memberB.cookie, topicB.id, 'From B')).status).toBe(201);
    await Promise.all([
      socketA.next(isMessage('From A')),
      socketB.next(isMessage('From B')),
      socketAll.next(isMessage('From A')),
      socketAll.next(isMessage('From B')),
      socketOwner.next(isMessage('From A')),
      socketOwner.next(isMessage('From B')),
    ]);
    // A coach's reply is the member's event too: it reaches the other coach no more than the member's.
    const reply = await t.request(`/api/admin/coaching/topics/${topicA.id}/replies`, {
      cookie: coachA.cookie,
      json: { message: 'Reply to A' },
    });
    expect(reply.status).toBe(201);
    await socketOwner.next(isMessage('Reply to A'));
    await settle(200);
    const topicsOf = (events: typeof socketA.events) =>
      new Set(events.flatMap((e) => ('topicId' in e ? [e.topicId] : [])));
    expect(topicsOf(socketA.events)).toEqual(new Set([topicA.id]));
    expect(topicsOf(socketB.events)).toEqual(new Set([topicB.id]));
    expect(topicsOf(socketOwner.events)).toEqual(new Set([topicA.id, topicB.id]));

    // Reassigned, the member's next message goes to the new coach; a grant of all members takes
    // effect on the open socket.
    await assign(t, memberA.userId, coachB.userId);
    await t.db.insert(userRoles).values({ userId: coachA.userId, role: 'all_members' });
    await settle(100);
    expect((await write(memberA.cookie, topicA.id, 'A again')).status).toBe(201);
    expect((await write(memberB.cookie, topicB.id, 'B again')).status).toBe(201);
    await Promise.all([
      socketB.next(isMessage('A again')),
      socketA.next(isMessage('A again')),
      socketA.next(isMessage('B again')),
    ]);
    for (const socket of [socketA, socketB, socketAll, socketOwner]) socket.ws.close();
  });

  it('a member’s first topic reaches the owner when nobody coaches the member yet', async () => {
    const coach = await staffMember(t);
    const member = await burnMember(t);
    const [coachSocket, ownerSocket] = await Promise.all([
      connect(server.port, coach.cookie),
      connect(server.port, owner),
    ]);
    const topic = await openTopic(t, member.cookie);
    await ownerSocket.next((e) => e.type === 'topic' && e.topicId === topic.id);
    await settle(150);
    expect(coachSocket.events.filter((e) => e.type === 'topic')).toEqual([]);
    expect(ownerId).toBeTruthy();
    coachSocket.ws.close();
    ownerSocket.ws.close();
  });
});
