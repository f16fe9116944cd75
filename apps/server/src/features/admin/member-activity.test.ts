import { isWellnessFalling } from '@core28/core/admin';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discussionMessages,
  discussionTopics,
  exerciseProgress,
  rounds,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  STRONG_PASSWORD,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// docs/decisions/0016: member_progress's last_active_at and last three wellness values
// are kept by triggers. After every kind of write — bulk inserts, edits that move a time back,
// deletions, signing out, an account deleted with its cascade — they equal what the queries they
// replace computed from the source tables.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** "Last active" as the coach's pages computed it before the trigger-kept column (the reference). */
const probedLastActive = sql`greatest(
  (select max(s.updated_at) from sessions s where s.user_id = m.user_id),
  (select max(w.completed_at) from workout_completions w where w.user_id = m.user_id),
  (select max(e.updated_at) from exercise_progress e where e.user_id = m.user_id),
  (select max(d.created_at) from discussion_messages d where d.user_id = m.user_id))`;

type Kept = {
  userId: string;
  kept: string | null;
  probed: string | null;
  feeling: string;
  energy: string;
  falling: boolean;
};

/** Every member_progress row against the source tables; returns the rows for further checks. */
async function expectKeptEqualsComputed() {
  const { rows } = (await t.db.execute(sql`
    select m.user_id as "userId", m.last_active_at::text as kept, (${probedLastActive})::text as probed,
      m.recent_feeling::text as feeling, m.recent_energy::text as energy,
      m.wellness_falling as falling
    from member_progress m`)) as unknown as { rows: Kept[] };
  const wellness = await t.db
    .select({
      userId: wellnessTracking.userId,
      round: rounds.number,
      day: wellnessTracking.dayNumber,
      feeling: wellnessTracking.feelingRating,
      energy: wellnessTracking.energyLevel,
    })
    .from(wellnessTracking)
    .innerJoin(rounds, eq(rounds.id, wellnessTracking.roundId));
  for (const row of rows) {
    // In the order trained: by round, then day.
    const own = wellness
      .filter((w) => w.userId === row.userId)
      .sort((a, b) => a.round - b.round || a.day - b.day)
      .map((w, i) => ({ ...w, day: i + 1 }));
    const last = own.slice(-3);
    expect(row, row.userId).toEqual({
      ...row,
      kept: row.probed,
      feeling: `{${last.map((w) => w.feeling).join(',')}}`,
      energy: `{${last.map((w) => w.energy).join(',')}}`,
      falling: isWellnessFalling(own),
    });
  }
  // Every profile has its row (the list's sort joins it rather than left-joins it).
  const { rows: missing } = (await t.db.execute(
    sql`select p.user_id from profiles p left join member_progress m on m.user_id = p.user_id where m.user_id is null`,
  )) as unknown as { rows: unknown[] };
  expect(missing).toEqual([]);
  return new Map(rows.map((r) => [r.userId, r]));
}

const at = (iso: string) => new Date(iso);

describe('trigger-kept activity and wellness per member', () => {
  it('equal the source tables after inserts, edits, deletions, signing out and account deletion', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    await signInAdmin(t); // the coach's session
    const ids = [a.userId, b.userId, c.userId];
    let kept = await expectKeptEqualsComputed();
    // Signed up and confirmed: their sessions make them active already.
    for (const id of ids) expect(kept.get(id)?.kept).not.toBeNull();

    // Bulk inserts, one statement per table, times well after the sessions.
    await t.db.insert(workoutCompletions).values([
      { userId: a.userId, dayNumber: 1, completedAt: at('2030-01-01T10:00:00Z') },
      { userId: a.userId, dayNumber: 2, completedAt: at('2030-01-02T10:00:00Z') },
      { userId: b.userId, dayNumber: 1, completedAt: at('2030-01-01T09:00:00Z') },
    ]);
    await t.db.insert(exerciseProgress).values([
      { userId: a.userId, dayNumber: 2, updatedAt: at('2030-01-02T10:05:00Z') },
      { userId: b.userId, dayNumber: 1, updatedAt: at('2030-01-01T08:00:00Z') },
    ]);
    const [topic] = await t.db
      .insert(discussionTopics)
      .values({ userId: b.userId, title: 'My plank', description: '' })
      .returning();
    const coachId = (
      (await t.db.execute(
        sql`select user_id as "userId" from user_roles where role = 'owner' limit 1`,
      )) as unknown as {
        rows: { userId: string }[];
      }
    ).rows[0]!.userId;
    await t.db.insert(discussionMessages).values([
      { topicId: topic!.id, userId: b.userId, message: 'How deep?', createdAt: at('2030-01-03T07:00:00Z') },
      {
        topicId: topic!.id,
        userId: b.userId,
        message: 'And breathing?',
        createdAt: at('2030-01-04T07:00:00Z'),
      },
      {
        topicId: topic!.id,
        userId: coachId,
        message: 'Knees over toes.',
        isCoachReply: true,
        createdAt: at('2030-02-01T07:00:00Z'),
      },
    ]);
    await t.db.insert(wellnessTracking).values(
      [1, 2, 3, 4].map((day) => ({
        userId: a.userId,
        dayNumber: day,
        feelingRating: 6 - day,
        energyLevel: 3,
      })),
    );
    await t.db.insert(wellnessTracking).values([
      { userId: b.userId, dayNumber: 5, feelingRating: 4, energyLevel: 5 },
      { userId: b.userId, dayNumber: 2, feelingRating: 2, energyLevel: 5 },
      { userId: b.userId, dayNumber: 9, feelingRating: 4, energyLevel: 2 },
    ]);
    kept = await expectKeptEqualsComputed();
    expect(kept.get(a.userId)).toMatchObject({ feeling: '{4,3,2}', falling: true });
    expect(kept.get(b.userId)).toMatchObject({ kept: '2030-01-04 07:00:00+00', falling: true });
    expect(kept.get(coachId)?.kept).toBe('2030-02-01 07:00:00+00');

    // Edits that move the latest time back, and days added out of order.
    await t.db
      .update(workoutCompletions)
      .set({ completedAt: at('2029-06-01T00:00:00Z') })
      .where(eq(workoutCompletions.userId, a.userId));
    await t.db
      .update(wellnessTracking)
      .set({ energyLevel: 1 })
      .where(and(eq(wellnessTracking.userId, b.userId), eq(wellnessTracking.dayNumber, 2)));
    await t.db.insert(wellnessTracking).values([
      { userId: b.userId, dayNumber: 10, feelingRating: 4, energyLevel: 4 },
      { userId: b.userId, dayNumber: 7, feelingRating: 5, energyLevel: 5 },
    ]);
    kept = await expectKeptEqualsComputed();
    expect(kept.get(a.userId)?.kept).toBe('2030-01-02 10:05:00+00'); // the results saved, now the latest
    expect(kept.get(b.userId)).toMatchObject({ feeling: '{5,4,4}', energy: '{5,2,4}', falling: false });

    // Deletions: the latest message, the latest wellness day (an older one comes back in view).
    await t.db
      .delete(discussionMessages)
      .where(and(eq(discussionMessages.userId, b.userId), eq(discussionMessages.message, 'And breathing?')));
    await t.db
      .delete(wellnessTracking)
      .where(and(eq(wellnessTracking.userId, a.userId), inArray(wellnessTracking.dayNumber, [4])));
    await t.db.delete(exerciseProgress).where(eq(exerciseProgress.userId, a.userId));
    kept = await expectKeptEqualsComputed();
    expect(kept.get(b.userId)?.kept).toBe('2030-01-03 07:00:00+00');
    expect(kept.get(a.userId)).toMatchObject({ feeling: '{5,4,3}', falling: true });

    // A second round: its day 1 comes after the first round's day 3, though its number is lower.
    const [first] = await t.db.select().from(rounds).where(eq(rounds.userId, a.userId));
    await t.db
      .update(rounds)
      .set({ endedAt: at('2030-03-01T00:00:00Z') })
      .where(eq(rounds.id, first!.id));
    const [second] = await t.db
      .insert(rounds)
      .values({
        userId: a.userId,
        programId: first!.programId,
        number: 2,
        startedAt: at('2030-03-01T00:00:00Z'),
      })
      .returning();
    await t.db
      .insert(wellnessTracking)
      .values({ userId: a.userId, roundId: second!.id, dayNumber: 1, feelingRating: 1, energyLevel: 1 });
    kept = await expectKeptEqualsComputed();
    expect(kept.get(a.userId)).toMatchObject({ feeling: '{4,3,1}', energy: '{3,3,1}', falling: true });

    // Signing out removes the session: C, with nothing else, is no longer active at all.
    expect((await t.request('/api/auth/sign-out', { cookie: c.cookie, json: {} })).status).toBe(200);
    kept = await expectKeptEqualsComputed();
    expect(kept.get(c.userId)?.kept).toBeNull();

    // B deletes their account: their rows go, and the coach's reply in B's topic goes with them,
    // so the coach's last activity moves back to their own session.
    const deleted = await t.request('/api/profile/delete', {
      cookie: b.cookie,
      json: { password: STRONG_PASSWORD },
    });
    expect(deleted.status).toBe(200);
    kept = await expectKeptEqualsComputed();
    expect(kept.has(b.userId)).toBe(false);
    expect(kept.get(coachId)?.kept).not.toBe('2030-02-01 07:00:00+00');
    expect(kept.get(coachId)?.kept).not.toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('trigger-kept values under concurrent writes', () => {
  /** Two transactions on their own connections; the second's statement waits for the first's lock. */
  async function interleave(first: string[], second: string[]) {
    const [c1, c2] = [new pg.Client(t.database.url!), new pg.Client(t.database.url!)];
    await Promise.all([c1.connect(), c2.connect()]);
    try {
      await c1.query('begin');
      for (const q of first) await c1.query(q);
      await c2.query('begin');
      const waiting = (async () => {
        for (const q of second) await c2.query(q);
      })();
      // until the second transaction waits on the first's row lock
      for (let i = 0; i < 100; i++) {
        const { rows } = (await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        if (rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c1.query('commit');
      await waiting;
      await c2.query('commit');
    } finally {
      await Promise.all([c1.end(), c2.end()]);
    }
  }

  it('see each other: two wellness days, and a deletion beside a new completion', async () => {
    const { userId } = await createMember(t);
    await interleave(
      [
        `insert into wellness_tracking (user_id, day_number, feeling_rating, energy_level) values ('${userId}', 5, 5, 5)`,
      ],
      [
        `insert into wellness_tracking (user_id, day_number, feeling_rating, energy_level) values ('${userId}', 6, 2, 2)`,
      ],
    );
    await interleave(
      [
        `insert into workout_completions (user_id, day_number, completed_at) values ('${userId}', 1, '2031-01-01T00:00:00Z')`,
      ],
      [`delete from sessions where user_id = '${userId}'`],
    );
    const kept = await expectKeptEqualsComputed();
    expect(kept.get(userId)).toMatchObject({ kept: '2031-01-01 00:00:00+00', feeling: '{5,2}' });
  });
});
