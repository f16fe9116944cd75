import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercises, programExercises, programs, rounds } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// The coaches' side of programs through the API: a program made, filled, published, started by a
// member, retired while that member goes on training; duplicating; and bad input that writes nothing.

const DAY = 86_400_000;
const NOW = new Date('2027-01-12T15:00:00Z');
let clock = NOW;
let t: TestApp;
let admin: string;
let idOf: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await signInAdmin(t);
  idOf = new Map((await t.db.select().from(exercises)).map((e) => [e.name, e.id]));
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;
const send = (method: string, path: string, body?: unknown, cookie = admin) =>
  t.request(`/api/admin/programs${path}`, { method, cookie, json: body });
const plank = (sets = 3) => ({
  exerciseId: idOf.get('Forearm Plank')!,
  sets,
  workSeconds: 40,
  targetReps: null,
  restSeconds: 30,
});
const deadBug = (targetReps = 12) => ({
  exerciseId: idOf.get('Dead Bug')!,
  sets: 3,
  workSeconds: null,
  targetReps,
  restSeconds: 20,
});
async function createProgram(name: string, days = 7) {
  const res = await send('POST', '', { name, level: 'beginner', days, description: 'Short and sharp' });
  expect(res.status).toBe(201);
  return (await json(res)).program as { id: number; slug: string; status: string };
}
async function fillDays(id: number, days: number[]) {
  for (const day of days)
    expect(
      (await send('PUT', `/${id}/days/${day}`, { items: [plank(), deadBug()] })).status,
      `day ${day}`,
    ).toBe(200);
}
const finish = (m: Member, day: number) =>
  t.request(`/api/program/days/${day}/finish`, {
    cookie: m.cookie,
    json: { totalSeconds: 600, reps: 20 },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
const librarySlugs = async (m: Member) =>
  (await json(await t.request('/api/programs', { cookie: m.cookie }))).programs.map(
    (p: { slug: string }) => p.slug,
  );
const start = (m: Member, slug: string) =>
  t.request('/api/rounds', { cookie: m.cookie, json: { program: slug } });
const dayRows = (id: number) =>
  t.db
    .select()
    .from(programExercises)
    .where(eq(programExercises.programId, id))
    .orderBy(asc(programExercises.day), asc(programExercises.position));

describe('admin programs', () => {
  it('create → days → publish → a member starts it → retire: their round trains on, nobody new starts it', async () => {
    const program = await createProgram('Seven Minute Abs');
    expect(program).toMatchObject({ slug: 'seven-minute-abs', status: 'draft', days: 7, level: 'beginner' });
    // The same name again: a slug of its own.
    expect((await createProgram('Seven Minute Abs')).slug).toBe('seven-minute-abs-2');

    await fillDays(program.id, [1, 2, 3, 5, 7]);
    const refused = await send('POST', `/${program.id}/publish`);
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.message).toBe(
      'Days 4 and 6 have no exercise yet: fill every day to publish.',
    );
    await fillDays(program.id, [4, 6]);
    const detail = await json(await send('GET', `/${program.id}`));
    expect(detail.days).toHaveLength(7);
    expect(detail.days[3].items.map((i: { exercise: { name: string } }) => i.exercise.name)).toEqual([
      'Forearm Plank',
      'Dead Bug',
    ]);
    expect(detail.program).toMatchObject({ emptyDays: [], updatedBy: 'Coach', updatedAt: NOW.toISOString() });

    const member = await createMember(t);
    await givePaidTier(t, member, 'The Daily Core');
    expect(await librarySlugs(member)).not.toContain('seven-minute-abs');
    const published = await send('POST', `/${program.id}/publish`);
    expect(published.status).toBe(200);
    expect((await json(published)).program.status).toBe('published');
    expect(await librarySlugs(member)).toContain('seven-minute-abs');

    expect((await start(member, 'seven-minute-abs')).status).toBe(201);
    expect((await finish(member, 1)).status).toBe(200);
    const list = await json(await send('GET', ''));
    expect(list.programs.find((p: { id: number }) => p.id === program.id)).toMatchObject({
      daysFilled: 7,
      roundsStarted: 1,
      roundsRunning: 1,
    });

    const retired = await send('POST', `/${program.id}/retire`);
    expect(retired.status).toBe(200);
    expect((await json(retired)).program.status).toBe('retired');
    expect(await librarySlugs(member)).not.toContain('seven-minute-abs');
    const other = await createMember(t);
    await givePaidTier(t, other, 'The Daily Core');
    expect((await start(other, 'seven-minute-abs')).status).toBe(404);

    // The member's round goes on: tomorrow's day 2 is theirs to train.
    try {
      clock = new Date(NOW.getTime() + DAY);
      expect((await finish(member, 2)).status).toBe(200);
      const state = await json(await t.request('/api/program', { cookie: member.cookie }));
      expect(state.round).toMatchObject({ status: 'running', program: { slug: 'seven-minute-abs' } });
      expect(state.completions.map((c: { day: number }) => c.day)).toEqual([1, 2]);
      expect(state.plan).toHaveLength(7);
    } finally {
      clock = NOW;
    }
    // Retiring twice, or Core28, is refused.
    expect((await send('POST', `/${program.id}/retire`)).status).toBe(409);
    const [core28] = await t.db.select().from(programs).where(eq(programs.slug, 'core28'));
    expect((await send('POST', `/${core28!.id}/retire`)).status).toBe(409);
    expect((await send('PATCH', `/${core28!.id}`, { days: 21 })).status).toBe(409);
  });

  it('edits fields, and shortening drops the days past the new length when no round is on them', async () => {
    const program = await createProgram('Ten Day Burner', 10);
    await fillDays(program.id, [1, 9, 10]);
    const res = await send('PATCH', `/${program.id}`, { days: 8, name: 'Eight Day Burner', circuit: true });
    expect(res.status).toBe(200);
    const body = await json(res);
    // The slug stays: a round or a link may name it.
    expect(body.program).toMatchObject({
      name: 'Eight Day Burner',
      slug: 'ten-day-burner',
      days: 8,
      circuit: true,
    });
    expect((await dayRows(program.id)).map((r) => r.day)).toEqual([1, 1]);

    // A member on day 8 of it: shorter than 8 days is refused, and the days stay.
    await fillDays(program.id, [2, 3, 4, 5, 6, 7, 8]);
    expect((await send('POST', `/${program.id}/publish`)).status).toBe(200);
    const member = await createMember(t);
    await givePaidTier(t, member, 'The Daily Core');
    expect((await start(member, 'ten-day-burner')).status).toBe(201);
    await t.db
      .update(rounds)
      .set({ startedAt: new Date(NOW.getTime() - 7 * DAY) })
      .where(and(eq(rounds.userId, member.userId), eq(rounds.programId, program.id)));
    const shorter = await send('PATCH', `/${program.id}`, { days: 7 });
    expect(shorter.status).toBe(409);
    expect((await json(shorter)).error.message).toBe(
      'A member is on day 8 of this program: it cannot be shorter than 8 days until their rounds end.',
    );
    expect(await dayRows(program.id)).toHaveLength(16);
    expect((await send('PATCH', `/${program.id}`, { days: 12 })).status).toBe(200);
  });

  it('duplicates a program as a draft "(copy)" with every day', async () => {
    const [foundations] = await t.db.select().from(programs).where(eq(programs.slug, 'foundations'));
    const res = await send('POST', `/${foundations!.id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = await json(res);
    expect(copy.program).toMatchObject({
      name: `${foundations!.name} (copy)`,
      slug: 'foundations-copy',
      status: 'draft',
      days: foundations!.days,
      level: foundations!.level,
      circuit: foundations!.circuit,
    });
    const strip = (rows: Awaited<ReturnType<typeof dayRows>>) =>
      rows.map(({ day, position, exerciseId, sets, workSeconds, targetReps, restSeconds }) => ({
        day,
        position,
        exerciseId,
        sets,
        workSeconds,
        targetReps,
        restSeconds,
      }));
    expect(strip(await dayRows(copy.program.id))).toEqual(strip(await dayRows(foundations!.id)));
    expect((await send('POST', '/999999/duplicate')).status).toBe(404);
  });

  it('bad input writes nothing: a mismatched or missing exercise, too many, a day past the length', async () => {
    const program = await createProgram('Careful Core');
    await fillDays(program.id, [2]);
    const before = await dayRows(program.id);
    const [stamp] = await t.db
      .select({ updatedAt: programs.updatedAt })
      .from(programs)
      .where(eq(programs.id, program.id));
    const cases: [unknown, number, string][] = [
      [
        { items: [plank(), { ...deadBug(), targetReps: null, workSeconds: 30 }] },
        400,
        'Exercise 2 (Dead Bug): A reps exercise needs target reps and no work seconds',
      ],
      [{ items: [{ ...plank(), exerciseId: 999_999 }] }, 400, 'Exercise 1: no such exercise'],
      [{ items: Array.from({ length: 9 }, () => plank()) }, 400, 'A day holds at most 8 exercises'],
      [{ items: [] }, 400, 'A day needs at least one exercise'],
    ];
    for (const [body, status, message] of cases) {
      const res = await send('PUT', `/${program.id}/days/2`, body);
      expect(res.status, message).toBe(status);
      expect((await json(res)).error.message).toBe(message);
    }
    const past = await send('PUT', `/${program.id}/days/8`, { items: [plank()] });
    expect(past.status).toBe(400);
    expect((await json(past)).error.message).toBe('Day must be a whole number from 1 to 7');
    expect((await send('POST', '', { name: '!!!', level: 'beginner', days: 7 })).status).toBe(400);
    expect((await send('POST', '', { name: 'Long', level: 'beginner', days: 43 })).status).toBe(400);
    expect((await send('PATCH', `/${program.id}`, {})).status).toBe(400);
    expect(await dayRows(program.id)).toEqual(before);
    const [after] = await t.db
      .select({ updatedAt: programs.updatedAt })
      .from(programs)
      .where(and(eq(programs.id, program.id)));
    expect(after).toEqual(stamp);
    // Members never reach any of it.
    const member = await createMember(t);
    expect((await send('GET', '', undefined, member.cookie)).status).toBe(403);
    expect((await send('POST', '', { name: 'Mine', level: 'beginner', days: 7 }, member.cookie)).status).toBe(
      403,
    );
    expect(await t.db.select().from(rounds).where(eq(rounds.programId, program.id))).toEqual([]);
  });
});
