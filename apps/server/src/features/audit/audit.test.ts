import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachAssignments, userRoles } from '../../platform/db/schema.ts';
import { burnMember } from '../../testing/coaching.ts';
import { createMember, createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';
import { assign } from '../../testing/team.ts';

// The audit log: a row for each staff write, readable by the owner only, filtered by person and
// member, never changed, and in the member's own data export.

let t: TestApp;
let owner: string;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInAdmin(t);
  ownerId = (await json(await t.request('/api/me', { cookie: owner }))).user.id;
});
afterAll(() => t.close());

async function burnMemberOf(coachId: string) {
  const member = await burnMember(t);
  await assign(t, member.userId, coachId);
  return member;
}

const openTopic = async (cookie: string) =>
  (await json(await t.request('/api/coaching/topics', { cookie, json: { title: 'Form check' } }))).topic;

describe('the audit log', () => {
  it("records a coach's reply with who, what, which member and from where; the owner filters it", async () => {
    const member = await burnMemberOf(ownerId);
    const topic = await openTopic(member.cookie);
    const reply = await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: owner,
      json: { message: 'Keep your hips level' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(reply.status).toBe(201);
    const page = await json(
      await t.request(`/api/admin/audit?member=${member.email.toUpperCase()}`, { cookie: owner }),
    );
    expect(page.entries).toEqual([
      expect.objectContaining({
        actorId: ownerId,
        actorName: 'Coach',
        action: 'POST /api/admin/coaching/topics/:topicId/replies',
        memberId: member.userId,
        memberEmail: member.email,
        objectType: 'topicId',
        objectId: topic.id,
      }),
    ]);
    const byOwner = await json(await t.request(`/api/admin/audit?actor=${ownerId}`, { cookie: owner }));
    expect(byOwner.entries.length).toBeGreaterThanOrEqual(1);
    const byNobody = await json(await t.request('/api/admin/audit?actor=nobody', { cookie: owner }));
    expect(byNobody.entries).toEqual([]);
    const actors = await json(await t.request('/api/admin/audit/actors', { cookie: owner }));
    expect(actors.actors).toContainEqual({ id: ownerId, name: 'Coach' });
  });

  it('is written only when the write succeeded: a refused or failed write leaves none', async () => {
    const count = async () =>
      Number(
        (
          (await t.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const before = await count();
    const missing = await t.request(
      '/api/admin/coaching/topics/00000000-0000-4000-8000-000000000000/replies',
      {
        cookie: owner,
        json: { message: 'Nobody' },
      },
    );
    expect(missing.status).toBe(404);
    const member = await createMember(t);
    expect(
      (await t.request('/api/admin/exercises', { cookie: member.cookie, json: { name: 'X' } })).status,
    ).toBe(403);
    expect(await count()).toBe(before);
  });

  it('cannot be changed or removed, even by the database owner', async () => {
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'changed',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(t.db.execute(sql`update audit_log set action = 'nothing'`))).toMatch(/append-only/);
    expect(await refusal(t.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
  });

  it('is for the owner only: a coach and an editor are refused', async () => {
    for (const role of ['coach', 'editor'] as const) {
      const staff = await createMember(t);
      await t.db.insert(userRoles).values({ userId: staff.userId, role });
      expect((await t.request('/api/admin/audit', { cookie: staff.cookie })).status).toBe(403);
    }
  });

  it("pages by the last row's id, newest first", async () => {
    const member = await burnMemberOf(ownerId);
    const topic = await openTopic(member.cookie);
    for (let i = 0; i < 52; i++)
      await t.request(`/api/admin/coaching/topics/${topic.id}/read`, { method: 'POST', cookie: owner });
    const first = await json(await t.request(`/api/admin/audit?member=${member.userId}`, { cookie: owner }));
    expect(first.entries).toHaveLength(50);
    const second = await json(
      await t.request(`/api/admin/audit?member=${member.userId}&before=${first.nextBefore}`, {
        cookie: owner,
      }),
    );
    expect(second.entries).toHaveLength(2);
    expect(second.nextBefore).toBeNull();
    const ids = [...first.entries, ...second.entries].map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("is in the member's data export: what the staff did about them", async () => {
    const member = await burnMemberOf(ownerId);
    const changed = await t.request(`/api/admin/member-plans/${member.userId}/days/3`, {
      method: 'PUT',
      cookie: owner,
      json: { exerciseId: 1, sets: 4, targetReps: 12, restSeconds: 30 },
    });
    expect(changed.status).toBe(200);
    const exported = await json(await t.request('/api/profile/export', { cookie: member.cookie }));
    expect(exported.staffActions).toEqual([
      expect.objectContaining({ by: 'Coach', action: 'PUT /api/admin/member-plans/:userId/days/:day' }),
    ]);
    const other = await createMember(t);
    expect(
      (await json(await t.request('/api/profile/export', { cookie: other.cookie }))).staffActions,
    ).toEqual([]);
    const [row] = await t.db
      .select()
      .from(coachAssignments)
      .where(eq(coachAssignments.userId, member.userId));
    expect(row?.coachId).toBe(ownerId);
  });
});
