import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachProfiles, discussionMessages, discussionTopics, userRoles } from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';
import { assign, auditRows, coachOfMember, staffMember, userIdOf } from '../../testing/team.ts';

// The owner's team page: its figures, grants and seats, removing someone, moving a member to
// another coach; each coach's profile as members see it.
let t: TestApp;
let owner: string;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { COACH_REPLY_TARGET_HOURS: '24' } });
  owner = await signInAdmin(t);
  ownerId = await userIdOf(t, owner);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const MINUTE = 60_000;
const team = async () => json(await t.request('/api/admin/team', { cookie: owner }));
const rowOf = async (userId: string) =>
  (await team()).members.find((m: { userId: string }) => m.userId === userId);
const patch = (userId: string, body: unknown) =>
  t.request(`/api/admin/team/members/${userId}`, { method: 'PATCH', cookie: owner, json: body });
/** Every coach but these has no free seat, so chooseCoach can only pick among them. */
const onlyCoachesWithSeats = async (...ids: string[]) => {
  for (const row of await t.db.select().from(coachProfiles))
    if (!ids.includes(row.userId))
      await t.db.update(coachProfiles).set({ seats: 0 }).where(eq(coachProfiles.userId, row.userId));
};

describe('the team list', () => {
  it('shows each coach’s members, seats, open conversations, median first reply and overdue conversations', async () => {
    const coach = await staffMember(t, ['coach'], { name: 'Figures Coach', seats: 5 });
    const member = await burnMember(t);
    await assign(t, member.userId, coach.userId);
    const [a, b, c] = [
      await openTopic(t, member.cookie, 'A'),
      await openTopic(t, member.cookie, 'B'),
      await openTopic(t, member.cookie, 'C'),
    ];
    const now = Date.now();
    const message = (topicId: string, at: number, fromCoach: boolean) => ({
      topicId,
      userId: fromCoach ? coach.userId : member.userId,
      message: fromCoach ? 'reply' : 'question',
      isCoachReply: fromCoach,
      createdAt: new Date(at),
    });
    await t.db.insert(discussionMessages).values([
      // Topic A: asked, answered 30 min later; asked twice more, answered 120 min after the first.
      message(a.id, now - 10 * HOUR, false),
      message(a.id, now - 10 * HOUR + 30 * MINUTE, true),
      message(a.id, now - 5 * HOUR, false),
      message(a.id, now - 4 * HOUR, false),
      message(a.id, now - 3 * HOUR, true),
      // Topic B: 40 days ago (outside the 30), then asked and answered 60 min later.
      message(b.id, now - 40 * 24 * HOUR, false),
      message(b.id, now - 40 * 24 * HOUR + 5 * MINUTE, true),
      message(b.id, now - 2 * HOUR, false),
      message(b.id, now - HOUR, true),
      // Topic C: waiting 30 hours, past the 24-hour target.
      message(c.id, now - 30 * HOUR, false),
    ]);
    // What the app's own writes keep with these messages (coaching/inbox.ts): who waits, since when.
    await t.db
      .update(discussionTopics)
      .set({ awaitingSince: null })
      .where(inArray(discussionTopics.id, [a.id, b.id]));
    await t.db
      .update(discussionTopics)
      .set({ awaitingSince: new Date(now - 30 * HOUR) })
      .where(eq(discussionTopics.id, c.id));
    // 30, 120 and 60 minutes: the median is 60.
    expect(await rowOf(coach.userId)).toMatchObject({
      name: 'Figures Coach',
      roles: ['coach'],
      members: 1,
      seats: 5,
      freeSeats: 4,
      openConversations: 3,
      medianFirstReplyMinutes: 60,
      overdueConversations: 1,
    });
    const editor = await staffMember(t, ['editor']);
    expect(await rowOf(editor.userId)).toMatchObject({ roles: ['editor'], seats: null, members: null });
    expect((await team()).replyTargetHours).toBe(24);
  });
});

describe('grants and seats', () => {
  it('changes grants and seats, never the owner role, and audits each change', async () => {
    const coach = await staffMember(t, ['coach'], { seats: 1 });
    const res = await patch(coach.userId, { roles: ['coach', 'support'], seats: 7 });
    expect(res.status).toBe(200);
    expect(await rowOf(coach.userId)).toMatchObject({ roles: ['coach', 'support'], seats: 7 });
    const [audit] = await auditRows(t, 1);
    expect(audit).toMatchObject({ action: 'PATCH /api/admin/team/members/:userId', actorId: ownerId });
    expect(audit!.detail).toMatchObject({ roles: ['coach', 'support'], seats: 7 });

    expect((await patch(coach.userId, { roles: ['owner'] })).status).toBe(400);
    expect((await patch(coach.userId, { seats: 10_001 })).status).toBe(400);
    // The owner's own grants: they stay the owner whatever they send.
    expect((await patch(ownerId, { roles: ['coach', 'all_members'] })).status).toBe(200);
    expect((await rowOf(ownerId)).roles).toEqual(['all_members', 'coach', 'owner']);
    expect((await patch(ownerId, { seats: 120 })).status).toBe(200);
    expect((await rowOf(ownerId)).seats).toBe(120);
    const self = await t.request(`/api/admin/team/members/${ownerId}`, { method: 'DELETE', cookie: owner });
    expect(self.status).toBe(400);
    expect((await json(self)).error.message).toMatch(/cannot remove yourself/);
    const member = await burnMember(t);
    expect((await patch(member.userId, { seats: 3 })).status).toBe(404);
  });
});

describe('removing someone from the team', () => {
  it('reassigns their members first, and their replies keep their name', async () => {
    const leaving = await staffMember(t, ['coach'], { name: 'Leaving Coach', seats: 3 });
    const member = await burnMember(t);
    await assign(t, member.userId, leaving.userId);
    const topic = await openTopic(t, member.cookie);
    const reply = await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: leaving.cookie,
      json: { message: 'See you on day 6' },
    });
    expect(reply.status).toBe(201);
    await onlyCoachesWithSeats(ownerId);
    await t.db.update(coachProfiles).set({ seats: 100 }).where(eq(coachProfiles.userId, ownerId));

    const res = await t.request(`/api/admin/team/members/${leaving.userId}`, {
      method: 'DELETE',
      cookie: owner,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ reassigned: 1 });
    expect(await coachOfMember(t, member.userId)).toBe(ownerId);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, leaving.userId))).toEqual([]);
    const [audit] = await auditRows(t, 1);
    expect(audit).toMatchObject({ action: 'DELETE /api/admin/team/members/:userId', actorId: ownerId });
    // A member account again: no admin area.
    expect((await t.request('/api/admin/coaching/topics', { cookie: leaving.cookie })).status).toBe(403);
    const conversation = await json(
      await t.request(`/api/coaching/topics/${topic.id}`, { cookie: member.cookie }),
    );
    const kept = conversation.messages.find((m: { message: string }) => m.message === 'See you on day 6');
    expect(kept).toMatchObject({ userId: leaving.userId, author: { name: 'Leaving Coach' } });
  });

  it('refuses with 409 when no other coach has a free seat, and changes nothing', async () => {
    const leaving = await staffMember(t, ['coach'], { seats: 3 });
    const member = await burnMember(t);
    await assign(t, member.userId, leaving.userId);
    await onlyCoachesWithSeats(leaving.userId);
    const res = await t.request(`/api/admin/team/members/${leaving.userId}`, {
      method: 'DELETE',
      cookie: owner,
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toMatch(/No other coach has a free seat/);
    expect(await coachOfMember(t, member.userId)).toBe(leaving.userId);
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, leaving.userId))).length).toBe(1);
  });
});

describe("a member's coach", () => {
  it('the owner moves a member to another coach: a mail, and a message from the new coach', async () => {
    const next = await staffMember(t, ['coach'], { name: 'Robin Vale', seats: 2 });
    const member = await burnMember(t);
    await assign(t, member.userId, ownerId);
    await openTopic(t, member.cookie, 'Older');
    const latest = await openTopic(t, member.cookie, 'Latest');
    const res = await t.request(`/api/admin/users/${member.userId}/coach`, {
      method: 'PUT',
      cookie: owner,
      json: { coachId: next.userId },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ changed: true });
    expect(await coachOfMember(t, member.userId)).toBe(next.userId);
    const mail = await t.lastMail(member.email);
    expect(mail?.subject).toBe('Your Core28 coach is now Robin Vale');
    const conversation = await json(
      await t.request(`/api/coaching/topics/${latest.id}`, { cookie: member.cookie }),
    );
    expect(conversation.messages.at(-1)).toMatchObject({
      message: 'Your coach is now Robin Vale.',
      userId: next.userId,
      isCoachReply: true,
      author: { name: 'Robin Vale' },
    });
    const [audit] = (await auditRows(t, 5)).filter((row) => row.action.startsWith('PUT /api/admin/users'));
    expect(audit).toMatchObject({ action: 'PUT /api/admin/users/:userId/coach', memberId: member.userId });
    const card = await json(await t.request('/api/coaching/coach', { cookie: member.cookie }));
    expect(card.coach).toMatchObject({ id: next.userId, name: 'Robin Vale' });

    // A coach without a free seat is refused; the member's own coach again is no change.
    const full = await staffMember(t, ['coach'], { seats: 0 });
    const refused = await t.request(`/api/admin/users/${member.userId}/coach`, {
      method: 'PUT',
      cookie: owner,
      json: { coachId: full.userId },
    });
    expect(refused.status).toBe(409);
    const same = await t.request(`/api/admin/users/${member.userId}/coach`, {
      method: 'PUT',
      cookie: owner,
      json: { coachId: next.userId },
    });
    expect(await json(same)).toEqual({ changed: false });
    const coachTries = await t.request(`/api/admin/users/${member.userId}/coach`, {
      method: 'PUT',
      cookie: next.cookie,
      json: { coachId: next.userId },
    });
    expect(coachTries.status).toBe(403);
  });
});

describe("a coach's profile", () => {
  it('the coach sets a name, bio and photo; their member sees them on the card and on replies', async () => {
    const coach = await staffMember(t, ['coach'], { name: 'Old Name', seats: 1 });
    const member = await burnMember(t);
    await assign(t, member.userId, coach.userId);
    const put = (body: unknown) =>
      t.request('/api/admin/coach-profile', { method: 'PUT', cookie: coach.cookie, json: body });
    expect((await put({ name: 'Dana Reyes', bio: 'x'.repeat(501) })).status).toBe(400);
    const saved = await put({ name: 'Dana Reyes', bio: 'Pilates teacher, ten years of core work.' });
    expect(saved.status).toBe(200);
    const [audit] = await auditRows(t, 1);
    expect(audit).toMatchObject({ action: 'PUT /api/admin/coach-profile', actorId: coach.userId });

    const upload = async (bytes: Buffer, type: string) => {
      const form = new FormData();
      form.set('file', new File([bytes], 'photo', { type }));
      return t.app.request('/api/admin/coach-profile/photo', {
        method: 'POST',
        body: form,
        headers: { cookie: coach.cookie, origin: 'http://localhost:3999' },
      });
    };
    expect((await upload(Buffer.from('not an image at all'), 'image/png')).status).toBe(415);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    // A real photo is far above the 64 KB every JSON body is limited to.
    const camera = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    expect(camera.length).toBeGreaterThan(256 * 1024);
    expect((await upload(camera, 'image/png')).status).toBe(200);
    const photo = await upload(png, 'image/png');
    expect(photo.status).toBe(200);
    expect((await json(photo)).photoUrl).toBeTruthy();
    const [stored] = await t.db.select().from(coachProfiles).where(eq(coachProfiles.userId, coach.userId));
    expect(stored!.photoKey).toMatch(/^coaches\/.+\.webp$/);

    const card = (await json(await t.request('/api/coaching/coach', { cookie: member.cookie }))).coach;
    expect(card).toMatchObject({ name: 'Dana Reyes', bio: 'Pilates teacher, ten years of core work.' });
    expect(card.photoUrl).toBeTruthy();
    const topic = await openTopic(t, member.cookie);
    await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach.cookie,
      json: { message: 'Hello from Dana' },
    });
    const messages = (
      await json(await t.request(`/api/coaching/topics/${topic.id}`, { cookie: member.cookie }))
    ).messages;
    expect(messages.at(-1).author.name).toBe('Dana Reyes');
    expect(messages.at(-1).author.photoUrl).toBeTruthy();

    // Another coach's member sees no card of Dana's.
    const other = await burnMember(t);
    await assign(t, other.userId, ownerId);
    const theirs = (await json(await t.request('/api/coaching/coach', { cookie: other.cookie }))).coach;
    expect(theirs.id).toBe(ownerId);
  });

  it("names the coach in a custom plan's change log", async () => {
    const coach = await staffMember(t, ['coach'], { name: 'Plan Coach', seats: 1 });
    const member = await burnMember(t);
    await assign(t, member.userId, coach.userId);
    const change = await t.request(`/api/admin/member-plans/${member.userId}/days/5`, {
      method: 'PUT',
      cookie: coach.cookie,
      json: { exerciseId: 1, sets: 4, targetReps: 10, restSeconds: 45 },
    });
    expect(change.status).toBe(200);
    const plan = await json(
      await t.request(`/api/admin/member-plans/${member.userId}`, { cookie: coach.cookie }),
    );
    expect(plan.changes[0].changedBy).toBe('Plan Coach');
  });
});
