import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachProfiles } from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { createTestApp, signInAdmin, type TestApp } from '../../testing/harness.ts';
import { connect, isMessage, replyThrough, settle } from '../../testing/live.ts';
import { assign, staffMember, userIdOf } from '../../testing/team.ts';

// Losing a role ends staff capabilities at once, the open socket's too: the hub re-reads the
// session when user_roles changes (its NOTIFY), not at the next heartbeat.
let t: TestApp;
let server: Awaited<ReturnType<TestApp['listen']>>;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  server = await t.listen(); // the default 25 s heartbeat: only the NOTIFY can end the coach's access
  owner = await signInAdmin(t);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe('removed from the team', () => {
  it('a coach with a socket open gets no further coach events', async () => {
    const coach = await staffMember(t, ['coach'], { seats: 2 });
    const ownerId = await userIdOf(t, owner);
    await t.db.update(coachProfiles).set({ seats: 100 }).where(eq(coachProfiles.userId, ownerId));
    const member = await burnMember(t);
    await assign(t, member.userId, coach.userId);
    const topic = await openTopic(t, member.cookie);
    const socket = await connect(server.port, coach.cookie);
    const tab = await connect(server.port, member.cookie);
    await replyThrough(server.port, owner, topic.id, 'Seen by the coach');
    await socket.next(isMessage('Seen by the coach'));
    // Live, a reply carries its author as the member sees them (the owner's coach profile).
    const live = await tab.next(isMessage('Seen by the coach'));
    expect(live.type === 'message' && live.message.author).toMatchObject({ name: 'Coach' });
    tab.ws.close();

    const removed = await t.request(`/api/admin/team/members/${coach.userId}`, {
      method: 'DELETE',
      cookie: owner,
    });
    expect(removed.status).toBe(200);
    await settle(200);
    await replyThrough(server.port, owner, topic.id, 'Not for the coach any more');
    await settle();
    expect(socket.events.some(isMessage('Not for the coach any more'))).toBe(false);
    expect((await t.request('/api/admin/coaching/topics', { cookie: coach.cookie })).status).toBe(403);
    socket.ws.close();
  });
});
