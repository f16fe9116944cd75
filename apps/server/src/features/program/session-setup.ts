import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { profiles } from '../../platform/db/schema.ts';
import { createMember, createTestApp, type TestApp } from '../../testing/harness.ts';

// What the session tests share: a test app on a clock the test file gives, members registered so
// that NOW falls on a given day, and the session and finish requests.

export const NOW = new Date('2026-07-10T15:00:00Z');
export let t: TestApp;
/** The file's test app, its time read from `now`. */
export function setupSessionApp(now: () => Date) {
  beforeAll(async () => {
    t = await createTestApp({ now });
  });
  afterAll(() => t.close());
}

export async function memberOnDay(day: number) {
  const member = await createMember(t);
  const registered = new Date(NOW.getTime() - (day - 1) * 86_400_000);
  await t.db.update(profiles).set({ registrationDate: registered }).where(eq(profiles.userId, member.userId));
  return member;
}

export const finish = (
  cookie: string,
  day: number | string,
  body: unknown,
  key: string | null = randomUUID(),
) =>
  t.request(`/api/program/days/${day}/finish`, {
    cookie,
    json: body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
export const session = (cookie: string, day: number | string) =>
  t.request(`/api/program/days/${day}/session`, { cookie });

/** The member's rows and their row versions (xmin): any write changes this. */
export async function memberRows(userId: string) {
  const result = (await t.db.execute(sql`
    select 'c' || day_number || ':' || xmin::text as r from workout_completions where user_id = ${userId}
    union all select 'p' || day_number || ':' || xmin::text || ':' || total_time_seconds || ':' || repetitions_completed from exercise_progress where user_id = ${userId}
    union all select 'w' || day_number || ':' || xmin::text || ':' || feeling_rating || ':' || energy_level from wellness_tracking where user_id = ${userId}
    union all select 'k' || key::text || ':' || xmin::text from idempotency_keys where user_id = ${userId}
    order by 1`)) as unknown as { rows: { r: string }[] };
  return result.rows.map((row) => row.r);
}
