import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../testing/harness.ts';
import {
  createReminderMember,
  type Member,
  mailsOf as mailsOfKind,
  queueReminder,
  tick as runTick,
} from '../../testing/reminders.ts';

// The reminders follow the member's current round (docs/decisions/0026): its day, its program's
// length and name; and a round's end is told once, then once a week later, then never again.

let clock = new Date('2026-07-01T05:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const ALL_28 = Array.from({ length: 28 }, (_, i) => i + 1);
const mailsOf = (kind: string, m: Member) => mailsOfKind(t, kind, [m]);
/** The schedule's tick at these instants, twice each (a second tick in the same window). */
const tickAt = async (...instants: (string | Date)[]) => {
  for (const at of instants) {
    clock = new Date(at);
    await runTick(t);
    await runTick(t);
  }
};
/** 07:01 UTC on the given round day of a round that started on 1 July (day 1). */
const morningOf = (day: number, start = '2026-07-01') =>
  new Date(Date.parse(`${start}T07:01:00Z`) + (day - 1) * DAY);
const startRound = async (m: Member, program: string) => {
  const res = await t.request('/api/rounds', { cookie: m.cookie, json: { program } });
  expect(res.status).toBe(201);
  return json(res);
};

describe('the end of a round', () => {
  it('says "Your next round is ready" once, once more a week later, then nothing', async () => {
    clock = new Date('2026-07-01T05:00:00Z');
    const m = await createReminderMember(t, {
      registered: '2026-07-01T05:00:00Z',
      timeZone: 'UTC',
      done: ALL_28,
    });
    await tickAt(morningOf(28));
    expect(await mailsOf('round-finished', m)).toHaveLength(0);

    await tickAt(morningOf(29));
    const [ended, ...more] = await mailsOf('round-finished', m);
    expect(more).toHaveLength(0);
    expect(ended?.subject).toBe('Your next round is ready');
    expect(ended?.text).toContain('Core28 round 1: 28 of 28 days done');
    expect(ended?.text).toContain(`${t.config.publicUrl}/program/rounds/1`);
    expect(ended?.dedupeKey).toMatch(/^round-finished:.+:\d+:ended$/);
    // The day after the last is no workout day.
    expect(await mailsOf('workout-reminder', m)).toHaveLength(0);

    // The job again (a retry, a second instance's tick): the mail is the round's, once.
    await queueReminder(t, { userId: m.userId, kind: 'round-finished', localDate: '2026-07-29' });
    await t.drainJobs();
    for (let day = 30; day < 36; day++) await tickAt(morningOf(day));
    expect(await mailsOf('round-finished', m)).toHaveLength(1);

    await tickAt(morningOf(36));
    const sent = await mailsOf('round-finished', m);
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Your next round is ready',
      'Your next round is still waiting',
    ]);
    expect(sent[1]?.text).toContain('/program/rounds/1');

    for (const day of [37, 43, 50, 57]) await tickAt(morningOf(day));
    expect(await mailsOf('round-finished', m)).toHaveLength(2);
  });

  it('says nothing a week later to a member who started another round meanwhile', async () => {
    clock = new Date('2026-07-01T05:00:00Z');
    const m = await createReminderMember(t, {
      registered: '2026-07-01T05:00:00Z',
      timeZone: 'UTC',
      done: ALL_28,
    });
    await tickAt(morningOf(29));
    expect(await mailsOf('round-finished', m)).toHaveLength(1);
    clock = new Date(Date.parse('2026-07-31T05:00:00Z')); // day 31 of round 1, early morning
    await startRound(m, 'core28-round-2');
    await tickAt(morningOf(36)); // a week after round 1 ended: round 2's day 6
    expect(await mailsOf('round-finished', m)).toHaveLength(1);
    const [workout] = await mailsOf('workout-reminder', m);
    expect(workout?.subject).toMatch(/^Core28 Round 2\+ day 6: /);
    expect(workout?.text).toContain('Today is day 6 of 28 of Core28 Round 2+');
  });

  it('says nothing of a next round to a member who stopped far behind: /program offers to continue', async () => {
    clock = new Date('2026-07-01T05:00:00Z');
    const m = await createReminderMember(t, {
      registered: '2026-07-01T05:00:00Z',
      timeZone: 'UTC',
      done: ALL_28.slice(0, 20),
    });
    for (const day of [29, 36]) await tickAt(morningOf(day));
    expect(await mailsOf('round-finished', m)).toHaveLength(0);
  });
});

describe('a round of another program', () => {
  it('round 2 of Foundations (21 days): its days, its name, its weeks, no workout after day 21', async () => {
    clock = new Date('2026-05-01T05:00:00Z');
    const m = await createReminderMember(t, { registered: '2026-05-01T05:00:00Z', timeZone: 'UTC' });
    clock = new Date('2026-07-01T05:00:00Z'); // round 1 long over: Foundations from today
    expect((await startRound(m, 'foundations')).round).toMatchObject({ number: 2 });

    await tickAt(morningOf(5));
    const [day5, ...more] = await mailsOf('workout-reminder', m);
    expect(more).toHaveLength(0);
    expect(day5?.subject).toMatch(/^Foundations day 5: /);
    expect(day5?.text).toContain('Today is day 5 of 21 of Foundations');
    expect(day5?.text).toContain('/program/day/5/session');

    await tickAt(new Date(Date.parse('2026-07-08T08:01:00Z'))); // day 8, the summary's hour
    const [week1] = await mailsOf('weekly-summary', m);
    expect(week1?.subject).toBe('Your week 1 on Foundations: 0 of 7 days');

    await tickAt(new Date(Date.parse('2026-07-15T08:01:00Z')), morningOf(21));
    expect((await mailsOf('workout-reminder', m)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Foundations day 5: /),
      expect.stringMatching(/^Foundations day 21: /),
    ]);
    // Day 22: no workout, and week 3's summary (the last). No day was trained, so the round is not
    // finished but far behind: no "next round" mail (/program offers to continue).
    await tickAt(morningOf(22), new Date(Date.parse('2026-07-22T08:01:00Z')), morningOf(23));
    expect(await mailsOf('workout-reminder', m)).toHaveLength(2);
    expect(await mailsOf('round-finished', m)).toHaveLength(0);
    const summaries = await mailsOf('weekly-summary', m);
    expect(summaries.map((mail) => mail.subject)).toEqual([
      'Your week 1 on Foundations: 0 of 7 days',
      'Your week 2 on Foundations: 0 of 7 days',
      'Your week 3 on Foundations: 0 of 7 days',
    ]);
    expect(summaries[2]?.text).toContain('You finished the 21 days');
  });
});
