import { MemberListQuerySchema } from '@core28/core/admin';
import { missedInARow } from '@core28/core/program';
import { MAX_PROGRAM_DAYS, roundDayNumber } from '@core28/core/rounds';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/index.ts';
import { counterDrift, NO_DRIFT } from '../../testing/counter-drift.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { localTodaySql, missedFromKeysSql, missedInARowSql } from '../program/service.ts';
import { listCoachLoads } from '../team/service.ts';
import { MEMBER_LIST_FOLD_QUEUE } from './jobs.ts';
import { listMembers } from './member-list.ts';
import { countListedMembers, listMissedPage } from './member-list-keys.ts';

// The member list's kept keys and counters (migration 0033) answer what the rule and the scan of
// every member answer: days missed in a row as core counts them, in any zone, after any round and
// any write; the owner's totals and "sorted by days missed" as the list over the same members
// without them.

const NOW = new Date('2026-07-10T00:30:00Z'); // just past midnight UTC: a day boundary close by
const DAY = 86_400_000;
// The zones at both ends of the clock, half and quarter hours, and summer time on either side.
const ZONES = [
  null,
  'UTC',
  'America/Los_Angeles',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kathmandu',
  'Europe/London',
  'Australia/Lord_Howe',
  'America/St_Johns',
] as const;

let t: TestApp;
let coachId: string;
const COACHES = ['keys-coach', 'keys-coach-2'];
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  for (const id of COACHES) {
    await addMember(id);
    await t.db.execute(sql`insert into user_roles (user_id, role) values (${id}, 'coach')`);
    await t.db.execute(sql`insert into coach_profiles (user_id, name, seats) values (${id}, ${id}, 50)`);
  }
  coachId = COACHES[0]!;
});
afterAll(() => t.close());

/** A member straight into the tables (their profile's triggers give them round 1 and progress). */
async function addMember(id: string) {
  await t.db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
    values (${id}, ${id}, ${`${id}@example.com`}, true, now(), now())`);
  await t.db.execute(sql`insert into profiles (user_id, first_name) values (${id}, ${id})`);
  return id;
}

/** Sets a member's zone, current round start and completed days. */
async function setRound(id: string, timeZone: string | null, startedAt: Date, days: number[]) {
  const mask = days.reduce((m, d) => m | (1n << BigInt(d - 1)), 0n);
  await t.db.execute(sql`update profiles set time_zone = ${timeZone} where user_id = ${id}`);
  await t.db.execute(sql`update member_progress set round_started_at = ${startedAt.toISOString()}::timestamptz,
    completed_mask = ${mask.toString()}::bigint where user_id = ${id}`);
}

const listQuery = (query: Record<string, unknown>) => MemberListQuerySchema.parse(query);

describe("days missed in a row from the list's kept keys", () => {
  it('match core missedInARow and its SQL twin for random zones, round starts, days and hours', async () => {
    const pool = await Promise.all(Array.from({ length: 6 }, (_, i) => addMember(`keys-random-${i}`)));
    const member = fc
      .record({
        zone: fc.constantFrom(...ZONES),
        startedDaysAgo: fc.double({ min: -1, max: 80, noNaN: true }),
        picks: fc.array(fc.boolean(), { minLength: MAX_PROGRAM_DAYS, maxLength: MAX_PROGRAM_DAYS }),
        // After a zone change the round's day can go back one: one completed day just ahead of today.
        aheadOne: fc.boolean(),
      })
      .map(({ zone, startedDaysAgo, picks, aheadOne }) => ({ zone, startedDaysAgo, picks, aheadOne }));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 48 * 60 }),
        fc.array(member, { minLength: pool.length, maxLength: pool.length }),
        async (minutes, members) => {
          const now = new Date(NOW.getTime() + minutes * 60_000);
          const expected = new Map<string, number>();
          for (const [i, m] of members.entries()) {
            const startedAt = new Date(now.getTime() - m.startedDaysAgo * DAY);
            const dayNumber = roundDayNumber(startedAt, now, m.zone);
            // A day is completed up to today and within the round's program (42 days at most).
            const last = Math.min(MAX_PROGRAM_DAYS, dayNumber + (m.aheadOne ? 1 : 0));
            const days = Array.from({ length: Math.max(0, last) }, (_, d) => d + 1).filter(
              (d) => d > dayNumber || m.picks[d - 1],
            );
            await setRound(pool[i]!, m.zone, startedAt, days);
            expected.set(pool[i]!, missedInARow(days, Math.max(1, dayNumber)));
          }
          const found = await rowsOf<{ userId: string; kept: number; twin: number }>(
            t.db,
            sql`select k.user_id as "userId",
                coalesce(${missedFromKeysSql({ top: sql`k.top_day_on`, second: sql`k.second_day_on`, third: sql`k.third_day_on` }, localTodaySql(sql`k.time_zone`, now))}, 0)::int as kept,
                ${missedInARowSql(sql`m.completed_mask`, sql`m.round_started_at`, sql`p.time_zone`, now)}::int as twin
              from member_list_keys k join profiles p on p.user_id = k.user_id
              join member_progress m on m.user_id = k.user_id where k.user_id in ${pool}`,
          );
          expect(
            await rowsOf(
              t.db,
              sql`(select * from member_list_key_source where listed except select * from member_list_keys)
              union all (select * from member_list_keys except select * from member_list_key_source where listed)`,
            ),
          ).toEqual([]);
          expect(new Map(found.map((r) => [r.userId, r.kept]))).toEqual(expected);
          expect(new Map(found.map((r) => [r.userId, r.twin]))).toEqual(expected);
          // The counters' totals: every listed member of this app is in the pool.
          for (const n of [1, 2, 3, 5, 28])
            expect(await countListedMembers(t.deps, listQuery({ missed: n }), now)).toBe(
              [...expected.values()].filter((missed) => missed >= n).length,
            );
        },
      ),
      { numRuns: 60 },
    );
    await t.db.execute(sql`delete from users where id in ${pool}`);
    expect(await countListedMembers(t.deps, listQuery({}), NOW)).toBe(0);
  });
});

type Op =
  | { kind: 'complete' | 'uncomplete'; member: number; day: number }
  | { kind: 'zone'; member: number; zone: (typeof ZONES)[number] }
  | { kind: 'plan'; member: number; plan: 'none' | 'trial' | 'daily' | 'burn' | 'ended' }
  | { kind: 'staff' | 'unstaff' | 'round' | 'delete'; member: number }
  | { kind: 'wellness'; member: number; day: number; feeling: number }
  | { kind: 'assign'; member: number; coach: number }
  | { kind: 'topic' | 'archive'; member: number }
  | { kind: 'message'; member: number; fromCoach: boolean; read: boolean }
  | { kind: 'read'; member: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('complete' as const, 'uncomplete' as const),
    member: fc.nat(7),
    day: fc.integer({ min: 1, max: 28 }),
  }),
  fc.record({ kind: fc.constant('zone' as const), member: fc.nat(7), zone: fc.constantFrom(...ZONES) }),
  fc.record({
    kind: fc.constant('plan' as const),
    member: fc.nat(7),
    plan: fc.constantFrom(
      'none' as const,
      'trial' as const,
      'daily' as const,
      'burn' as const,
      'ended' as const,
    ),
  }),
  fc.record({
    kind: fc.constantFrom('staff' as const, 'unstaff' as const, 'round' as const, 'delete' as const),
    member: fc.nat(7),
  }),
  fc.record({ kind: fc.constant('assign' as const), member: fc.nat(7), coach: fc.nat(2) }),
  fc.record({
    kind: fc.constantFrom('topic' as const, 'archive' as const, 'read' as const),
    member: fc.nat(7),
  }),
  fc.record({
    kind: fc.constant('message' as const),
    member: fc.nat(7),
    fromCoach: fc.boolean(),
    read: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('wellness' as const),
    member: fc.nat(7),
    day: fc.integer({ min: 1, max: 28 }),
    feeling: fc.integer({ min: 1, max: 5 }),
  }),
);

async function apply(id: string, o: Op) {
  const exists = (await rowsOf(t.db, sql`select 1 from users where id = ${id}`)).length > 0;
  if (!exists) await addMember(id);
  switch (o.kind) {
    case 'complete':
      return t.db.execute(sql`insert into workout_completions (user_id, day_number)
        values (${id}, ${o.day}) on conflict do nothing`);
    case 'uncomplete':
      return t.db.execute(sql`delete from workout_completions where user_id = ${id} and day_number = ${o.day}
        and round_id = (select round_id from member_progress where user_id = ${id})`);
    case 'zone':
      return t.db.execute(sql`update profiles set time_zone = ${o.zone} where user_id = ${id}`);
    case 'plan': {
      const [subscribed, trial, tier] = {
        none: [false, false, null],
        trial: [true, true, '1-on-1 Burn'],
        daily: [true, false, 'The Daily Core'],
        burn: [true, false, '1-on-1 Burn'],
        ended: [false, false, '1-on-1 Burn'],
      }[o.plan];
      // A paid plan whose period has ended and is not yet marked so: counted off by the hour.
      const end = o.plan === 'burn' && o.member % 2 === 0 ? '2026-07-01T00:00:00Z' : null;
      return t.db.execute(sql`insert into subscribers (user_id, email, subscribed, is_trial, subscription_tier, subscription_end)
        values (${id}, ${`${id}@example.com`}, ${subscribed}, ${trial}, ${tier}, ${end}::timestamptz)
        on conflict (user_id) do update set subscribed = excluded.subscribed, is_trial = excluded.is_trial,
          subscription_tier = excluded.subscription_tier, subscription_end = excluded.subscription_end`);
    }
    case 'staff':
      return t.db.execute(
        sql`insert into user_roles (user_id, role) values (${id}, 'editor') on conflict do nothing`,
      );
    case 'unstaff':
      return t.db.execute(sql`delete from user_roles where user_id = ${id}`);
    case 'round':
      return t.db.execute(sql`insert into rounds (user_id, program_id, number, started_at)
        select ${id}, r.program_id, r.number + 1, now() - interval '3 days' from rounds r
        where r.user_id = ${id} order by r.number desc limit 1`);
    case 'delete':
      return t.db.execute(sql`delete from users where id = ${id}`);
    case 'assign':
      return o.coach === 2
        ? t.db.execute(sql`delete from coach_assignments where user_id = ${id}`)
        : t.db.execute(sql`insert into coach_assignments (user_id, coach_id) values (${id}, ${COACHES[o.coach]!})
            on conflict (user_id) do update set coach_id = excluded.coach_id`);
    case 'topic':
      return t.db.execute(sql`insert into discussion_topics (user_id, title) values (${id}, 'Form check')`);
    case 'archive':
      return t.db.execute(sql`update discussion_topics set is_archived = not is_archived
        where id = (select id from discussion_topics where user_id = ${id} order by created_at, id limit 1)`);
    case 'message':
      return t.db.execute(sql`insert into discussion_messages (topic_id, user_id, message, is_coach_reply, read_by_coach)
        select t.id, ${o.fromCoach ? coachId : id}, 'Form check', ${o.fromCoach}, ${o.read} from discussion_topics t
        where t.user_id = ${id} order by t.created_at, t.id limit 1`);
    case 'read':
      return t.db.execute(sql`update discussion_messages set read_by_coach = true
        where topic_id in (select id from discussion_topics where user_id = ${id})`);
    case 'wellness':
      return t.db.execute(sql`insert into wellness_tracking (user_id, day_number, feeling_rating, energy_level)
        values (${id}, ${o.day}, ${o.feeling}, ${o.feeling}) on conflict do nothing`);
  }
}

const count = async (text: string) => (await rowsOf<{ n: number }>(t.db, sql.raw(text)))[0]!.n;

/** Every counter of migration 0033 against a count of the rows it stands for. */
async function expectCountersToMatchARecount() {
  expect(await counterDrift(t.db)).toEqual(NO_DRIFT);
  // Unfolded here, the counts match the keys on every column, days and time zones too.
  const key = 'plan, burn, falling, time_zone, top_day_on, second_day_on, third_day_on, weeks_done';
  expect(
    await count(`select count(*)::int as n from (
        (select ${key}, sum(members)::int from member_list_counts group by ${key} having sum(members) <> 0
          except all select ${key}, count(*)::int from member_list_keys group by ${key})
        union all (select ${key}, count(*)::int from member_list_keys group by ${key}
          except all select ${key}, sum(members)::int from member_list_counts group by ${key} having sum(members) <> 0)) d`),
  ).toBe(0);
  // The coaches' loads as the team page reads them, against counting their members and conversations.
  const loads = await listCoachLoads(t.db, NOW);
  const counted = await rowsOf<{ coach_id: string; members: number; open_conversations: number }>(
    t.db,
    sql`select cp.user_id as coach_id,
          (select count(*)::int from coach_assignments ca join subscribers s on s.user_id = ca.user_id
            where ca.coach_id = cp.user_id and s.subscribed and not s.is_trial and s.subscription_tier = '1-on-1 Burn'
              and (s.subscription_end is null or s.subscription_end > ${NOW.toISOString()}::timestamptz)) as members,
          (select count(*)::int from discussion_topics t join coach_assignments ca on ca.user_id = t.user_id
            where ca.coach_id = cp.user_id and not t.is_archived) as open_conversations
        from coach_profiles cp order by cp.name`,
  );
  expect(
    loads.map(({ coach_id, members, open_conversations }) => ({
      coach_id,
      members,
      open_conversations,
    })),
  ).toEqual(counted);
}

describe("the list's counters", () => {
  it("follow every write to the tables they count, cascades included, and match a recount, the coaches' loads too", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        for (const o of ops) await apply(`keys-op-${o.member}`, o);
        await expectCountersToMatchARecount();
      }),
      { numRuns: 30 },
    );
    await t.db.execute(sql`delete from users where id like 'keys-op-%'`);
  });

  it('follow statements that write many members at once, as an import or a bulk change does', async () => {
    const ids = sql`(select 'keys-bulk-' || g from generate_series(1, 400) g)`;
    await t.db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
      select id, id, id || '@example.com', true, now(), now() from ${ids} u(id)`);
    await t.db.execute(sql`insert into profiles (user_id, time_zone)
      select id, (array['UTC', 'Asia/Kathmandu', 'America/Los_Angeles'])[1 + length(id) % 3] from ${ids} u(id)`);
    await expectCountersToMatchARecount();
    await t.db.execute(sql`insert into subscribers (user_id, email, subscribed, subscription_tier, is_trial)
      select id, id || '@example.com', true, case when right(id, 1) < '5' then '1-on-1 Burn' else 'The Daily Core' end, false
      from ${ids} u(id)`);
    await t.db.execute(
      sql`insert into coach_assignments (user_id, coach_id) select id, ${coachId} from ${ids} u(id)`,
    );
    await t.db.execute(sql`update member_progress set completed_mask = 7, completed_days = 3
      where user_id like 'keys-bulk-%' and right(user_id, 1) > '3'`);
    await t.db.execute(
      sql`update subscribers set is_trial = true where user_id like 'keys-bulk-%' and right(user_id, 1) = '7'`,
    );
    await t.db.execute(
      sql`insert into user_roles (user_id, role) select id, 'editor' from ${ids} u(id) where right(id, 2) = '00'`,
    );
    await expectCountersToMatchARecount();
    expect(
      await count(`select count(*)::int as n from member_list_keys where user_id like 'keys-bulk-%'`),
    ).toBe(396);
    await t.db.execute(sql`delete from users where id like 'keys-bulk-%'`);
    await expectCountersToMatchARecount();
  });

  it('answer the same totals after the hourly fold merges shards and long-missed keys', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => addMember(`keys-fold-${i}`)));
    for (const [i, id] of ids.entries())
      await setRound(id, ZONES[i % ZONES.length]!, new Date(NOW.getTime() - (5 + i * 7) * DAY), [1, 2, 3]);
    const totals = async () =>
      Promise.all([0, 1, 2, 3, 28].map((missed) => countListedMembers(t.deps, listQuery({ missed }), NOW)));
    const before = await totals();
    const rowsBefore = await count('select count(*)::int as n from member_list_counts');
    await t.jobs.enqueue(MEMBER_LIST_FOLD_QUEUE, {});
    expect(await t.drainJobs()).toBe(1);
    expect(await totals()).toEqual(before);
    // Rounds started 5, 12, … 82 days ago with days 1-3 done: the one of 5 days has missed 2; from 33 days, 28 or more (one key).
    expect(await count('select count(*)::int as n from member_list_counts')).toBeLessThan(rowsBefore);
    expect(before).toEqual([12, 12, 12, 11, 8]);
    await t.db.execute(sql`delete from users where id like 'keys-fold-%'`);
  });
});

describe("the owner's member list from the kept keys", () => {
  it('answers what the scan of the same members answers: totals, filters, and sorted by days missed', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => addMember(`keys-list-${i}`)));
    const plans = ['none', 'trial', 'daily', 'burn', 'ended'] as const;
    for (const [i, id] of ids.entries()) {
      const startedAt = new Date(NOW.getTime() - ((i * 37) % 90) * DAY - ((i * 7919) % 1440) * 60_000);
      const dayNumber = roundDayNumber(startedAt, NOW, ZONES[i % ZONES.length]!);
      const days = [1, 2, 3, 5, 8, 13, 21].filter((d) => d <= dayNumber && (d + i) % 3 !== 0);
      await setRound(id, ZONES[i % ZONES.length]!, startedAt, days);
      await apply(id, { kind: 'plan', member: 0, plan: plans[i % plans.length]! });
      if (i % 4 === 0)
        for (const [day, feeling] of [
          [1, 5],
          [2, 4],
          [3, 2],
        ] as const)
          await t.db.execute(sql`insert into wellness_tracking (user_id, round_id, day_number, feeling_rating, energy_level)
            values (${id}, (select round_id from member_progress where user_id = ${id}), ${day}, ${feeling}, 3)`);
      // The coach has every one of them: their list is the scan of the same members.
      await t.db.execute(sql`insert into coach_assignments (user_id, coach_id) values (${id}, ${coachId})`);
    }
    const owner = { staff: { roles: ['owner' as const], secondFactor: true }, viewerId: 'owner' };
    const coach = { staff: { roles: ['coach' as const], secondFactor: true }, viewerId: coachId };
    const queries = [
      {},
      { plan: 'paid' },
      { plan: 'trial' },
      { burn: 'true' },
      { falling: 'true' },
      { falling: 'true', burn: 'true' },
      { falling: 'true', pageSize: 3, page: 2 },
      { missed: 1 },
      { missed: 2 },
      { missed: 3 },
      { missed: 5, plan: 'paid' },
      { sort: 'missed', pageSize: 5 },
      { sort: 'missed', pageSize: 5, page: 2 },
      { sort: 'missed', pageSize: 5, page: 3 },
      { sort: 'missed', pageSize: 4, missed: 3 },
      { sort: 'missed', pageSize: 3, burn: 'true' },
      { sort: 'lastActive' },
    ];
    for (const query of queries) {
      const parsed = listQuery(query);
      const kept = await listMembers(t.deps, parsed, owner);
      const scanned = await listMembers(t.deps, parsed, coach);
      expect({ query, total: kept.total, ids: kept.users.map((u) => u.id) }).toEqual({
        query,
        total: scanned.total,
        ids: scanned.users.map((u) => u.id),
      });
    }
    // The sorted pages above were the keys' own, not the fallback's.
    expect(
      await listMissedPage(t.deps, listQuery({ sort: 'missed', pageSize: 5, page: 3 }), NOW),
    ).toHaveLength(5);
    expect((await listMembers(t.deps, listQuery({ missed: 2 }), owner)).total).toBeGreaterThan(10);
  });

  it('a recount sees a counter that is one off', async () => {
    expect(await counterDrift(t.db)).toEqual(NO_DRIFT);
    for (const [table, counter] of [
      ['member_list_counts', 'memberListCounts'],
      ['coach_load_counts', 'coachLoadCounts'],
      ['dashboard_counts', 'dashboardCounts'],
    ] as const) {
      const column = table === 'dashboard_counts' ? 'n' : 'members';
      // One counter one up, seen and then rolled back.
      const seen = await t.db
        .transaction(async (tx) => {
          await tx.execute(
            sql.raw(`update ${table} set ${column} = ${column} + 1
              where ctid = (select ctid from ${table} where ${column} > 0 limit 1)`),
          );
          throw await counterDrift(tx);
        })
        .catch((drift: unknown) => drift);
      // A group one off is two differences: the counted group is missing, an uncounted one is there.
      expect(seen).toEqual({ ...NO_DRIFT, [counter]: 2 });
    }
    expect(await counterDrift(t.db)).toEqual(NO_DRIFT);
  });
});
