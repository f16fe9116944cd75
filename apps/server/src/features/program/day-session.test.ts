import { SECONDS_PER_REP } from '@core28/core/session-plan';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exercises, programExercises as programDays } from '../../platform/db/schema.ts';
import { givePaidTier, json } from '../../testing/harness.ts';
import { memberOnDay, NOW, session, setupSessionApp, t } from './session-setup.ts';

// The prescriptions of the plan and a day's session.

setupSessionApp(() => new Date(NOW));

describe('the plan and the session of a day', () => {
  it('GET /api/program keeps its fields and adds a plan of 28 days with prescriptions', async () => {
    const member = await memberOnDay(3);
    const state = await (await t.client(member.cookie).program.$get()).json();
    expect(state).toMatchObject({ currentDay: 3, completions: [], results: [], wellness: [] });
    expect(state.days).toHaveLength(28);
    expect(state.plan.map((d) => d.day)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    const deadBug = {
      id: expect.any(Number),
      name: 'Dead Bug',
      category: 'reps',
      demoKey: 'dead-bug',
      exercise: expect.stringMatching(/deep core/),
    };
    const prescription = { sets: 6, workSeconds: null, targetReps: 20, restSeconds: 75 };
    expect(state.plan[0]).toEqual({
      day: 1,
      exercise: deadBug,
      prescription,
      // Core28's days are one exercise each; other programs' have several.
      exercises: [{ exercise: deadBug, prescription }],
      estimatedMinutes: 19,
      // The standard day (a 1-on-1 Burn member's coach may adjust it)
      adjusted: false,
      note: '',
    });
    expect(state.plan[1]?.exercise).toMatchObject({
      name: 'Forearm Plank',
      category: 'time',
      demoKey: 'forearm-plank',
    });
    expect(state.plan[1]?.prescription).toEqual({
      sets: 6,
      workSeconds: 60,
      targetReps: null,
      restSeconds: 75,
    });
    // week 4 does more than week 1
    expect(state.plan[27]!.prescription.sets).toBeGreaterThan(state.plan[0]!.prescription.sets);
    for (const day of state.plan) {
      expect(day.estimatedMinutes, `day ${day.day}`).toBeGreaterThanOrEqual(18);
      expect(day.estimatedMinutes, `day ${day.day}`).toBeLessThanOrEqual(24);
    }
  });

  it("returns today's session: warm-up, sets with rest between them, cool-down", async () => {
    const member = await memberOnDay(2);
    const res = await session(member.cookie, 2);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      day: 2,
      currentDay: 2,
      isToday: true,
      isCompleted: false,
      exercise: { name: 'Forearm Plank', category: 'time', demoKey: 'forearm-plank' },
      prescription: { sets: 6, workSeconds: 60, targetReps: null, restSeconds: 75 },
    });
    expect(body.exercise.description).toMatch(/^1\. /);
    const kinds = body.steps.map((s: { kind: string }) => s.kind);
    expect(kinds.slice(0, 4)).toEqual(['warmup', 'warmup', 'warmup', 'warmup']);
    expect(kinds.slice(-4)).toEqual(['cooldown', 'cooldown', 'cooldown', 'cooldown']);
    expect(kinds.filter((k: string) => k === 'work')).toHaveLength(6);
    expect(kinds.filter((k: string) => k === 'rest')).toHaveLength(5);
    expect(body.steps.at(-5).kind).toBe('work');
    expect(body.estimatedSeconds).toBe(240 + 6 * 60 + 5 * 75 + 180);
  });

  it('replays a past day (a reps day, estimated at SECONDS_PER_REP), refuses the future and a bad day', async () => {
    const member = await memberOnDay(3);
    const past = await json(await session(member.cookie, 1));
    expect(past).toMatchObject({ day: 1, currentDay: 3, isToday: false, exercise: { name: 'Dead Bug' } });
    expect(past.steps.find((s: { kind: string }) => s.kind === 'work')).toMatchObject({
      durationSeconds: null,
      targetReps: 20,
      set: 1,
      sets: 6,
    });
    expect(past.estimatedSeconds).toBe(240 + 6 * 20 * SECONDS_PER_REP + 5 * 75 + 180);
    const future = await session(member.cookie, 4);
    expect(future.status).toBe(400);
    expect(await json(future)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Day 4 has not started yet' },
    });
    // No program has such a day; day 29 is one of a longer program's, but not of Core28's.
    for (const day of ['0', '43', 'x', '2.5', '-1']) {
      const res = await session(member.cookie, day);
      expect(res.status, day).toBe(400);
      expect((await json(res)).error.message).toBe('Day must be a whole number from 1 to 42');
    }
    const pastTheRound = await session(member.cookie, '29');
    expect(pastTheRound.status).toBe(400);
    expect((await json(pastTheRound)).error.message).toBe('Day must be a whole number from 1 to 28');
    expect((await t.request('/api/program/days/1/session')).status).toBe(401);
  });

  it("shows the exercise's own demonstration key and video, never the stored file's key", async () => {
    const member = await memberOnDay(2);
    const [day2] = await t.db
      .select()
      .from(programDays)
      .where(
        and(
          eq(programDays.day, 2),
          eq(programDays.programId, sql`(select id from programs where slug = 'core28')`),
        ),
      );
    await t.db
      .update(exercises)
      .set({ demoKey: 'side-plank', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' })
      .where(eq(exercises.id, day2?.exerciseId ?? 0));
    const body = await json(await session(member.cookie, 2));
    expect(body.exercise).toMatchObject({
      demoKey: 'side-plank',
      media: { kind: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    });
    expect(body.exercise).not.toHaveProperty('videoKey');
    expect(body.exercise).not.toHaveProperty('videoType');
    expect(body.exercises).toEqual([{ exercise: body.exercise, prescription: body.prescription }]);
  });

  it('shows every exercise of a day of several the same way: its video, never its key', async () => {
    const member = await memberOnDay(2);
    await givePaidTier(t, member, 'The Daily Core');
    expect(
      (await t.request('/api/rounds', { cookie: member.cookie, json: { program: 'foundations' } })).status,
    ).toBe(201);
    const body = await json(await session(member.cookie, 1));
    expect(body.exercises.length).toBeGreaterThan(1);
    for (const { exercise } of body.exercises) {
      expect(exercise).toHaveProperty('media');
      expect(exercise).not.toHaveProperty('videoKey');
      expect(exercise).not.toHaveProperty('videoType');
    }
    expect(body.exercise).toEqual(body.exercises[0].exercise);
  });
});
