import type { StaffRole } from '@core28/core/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachAssignments, coachProfiles, userRoles } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// A coach coaches only the members assigned to them: their lists hold only those members, and
// another coach's member answers 404, as if they did not exist. The owner and a coach granted all
// members see everyone.

let t: TestApp;
type Account = Awaited<ReturnType<typeof createMember>>;
let coachA: Account;
let coachB: Account;
let coachAll: Account;
let memberOfA: Account;
let memberOfB: Account;

async function staff(roles: StaffRole[]) {
  const account = await createMember(t, undefined, { plan: 'none' });
  await t.db.insert(userRoles).values(roles.map((role) => ({ userId: account.userId, role })));
  if (roles.includes('coach'))
    await t.db
      .insert(coachProfiles)
      .values({ userId: account.userId, name: `Coach ${account.email}`, seats: 5 });
  return account;
}

async function memberOf(coach: Account) {
  const member = await createMember(t);
  await givePaidTier(t, member, '1-on-1 Burn');
  await t.db
    .insert(coachAssignments)
    .values({ userId: member.userId, coachId: coach.userId })
    .onConflictDoUpdate({ target: coachAssignments.userId, set: { coachId: coach.userId } });
  await t.request('/api/coaching/topics', {
    cookie: member.cookie,
    json: { title: `Topic of ${member.email}` },
  });
  return member;
}

beforeAll(async () => {
  t = await createTestApp();
  coachA = await staff(['coach']);
  coachB = await staff(['coach']);
  coachAll = await staff(['coach', 'all_members']);
  memberOfA = await memberOf(coachA);
  memberOfB = await memberOf(coachB);
});
afterAll(() => t.close());

const userIdsIn = async (cookie: string) =>
  (await json(await t.request('/api/admin/users?pageSize=100', { cookie }))).users.map(
    (u: { userId?: string; id?: string }) => u.userId ?? u.id,
  );
const topicOwners = async (cookie: string) =>
  (await json(await t.request('/api/admin/coaching/topics', { cookie }))).topics.map(
    (topic: { userId: string }) => topic.userId,
  );

describe("a coach's members", () => {
  it('the member list and the inbox hold only their own members', async () => {
    expect(await userIdsIn(coachA.cookie)).toEqual([memberOfA.userId]);
    expect(await topicOwners(coachA.cookie)).toEqual([memberOfA.userId]);
    expect(await topicOwners(coachB.cookie)).toEqual([memberOfB.userId]);
  });

  it("another coach's member is not found, on every member route", async () => {
    const cookie = coachA.cookie;
    const topics = await json(await t.request('/api/admin/coaching/topics', { cookie: coachB.cookie }));
    const topicOfB = topics.topics[0].id;
    for (const path of [
      `/api/admin/users/${memberOfB.userId}`,
      `/api/admin/users/${memberOfB.userId}/summary`,
      `/api/admin/member-plans/${memberOfB.userId}`,
      `/api/admin/coaching/topics/${topicOfB}`,
    ])
      expect((await t.request(path, { cookie })).status, path).toBe(404);
    const reply = await t.request(`/api/admin/coaching/topics/${topicOfB}/replies`, {
      cookie,
      json: { message: 'Not mine' },
    });
    expect(reply.status).toBe(404);
    expect((await t.request(`/api/admin/users/${memberOfA.userId}`, { cookie })).status).toBe(200);
  });

  it('the owner and a coach with all members see everyone', async () => {
    const owner = await signInAdmin(t);
    for (const cookie of [owner, coachAll.cookie]) {
      const ids = await userIdsIn(cookie);
      expect(ids).toEqual(expect.arrayContaining([memberOfA.userId, memberOfB.userId]));
      expect(await topicOwners(cookie)).toEqual(expect.arrayContaining([memberOfA.userId, memberOfB.userId]));
    }
  });

  it("program analytics list only the coach's own members among those training", async () => {
    for (const member of [memberOfA, memberOfB])
      expect(
        (await t.request('/api/program/complete', { cookie: member.cookie, json: { day: 1 } })).status,
      ).toBeLessThan(300);
    const listed = async (cookie: string) =>
      (await json(await t.request('/api/admin/program', { cookie }))).topMembers.map(
        (m: { userId: string }) => m.userId,
      );
    expect(await listed(coachA.cookie)).toEqual([memberOfA.userId]);
    expect(await listed(coachAll.cookie)).toEqual(
      expect.arrayContaining([memberOfA.userId, memberOfB.userId]),
    );
  });

  it('an editor reads no member at all', async () => {
    const editor = await staff(['editor']);
    expect((await t.request('/api/admin/users', { cookie: editor.cookie })).status).toBe(403);
    expect((await t.request(`/api/admin/users/${memberOfA.userId}`, { cookie: editor.cookie })).status).toBe(
      403,
    );
    expect((await t.request('/api/admin/blog/articles', { cookie: editor.cookie })).status).toBe(200);
  });
});
