import { roundResults } from '@core28/core/round-results';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, rounds, workoutCompletions } from '../../platform/db/schema.ts';
import { createMember, createTestApp, givePaidTier, json, type TestApp } from '../../testing/harness.ts';
import { shareFigures, shareSvg } from './share-image.ts';

// A member's rounds through the API: what day 28 and after look like, a new round of another
// program (whose day 1 is trained while round 1's history stays), continuing after a break, and
// the results of a round against a reference computed here.

const DAY = 86_400_000;
const NOW = new Date('2026-12-30T15:00:00Z');
let clock = NOW;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;

/** A member whose round 1 is on `day` today (registered day - 1 days ago). */
async function memberOnDay(day: number, { paid = true } = {}) {
  const member = await createMember(t);
  await t.db
    .update(profiles)
    .set({ registrationDate: new Date(NOW.getTime() - (day - 1) * DAY) })
    .where(eq(profiles.userId, member.userId));
  if (paid) await givePaidTier(t, member, 'The Daily Core');
  return member;
}

const program = async (m: Member) => json(await t.request('/api/program', { cookie: m.cookie }));
const finish = (m: Member, day: number, body = { totalSeconds: 600 + day, reps: 20 + day }) =>
  t.request(`/api/program/days/${day}/finish`, {
    cookie: m.cookie,
    json: body,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
const completeDays = async (m: Member, days: number[]) => {
  for (const day of days) expect((await finish(m, day)).status, `day ${day}`).toBe(200);
};
const startRound = (m: Member, slug: string) =>
  t.request('/api/rounds', { cookie: m.cookie, json: { program: slug } });

describe('a round and what comes after it', () => {
  it('on day 28 done the round is finished, with no Start: the date, a streak that holds a day, then ends', async () => {
    const member = await memberOnDay(28);
    await completeDays(
      member,
      Array.from({ length: 28 }, (_, i) => i + 1),
    );
    const state = await program(member);
    expect(state.round).toMatchObject({
      number: 1,
      status: 'finished',
      finishedOn: '2026-12-30',
      program: { slug: 'core28', name: 'Core28', days: 28 },
    });
    expect(state.stats).toMatchObject({ currentDay: 28, currentStreak: 28, totalWorkouts: 28 });
    // Day 29 is no day of Core28's (a longer program's days are allowed by the schemas).
    for (const [method, path, body] of [
      ['PUT', '/api/program/results', { day: 29, totalSeconds: 60, reps: 1 }],
      ['PUT', '/api/program/wellness', { day: 29, feeling: 3, energy: 3 }],
      ['POST', '/api/program/complete', { day: 29 }],
    ] as const) {
      const res = await t.request(path, { method, cookie: member.cookie, json: body });
      expect(res.status, path).toBe(400);
      expect((await json(res)).error.message).toBe('Day must be a whole number from 1 to 28');
    }
    try {
      clock = new Date(NOW.getTime() + 7 * DAY); // a week idle
      const idle = await program(member);
      expect(idle.round).toMatchObject({ status: 'finished', dayNumber: 35, missedInARow: 6 });
      expect(idle.stats.currentStreak).toBe(0);
      expect(idle.currentDay).toBe(28);
    } finally {
      clock = NOW;
    }
  });

  it('starts round 2 of another program; its day 1 is trained while round 1 keeps its history', async () => {
    const member = await memberOnDay(28);
    await completeDays(member, [26, 27, 28]);
    const library = await json(await t.request('/api/programs', { cookie: member.cookie }));
    expect(library.programs.map((p: { slug: string }) => p.slug)).toEqual([
      'core28',
      'foundations',
      'core28-round-2',
      'express',
    ]);
    expect(library.programs[2]).toMatchObject({
      days: 28,
      requiresPlan: true,
      isLocked: false,
      isCurrent: false,
    });

    const started = await startRound(member, 'core28-round-2');
    expect(started.status).toBe(201);
    const round2 = await json(started);
    expect(round2.round).toMatchObject({ number: 2, status: 'running', program: { slug: 'core28-round-2' } });
    expect(round2).toMatchObject({ currentDay: 1, completions: [], results: [], wellness: [] });
    expect(round2.stats).toMatchObject({ totalWorkouts: 0, currentStreak: 0 });
    expect(round2.plan[0].exercise.name).toBe('Straight-Leg Dead Bug');

    expect((await finish(member, 1)).status).toBe(200);
    const after = await program(member);
    expect(after.completions.map((c: { day: number }) => c.day)).toEqual([1]);
    const history = await json(await t.request('/api/rounds', { cookie: member.cookie }));
    expect(history.rounds.map((r: { number: number; daysDone: number }) => [r.number, r.daysDone])).toEqual([
      [2, 1],
      [1, 3],
    ]);
    // Round 1's own rows are where they were.
    const rows = await t.db
      .select({ round: rounds.number, day: workoutCompletions.dayNumber })
      .from(workoutCompletions)
      .innerJoin(rounds, eq(rounds.id, workoutCompletions.roundId))
      .where(eq(workoutCompletions.userId, member.userId));
    expect(
      rows
        .filter((r) => r.round === 1)
        .map((r) => r.day)
        .sort((a, b) => a - b),
    ).toEqual([26, 27, 28]);
    // A start sent twice with one key (a retry the phone did not hear back from): one round.
    const key = crypto.randomUUID();
    const once = (slug: string) =>
      t.request('/api/rounds', {
        cookie: member.cookie,
        json: { program: slug },
        headers: { 'idempotency-key': key },
      });
    expect((await once('express')).status).toBe(201);
    expect((await once('express')).status).toBe(201);
    const after3 = await json(await t.request('/api/rounds', { cookie: member.cookie }));
    expect(after3.rounds.map((r: { number: number }) => r.number)).toEqual([3, 2, 1]);
    // Round 2 was left on its day 1: ended, its day kept.
    expect(after3.rounds[1]).toMatchObject({ daysDone: 1, endedAt: expect.any(String) });
  });

  it('needs a paid plan for a new round: the trial and no plan see the library and what it needs', async () => {
    const member = await memberOnDay(28, { paid: false });
    const library = await json(await t.request('/api/programs', { cookie: member.cookie }));
    expect(library.programs.every((p: { isLocked: boolean }) => p.isLocked)).toBe(true);
    const refused = await startRound(member, 'core28-round-2');
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatchObject({
      code: 'PLAN_REQUIRED',
      requiredPlan: 'daily-core',
      trialAvailable: false,
    });
    expect((await program(member)).round.number).toBe(1);
    expect((await startRound(member, 'no-such-program')).status).toBe(403);
  });

  it('a member at day 60 who stopped at day 20 continues from day 21', async () => {
    const member = await memberOnDay(60);
    // Days 1..20 were done back then, each on its own day.
    for (let day = 1; day <= 20; day++) {
      clock = new Date(NOW.getTime() - (60 - day) * DAY);
      expect((await finish(member, day)).status).toBe(200);
    }
    clock = NOW;
    const behind = await program(member);
    expect(behind.round).toMatchObject({ status: 'behind', lastCompletedDay: 20, dayNumber: 60 });
    const continued = await t.request('/api/rounds/current/continue', {
      method: 'POST',
      cookie: member.cookie,
    });
    expect(continued.status).toBe(200);
    const state = await json(continued);
    expect(state.round).toMatchObject({ number: 1, status: 'running', dayNumber: 21 });
    expect(state.currentDay).toBe(21);
    expect(state.completions).toHaveLength(20);
    expect((await finish(member, 21)).status).toBe(200);
    // On track now: nothing to continue.
    const again = await t.request('/api/rounds/current/continue', { method: 'POST', cookie: member.cookie });
    expect(again.status).toBe(409);
  });

  it("answers a round's results as core computes them from its rows, against the round before", async () => {
    const member = await memberOnDay(28);
    await completeDays(member, [1, 2, 3, 10, 11, 12, 13, 28]);
    const round1 = await program(member);
    await startRound(member, 'core28');
    await completeDays(member, [1]);
    const results = await json(await t.request('/api/rounds/1/results', { cookie: member.cookie }));
    const reference = roundResults({
      length: 28,
      completions: round1.completions,
      results: round1.results,
      wellness: round1.wellness,
      plan: round1.plan,
    });
    expect(results.results).toEqual(reference);
    expect(results.results).toMatchObject({ daysDone: 8, bestStreak: 4 });
    expect(results.round).toMatchObject({ number: 1, isCurrent: false, status: 'finished' });
    expect(results.next).toEqual({ recommended: 'core28-round-2', repeat: 'core28' });
    // Round 2 (a repeat of Core28) is compared with round 1, and its holds grew by a tenth.
    const second = await json(await t.request('/api/rounds/2/results', { cookie: member.cookie }));
    expect(second.before).toEqual({ number: 1, program: { name: 'Core28' } });
    const state = await program(member);
    expect(state.plan[1].prescription.workSeconds).toBe(
      Math.round((round1.plan[1].prescription.workSeconds * 1.1) / 5) * 5,
    );

    const png = await t.request('/api/rounds/1/share.png', { cookie: member.cookie });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const { default: sharp } = await import('sharp');
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1080, height: 1350, format: 'png' });
    // What it says: the round, its date in words, each figure in a size that fits its tile.
    const svg = shareSvg(results);
    expect(svg).toContain(
      `Round 1 · finished ${new Date(`${results.round.finishedOn}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' })}`,
    );
    for (const figure of shareFigures(results)) expect(svg).toContain(`>${figure.value}</text>`);
    const sizes = [...svg.matchAll(/font-size="(\d+)" font-weight="700" fill="#ffffff">([^<]+)</g)].map(
      ([, size, text]) => Number(size) * 0.7 * (text ?? '').length,
    );
    for (const width of sizes.slice(1)) expect(width).toBeLessThanOrEqual(340);

    expect((await t.request('/api/rounds/9/results', { cookie: member.cookie })).status).toBe(404);
    const other = await memberOnDay(3);
    expect((await t.request('/api/rounds/2/results', { cookie: other.cookie })).status).toBe(404);
  });

  it("scales a beginner's first round: Dead Bug 3 × 10 on day 1, as its instructions teach", async () => {
    const member = await memberOnDay(1);
    await t.db.update(profiles).set({ fitnessLevel: 'beginner' }).where(eq(profiles.userId, member.userId));
    const state = await program(member);
    expect(state.plan[0]).toMatchObject({
      exercise: { name: 'Dead Bug' },
      prescription: { sets: 3, targetReps: 10, workSeconds: null },
    });
    const session = await json(await t.request('/api/program/days/1/session', { cookie: member.cookie }));
    expect(session.steps.filter((s: { kind: string }) => s.kind === 'work')).toHaveLength(3);
  });
});
