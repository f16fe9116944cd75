import { isValidTimeZone } from '@core28/core/local-day';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users, wellnessTracking } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import {
  createReminderMember,
  type Member,
  mailsOf as mailsOfKind,
  tick as runTick,
} from '../../testing/reminders.ts';
import { DUE_QUEUE } from './jobs.ts';

// With the clock moved, each kind of reminder is queued and written once, for the right
// members only, in each member's own time zone.

let clock = new Date('2026-07-15T14:01:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const member = (opts: Parameters<typeof createReminderMember>[1]) => createReminderMember(t, opts);
const tick = (app: TestApp = t) => runTick(app);
const mailsOf = (kind: string, members: Pick<Member, 'email'>[]) => mailsOfKind(t, kind, members);
const switchOff = async (m: Member, kind: string) => {
  const put = await t.request('/api/notifications', {
    method: 'PUT',
    cookie: m.cookie,
    json: { email: { [kind]: false } },
  });
  expect(put.status).toBe(200);
};

describe('workout reminder', () => {
  it("goes once at the member's local time, not when done today, switched off, after day 28 or at another hour", async () => {
    clock = new Date('2026-07-15T14:01:00Z'); // 07:01 in Los Angeles (PDT), 16:01 in Berlin
    const la = 'America/Los_Angeles';
    const registered = '2026-07-13T16:00:00Z'; // 09:00 on 13 July in LA: 15 July is day 3
    const due = await member({ registered, timeZone: la });
    const doneToday = await member({ registered, timeZone: la, done: [3] });
    const switchedOff = await member({ registered, timeZone: la });
    await switchOff(switchedOff, 'workout-reminder');
    const afterProgram = await member({ registered: '2026-06-17T16:00:00Z', timeZone: la }); // day 29
    const laterHour = await member({ registered, timeZone: la, reminderTime: '09:00' });
    const otherZone = await member({ registered, timeZone: 'Europe/Berlin' });
    // The coach's account, due like a member: not a member in the program.
    const [admin] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, t.config.admin.email));
    await t.db
      .update(profiles)
      .set({ registrationDate: new Date(registered), timeZone: la, reminderTime: '07:00' })
      .where(eq(profiles.userId, admin!.id));
    const coach = { email: t.config.admin.email } as Member;
    const others = [doneToday, switchedOff, afterProgram, laterHour, otherZone, coach];

    await tick();
    clock = new Date('2026-07-15T14:02:00Z'); // the next tick, still in the window
    await tick();

    const [mail, ...more] = await mailsOf('workout-reminder', [due]);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toMatch(/^Day 3: /);
    expect(mail?.text).toContain('Today is day 3 of 28');
    expect(mail?.text).toContain(`${t.config.publicUrl}/program/day/3/session`);
    expect(mail?.html).toContain('Unsubscribe from these e-mails');
    expect(mail?.listUnsubscribe).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    expect(await mailsOf('workout-reminder', others)).toHaveLength(0);

    // The member at 09:00 gets theirs at 09:00 local, once.
    clock = new Date('2026-07-15T16:00:30Z');
    await tick();
    await tick();
    expect(await mailsOf('workout-reminder', [laterHour])).toHaveLength(1);
  });

  it('two instances on one database send each reminder once', async () => {
    clock = new Date('2026-07-16T13:30:00Z'); // 06:30 in LA
    const m = await member({
      registered: '2026-07-13T16:00:00Z',
      timeZone: 'America/Los_Angeles',
      reminderTime: '06:30',
    });
    const second = await createTestApp({ database: t.database, now: () => clock, seed: false });
    try {
      await Promise.all([t.jobs.enqueue(DUE_QUEUE, {}), second.jobs.enqueue(DUE_QUEUE, {})]);
      await Promise.all([t.drainJobs(), second.drainJobs()]);
      await Promise.all([t.jobs.enqueue(DUE_QUEUE, {}), second.jobs.enqueue(DUE_QUEUE, {})]);
      await Promise.all([t.drainJobs(), second.drainJobs()]);
    } finally {
      await second.jobs.stop(1_000);
    }
    expect(await mailsOf('workout-reminder', [m])).toHaveLength(1);
  });
});

describe('streak at risk', () => {
  it('at 20:00 local, from a streak of 3 with today not done', async () => {
    clock = new Date('2026-07-15T11:01:00Z'); // 20:01 in Tokyo
    const tokyo = 'Asia/Tokyo';
    const registered = '2026-07-11T00:00:00Z'; // 09:00 on 11 July in Tokyo: 15 July is day 5
    const atRisk = await member({ registered, timeZone: tokyo, done: [2, 3, 4] });
    const shortStreak = await member({ registered, timeZone: tokyo, done: [3, 4] });
    const doneToday = await member({ registered, timeZone: tokyo, done: [2, 3, 4, 5] });
    const elsewhere = await member({ registered, timeZone: 'Europe/Paris', done: [2, 3, 4] });
    const switchedOff = await member({ registered, timeZone: tokyo, done: [2, 3, 4] });
    await switchOff(switchedOff, 'streak-at-risk');
    // Registered 28 days earlier: 15 July is day 29, after the program, with a streak of 28.
    const days = Array.from({ length: 28 }, (_, i) => i + 1);
    const afterProgram = await member({ registered: '2026-06-17T00:00:00Z', timeZone: tokyo, done: days });
    await tick();
    await tick();
    const [mail, ...more] = await mailsOf('streak-at-risk', [atRisk]);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Keep your 3-day streak going');
    const others = [shortStreak, doneToday, elsewhere, switchedOff, afterProgram];
    expect(await mailsOf('streak-at-risk', others)).toHaveLength(0);
  });
});

describe('weekly summary', () => {
  it("the morning after each program week, with the week's figures", async () => {
    clock = new Date('2026-07-15T08:01:00Z'); // 08:01 UTC
    const m = await member({ registered: '2026-07-08T05:00:00Z', timeZone: 'UTC', done: [1, 2] }); // day 8
    const midWeek = await member({ registered: '2026-07-10T05:00:00Z', timeZone: 'UTC', done: [1] }); // day 6
    await t.request('/api/program/results', {
      method: 'PUT',
      cookie: m.cookie,
      json: { day: 1, totalSeconds: 600, reps: 40 },
    });
    await t.request('/api/program/results', {
      method: 'PUT',
      cookie: m.cookie,
      json: { day: 2, totalSeconds: 630, reps: 45 },
    });
    const registered = '2026-07-08T05:00:00Z';
    const week = [1, 2, 3, 4, 5, 6, 7];
    const perfect = await member({ registered, timeZone: 'UTC', done: week });
    await t.db.insert(wellnessTracking).values([
      { userId: perfect.userId, dayNumber: 1, feelingRating: 4, energyLevel: 3 },
      { userId: perfect.userId, dayNumber: 2, feelingRating: 5, energyLevel: 5 },
    ]);
    const switchedOff = await member({ registered, timeZone: 'UTC', done: week });
    await switchOff(switchedOff, 'weekly-summary');
    const otherHour = await member({ registered, timeZone: 'Asia/Tokyo', done: week }); // day 8, but 17:01
    await tick();
    await tick();
    const [mail, ...more] = await mailsOf('weekly-summary', [m]);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Your week 1 on Core28: 2 of 7 days');
    expect(mail?.text).toContain('Minutes: 21');
    expect(mail?.text).toContain('Reps: 85');
    expect(mail?.text).toContain('Feeling: —');
    expect(mail?.text).toContain('Achievements: none this week');
    const [full] = await mailsOf('weekly-summary', [perfect]);
    expect(full?.subject).toBe('Your week 1 on Core28: 7 of 7 days');
    expect(full?.text).toContain('Feeling: 4.5 of 5'); // (4 + 5) / 2
    expect(full?.text).toContain('Energy: 75%'); // (3 + 5) / 2 = 4 of 5: 75% of the scale from 1
    expect(full?.text).toContain('Achievements: Core Warrior, Perfect Week');
    expect(full?.html).toContain('Perfect Week');
    expect(await mailsOf('weekly-summary', [midWeek, switchedOff, otherHour])).toHaveLength(0);
  });
});

describe('preferences', () => {
  it('are on by default and saved per kind, with the reminder time and time zone', async () => {
    const m = await createMember(t);
    const before = await json(await t.request('/api/notifications', { cookie: m.cookie }));
    expect(before).toMatchObject({ reminderTime: '07:00', timeZone: null });
    expect(Object.values(before.email).every(Boolean)).toBe(true);
    const res = await t.request('/api/notifications', {
      method: 'PUT',
      cookie: m.cookie,
      json: { reminderTime: '21:45', timeZone: 'Pacific/Kiritimati', email: { 'weekly-summary': false } },
    });
    expect(await json(res)).toMatchObject({
      reminderTime: '21:45',
      timeZone: 'Pacific/Kiritimati',
      email: { 'weekly-summary': false, 'workout-reminder': true },
    });
    const bad = await t.request('/api/notifications', {
      method: 'PUT',
      cookie: m.cookie,
      json: { reminderTime: '25:00', timeZone: 'Nowhere/City' },
    });
    expect(bad.status).toBe(400);
    // The browser's zone is taken only while none is set.
    await t.request('/api/notifications/time-zone', {
      cookie: m.cookie,
      json: { timeZone: 'Europe/Berlin' },
    });
    const after = await json(await t.request('/api/notifications', { cookie: m.cookie }));
    expect(after.timeZone).toBe('Pacific/Kiritimati');
  });

  it('refuses a zone Node knows but the database does not, so the schedule keeps running for everyone', async () => {
    // Node 20's ICU still accepts this old alias; PostgreSQL's tzdata dropped it in 2020.
    expect(isValidTimeZone('US/Pacific-New')).toBe(true);
    const m = await createMember(t);
    const put = await t.request('/api/notifications', {
      method: 'PUT',
      cookie: m.cookie,
      json: { timeZone: 'US/Pacific-New', reminderTime: '06:00' },
    });
    expect(put.status).toBe(400);
    expect((await json(put)).error.message).toBe('Please choose a time zone from the list');
    const browser = await t.request('/api/notifications/time-zone', {
      cookie: m.cookie,
      json: { timeZone: 'US/Pacific-New' },
    });
    expect(browser.status).toBe(400);
    expect(await json(await t.request('/api/notifications', { cookie: m.cookie }))).toMatchObject({
      timeZone: null,
      reminderTime: '07:00',
    });
    // A member due now still gets the reminder (one bad zone stored would fail the tick's query).
    clock = new Date('2026-07-17T14:01:00Z');
    const due = await member({ registered: '2026-07-13T16:00:00Z', timeZone: 'America/Los_Angeles' });
    await tick();
    expect(await mailsOf('workout-reminder', [due])).toHaveLength(1);
  });
});
