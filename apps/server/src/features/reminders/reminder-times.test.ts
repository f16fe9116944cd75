import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../platform/db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { createReminderMember, mailsOf, tick } from '../../testing/reminders.ts';
import { dueKinds, listReminderCandidates } from './reminders.ts';

// A reminder at any minute of the day goes once, for the date it was set for: next to
// midnight, on the nights the clocks change, and the schedule's SQL picks whom the rule finds due.

let clock = new Date('2026-07-15T23:59:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const member = (opts: Parameters<typeof createReminderMember>[1]) => createReminderMember(t, opts);
const tickAt = async (...instants: string[]) => {
  for (const at of instants) {
    clock = new Date(at);
    await tick(t);
  }
};

describe('a reminder next to midnight', () => {
  it('at 23:59 goes once that evening, not again at 00:00 for the new day, and again the next evening', async () => {
    clock = new Date('2026-07-15T23:59:00Z');
    const m = await member({ registered: '2026-07-13T10:00:00Z', timeZone: 'UTC', reminderTime: '23:59' }); // 15 July: day 3
    await tickAt(
      '2026-07-15T23:59:00Z',
      '2026-07-16T00:00:00Z',
      '2026-07-16T00:01:00Z',
      '2026-07-16T00:02:00Z',
    );
    const first = await mailsOf(t, 'workout-reminder', [m]);
    expect(first.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Day 3: /)]);
    expect(first[0]?.dedupeKey).toBe(`workout-reminder:${m.userId}:2026-07-15`);

    await tickAt('2026-07-16T23:59:00Z', '2026-07-17T00:00:00Z');
    const both = await mailsOf(t, 'workout-reminder', [m]);
    expect(both.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Day 3: /),
      expect.stringMatching(/^Day 4: /),
    ]);
  });

  it('for an evening already trained, none, even when the tick runs after midnight', async () => {
    const m = await member({
      registered: '2026-07-13T10:00:00Z',
      timeZone: 'Pacific/Kiritimati', // 23:58 on 20 July there is 09:58 UTC; 20 July is day 7
      reminderTime: '23:58',
      done: [7],
    });
    await tickAt('2026-07-20T10:00:00Z'); // 00:00 on 21 July in Kiritimati: day 8 not done, day 7 is
    expect(await mailsOf(t, 'workout-reminder', [m])).toHaveLength(0);
  });
});

describe('a reminder on the nights the clocks change', () => {
  it('at 02:30 on the spring-forward night in New York (no 02:30 that night) goes at 03:00, once', async () => {
    const m = await member({
      registered: '2026-03-05T15:00:00Z',
      timeZone: 'America/New_York',
      reminderTime: '02:30',
    }); // 8 March: day 4
    await tickAt('2026-03-08T06:58:00Z', '2026-03-08T06:59:00Z'); // 01:58, 01:59 EST
    expect(await mailsOf(t, 'workout-reminder', [m])).toHaveLength(0);
    await tickAt('2026-03-08T07:00:00Z'); // 03:00 EDT, the first minute after the gap
    expect(await mailsOf(t, 'workout-reminder', [m])).toHaveLength(1);
    await tickAt('2026-03-08T07:01:00Z', '2026-03-08T07:02:00Z', '2026-03-08T07:30:00Z');
    const [mail, ...more] = await mailsOf(t, 'workout-reminder', [m]);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toMatch(/^Day 4: /);
  });

  it('at 01:30 on the fall-back night (01:30 comes twice) goes once', async () => {
    const m = await member({
      registered: '2026-10-29T15:00:00Z',
      timeZone: 'America/New_York',
      reminderTime: '01:30',
    });
    await tickAt('2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z'); // 01:30 EDT, then 01:30 EST
    expect(await mailsOf(t, 'workout-reminder', [m])).toHaveLength(1);
  });
});

describe("the schedule's query", () => {
  it('picks in SQL exactly the members dueKinds finds due, across zones, odd offsets, midnight and DST', async () => {
    const zones = [
      'UTC',
      'America/Los_Angeles',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'Asia/Kathmandu',
      'America/New_York',
    ];
    const times = ['07:00', '23:59', '00:01', '19:58', '08:02', '02:30'];
    const seeded: string[] = [];
    for (const [i, timeZone] of zones.entries())
      for (const [j, reminderTime] of times.entries()) {
        const m = await member({
          registered: new Date(Date.parse('2026-07-15T14:01:00Z') - (i * 5 + j) * 86_400_000).toISOString(),
          timeZone,
          reminderTime,
        });
        seeded.push(m.userId);
      }
    const rows = await t.db.select().from(profiles).where(inArray(profiles.userId, seeded));
    const clocks = [
      '2026-07-15T14:01:00Z', // 07:01 in Los Angeles, 04:01 in Pago Pago
      '2026-07-15T07:00:00Z', // 07:00 UTC, 19:45 in Kathmandu: inside and outside the windows
      '2026-07-15T08:01:30Z',
      '2026-07-15T23:59:00Z',
      '2026-07-16T00:01:00Z',
      '2026-07-16T00:02:00Z', // a 23:59 reminder's last minute
      '2026-07-15T09:59:00Z', // 23:59 in Kiritimati
      '2026-07-15T14:15:00Z', // 20:00 in Kathmandu
      '2026-07-15T19:58:59Z',
      '2026-03-08T07:01:00Z', // 03:01 in New York, the spring-forward night: 02:30 is passed now
      '2026-11-01T06:30:00Z', // 01:30 EST in New York, the second 01:30 of the fall-back night
    ].map((at) => new Date(at));
    let due = 0;
    let shift = 0;
    for (const now of clocks) {
      // The registrations move with the clock (the DST nights are months away), so every clock
      // finds these members in the program.
      const by = now.getTime() - Date.parse('2026-07-15T14:01:00Z') - shift;
      shift += by;
      await t.db
        .update(profiles)
        .set({ registrationDate: sql`${profiles.registrationDate} + ${by} * interval '1 millisecond'` })
        .where(inArray(profiles.userId, seeded));
      // Round 1 follows the registration date (the rounds trigger), so its start moves with it.
      const shifted = rows.map((m) => ({
        ...m,
        roundStartedAt: new Date(m.registrationDate.getTime() + shift),
        roundDays: 28,
      }));
      const isDue = (m: Parameters<typeof dueKinds>[0]) => dueKinds(m, now).length > 0;
      const expected = shifted.filter(isDue).map((m) => m.userId);
      const picked = (await listReminderCandidates(t.deps, now)).filter((m) => seeded.includes(m.userId));
      expect(
        picked
          .filter(isDue)
          .map((m) => m.userId)
          .sort(),
        now.toISOString(),
      ).toEqual(expected.sort());
      due += expected.length;
    }
    expect(due).toBeGreaterThan(10); // the clocks do find members due, so the comparison means something
  });
});
