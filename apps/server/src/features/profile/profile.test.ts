import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const completion = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  age: 36,
  gender: 'female',
  country: 'GB',
  fitnessLevel: 'beginner',
  goals: ['Improve posture'],
  termsAccepted: true,
};

describe('profile', () => {
  it('refuses visitors with the spec message', async () => {
    for (const [method, p] of [
      ['GET', '/api/profile'],
      ['PATCH', '/api/profile'],
      ['POST', '/api/profile/complete'],
    ] as const) {
      const res = await t.request(p, { method, json: method === 'GET' ? undefined : {} });
      expect(res.status).toBe(401);
      expect((await json(res)).error.message).toBe('No user logged in');
    }
  });

  it('completes the profile with every rule checked by the server', async () => {
    const member = await createMember(t);
    const post = (body: unknown) => t.request('/api/profile/complete', { json: body, cookie: member.cookie });
    for (const field of ['firstName', 'lastName', 'age', 'gender', 'country', 'fitnessLevel']) {
      const res = await post({ ...completion, [field]: '' });
      expect(res.status, field).toBe(400);
      expect((await json(res)).error.message).toBe('Please fill in all required fields');
    }
    const noTerms = await post({ ...completion, termsAccepted: false });
    expect((await json(noTerms)).error.message).toBe('Please accept the terms and conditions');
    expect((await json(await post({ ...completion, age: 101 }))).error.message).toBe(
      'Age must be between 13 and 100',
    );

    const res = await post({ ...completion, age: '36' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.profile).toMatchObject({
      firstName: 'Ada',
      age: 36,
      country: 'GB',
      goals: ['Improve posture'],
    });
    expect(body.stats).toEqual({ totalWorkouts: 0, currentStreak: 0, currentDay: 1, progressPercentage: 0 });
  });

  it('keeps the reminder chosen at completion: the time, and the switch on or off', async () => {
    const notifications = async (cookie: string) => json(await t.request('/api/notifications', { cookie }));
    const off = await createMember(t);
    const res = await t.request('/api/profile/complete', {
      cookie: off.cookie,
      json: { ...completion, workoutReminder: false, reminderTime: '06:15' },
    });
    expect(res.status).toBe(200);
    const chosen = await notifications(off.cookie);
    expect(chosen.reminderTime).toBe('06:15');
    expect(chosen.email).toMatchObject({ 'workout-reminder': false, 'streak-at-risk': true });
    // Left as shown: on, at 07:00.
    const asShown = await createMember(t);
    await t.request('/api/profile/complete', { cookie: asShown.cookie, json: completion });
    expect(await notifications(asShown.cookie)).toMatchObject({
      reminderTime: '07:00',
      email: { 'workout-reminder': true },
    });
  });

  it('updates a partial profile and ignores fields a member may not set', async () => {
    const member = await createMember(t);
    const before = (await json(await t.request('/api/profile', { cookie: member.cookie }))).profile;
    const res = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: member.cookie,
      json: {
        age: 120,
        gender: 'prefer_not_to_say',
        userId: 'someone-else',
        registrationDate: '2000-01-01',
        role: 'owner',
      },
    });
    expect(res.status).toBe(200);
    const after = (await json(res)).profile;
    expect(after).toMatchObject({ age: 120, gender: 'prefer-not-to-say', userId: member.userId });
    expect(after.registrationDate).toBe(before.registrationDate);
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, member.userId))).toEqual([]);
    const tooOld = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: member.cookie,
      json: { age: 121 },
    });
    expect(tooOld.status).toBe(400);
  });

  it("a member only ever sees their own profile; there is no route to another's", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    expect((await t.request(`/api/profile/${a.userId}`, { cookie: b.cookie })).status).toBe(404);
    expect((await json(await t.request('/api/profile', { cookie: b.cookie }))).profile.userId).toBe(b.userId);
  });
});
