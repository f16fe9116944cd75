import {
  changesBetween,
  type LedgerKind,
  type LedgerState,
  ledgerStateOf,
  NO_PLAN,
  replayLedger,
  stateDifferences,
} from '@core28/core/plan-ledger';
import type { DatabaseHandle } from '@core28/server/platform/db/index';
import { openPglite } from '@core28/server/platform/db/pglite';
import { businessNow, planLedger, planLedgerStates, subscribers } from '@core28/server/platform/db/schema';
import { counterDrift, NO_DRIFT } from '@core28/server/testing/counter-drift';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMillion } from './seed-million.ts';

// The bench's seeder against the schema and core's rules, at 2,000 members on PGlite: the ledger
// it writes is what the writers would have written (each entry the one change core finds between
// the states around it), it replays to each member's state and to their subscribers row, the live
// counters are its sums, and what the triggers keep (left off while loading) is what they would keep.

const NOW = new Date('2026-06-15T12:00:00Z');
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openPglite();
  await seedMillion(handle, { members: 2_000, now: NOW, log: () => {} });
}, 120_000);
afterAll(() => handle?.close());

const stateOf = (row: {
  status: LedgerState['status'];
  planId: LedgerState['planId'];
  mrrCents: number;
  periodEnd: Date | null;
  cancelling: boolean;
  failing: boolean;
}): LedgerState => ({
  status: row.status,
  planId: row.planId,
  mrrCents: row.mrrCents,
  periodEnd: row.periodEnd,
  cancelling: row.cancelling,
  failing: row.failing,
});

const count = async (text: string) =>
  ((await handle.db.execute(sql.raw(text))) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe('the million-member seed, at 2,000 members', () => {
  it('writes every entry as the one change core finds between the states around it', async () => {
    const entries = await handle.db
      .select()
      .from(planLedger)
      .orderBy(asc(planLedger.userId), asc(planLedger.seq));
    const kinds = new Set<LedgerKind>();
    let user = '';
    let state = NO_PLAN;
    let paid = false;
    const wrong: string[] = [];
    for (const e of entries) {
      kinds.add(e.kind);
      if (e.userId !== user) [user, state, paid] = [e.userId, NO_PLAN, false];
      const after = stateOf({
        status: e.statusAfter,
        planId: e.planAfter,
        mrrCents: e.mrrAfterCents,
        periodEnd: e.periodEndAfter,
        cancelling: e.cancellingAfter,
        failing: e.failingAfter,
      });
      const before = { status: e.statusBefore, planId: e.planBefore, mrrCents: e.mrrBeforeCents };
      if (
        before.status !== state.status ||
        before.planId !== state.planId ||
        before.mrrCents !== state.mrrCents
      )
        wrong.push(`${e.seq} ${e.kind}: before is not the last state`);
      if (e.occurredAt > NOW) wrong.push(`${e.seq} ${e.kind}: after the seed's now`);
      if (e.kind === 'invoice_paid' || e.kind === 'refunded') {
        if (stateDifferences(state, after).length > 0 || e.movement !== null)
          wrong.push(`${e.seq} ${e.kind}: money entry changed the plan`);
        if ((e.kind === 'refunded') !== e.amountCents < 0) wrong.push(`${e.seq} ${e.kind}: amount's sign`);
        continue;
      }
      const changes = changesBetween(state, after, {
        hasPaidBefore: paid,
        endedByGrace: e.kind === 'grace_ended',
      });
      if (changes.length !== 1 || changes[0]!.kind !== e.kind || changes[0]!.movement !== e.movement)
        wrong.push(
          `${e.seq} ${e.kind}/${e.movement}: core finds ${changes.map((c) => `${c.kind}/${c.movement}`)}`,
        );
      if (after.mrrCents > 0) paid = true;
      state = after;
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // Every kind of change is in the history, so the figures have each to sum.
    expect([...kinds].sort()).toEqual(
      [
        'cancellation_scheduled',
        'cancellation_withdrawn',
        'grace_ended',
        'invoice_paid',
        'payment_failed',
        'payment_recovered',
        'plan_changed',
        'plan_ended',
        'refunded',
        'renewed',
        'subscribed',
        'trial_converted',
        'trial_expired',
        'trial_started',
      ].sort(),
    );
  });

  it('replays each member to plan_ledger_states and to their subscribers row, as ledger:verify reads them', async () => {
    const entries = await handle.db.select().from(planLedger).orderBy(asc(planLedger.seq));
    const byUser = new Map<string, typeof entries>();
    for (const e of entries) byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
    const states = new Map((await handle.db.select().from(planLedgerStates)).map((s) => [s.userId, s]));
    const rows = new Map((await handle.db.select().from(subscribers)).map((r) => [r.userId, r]));
    expect(states.size).toBe(byUser.size);
    const wrong: string[] = [];
    for (const [userId, own] of byUser) {
      const replayed = replayLedger(
        own.map((e) => ({
          kind: e.kind,
          after: stateOf({
            status: e.statusAfter,
            planId: e.planAfter,
            mrrCents: e.mrrAfterCents,
            periodEnd: e.periodEndAfter,
            cancelling: e.cancellingAfter,
            failing: e.failingAfter,
          }),
        })),
      );
      const kept = states.get(userId)!;
      const fromRow = ledgerStateOf(rows.get(userId) ?? null, { at: NOW });
      const differences = [
        ...stateDifferences(replayed, stateOf(kept)),
        ...stateDifferences(replayed, fromRow),
        ...(replayed.periodEnd?.getTime() === fromRow.periodEnd?.getTime() ? [] : ['periodEnd']),
        ...(kept.lastSeq === own.at(-1)!.seq ? [] : ['lastSeq']),
        ...(kept.hasPaid === own.some((e) => e.mrrAfterCents > 0) ? [] : ['hasPaid']),
      ];
      if (differences.length > 0) wrong.push(`${userId}: ${differences.join(', ')}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    const paying = [...states.values()].filter((s) => s.status === 'paying');
    expect(paying.length).toBeGreaterThan(200);
    expect([...states.values()].filter((s) => s.status === 'trial').length).toBeGreaterThan(10);
    expect(paying.some((s) => s.cancelling)).toBe(true);
  });

  it('keeps business_now as the sums of the members’ states', async () => {
    const states = await handle.db.select().from(planLedgerStates);
    const paying = states.filter((s) => s.status === 'paying');
    const sum = (list: typeof states) => list.reduce((total, s) => total + s.mrrCents, 0);
    const now = await handle.db.select().from(businessNow);
    const total = (
      field:
        | 'paying'
        | 'mrrCents'
        | 'trials'
        | 'cancelling'
        | 'cancellingMrrCents'
        | 'failing'
        | 'failingMrrCents',
    ) => now.reduce((t, row) => t + row[field], 0);
    expect({
      paying: total('paying'),
      mrr: total('mrrCents'),
      trials: total('trials'),
      cancelling: [total('cancelling'), total('cancellingMrrCents')],
      failing: [total('failing'), total('failingMrrCents')],
    }).toEqual({
      paying: paying.length,
      mrr: sum(paying),
      trials: states.filter((s) => s.status === 'trial').length,
      cancelling: [paying.filter((s) => s.cancelling).length, sum(paying.filter((s) => s.cancelling))],
      failing: [paying.filter((s) => s.failing).length, sum(paying.filter((s) => s.failing))],
    });
    for (const row of now.filter((r) => r.planKey !== ''))
      expect(row.mrrCents).toBe(sum(paying.filter((s) => s.planId === row.planKey)));
  });

  it('sets what the triggers keep as the triggers would', async () => {
    // Round 1 starts at registration, with the profile; member_progress copies the latest round.
    expect(
      await count(`select count(*)::int as n from profiles p
      where not exists (select 1 from rounds r where r.user_id = p.user_id and r.number = 1 and r.started_at = p.registration_date)
         or not exists (select 1 from member_progress m where m.user_id = p.user_id)`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n from member_progress m
      where m.round_id is distinct from (select id from rounds r where r.user_id = m.user_id order by number desc limit 1)
         or m.round_started_at is distinct from (select started_at from rounds r where r.id = m.round_id)
         or m.completed_days <> (select count(*) from workout_completions w where w.round_id = m.round_id)
         or m.completed_mask <> coalesce((select bit_or(1::bigint << (w.day_number - 1)) from workout_completions w where w.round_id = m.round_id), 0)
         or m.last_active_at is distinct from core28_last_active(m.user_id)`),
    ).toBe(0);
    // The function orders a member's entries by day number across rounds, so two rounds' day 22 tie
    // and either may come first: compared where one round holds them.
    expect(
      await count(`select count(*)::int as n from member_progress m
      join core28_recent_wellness(array(select user_id from member_progress)) r on r.user_id = m.user_id
      where (m.recent_feeling <> r.feeling or m.recent_energy <> r.energy)
        and (select count(distinct w.round_id) from wellness_tracking w where w.user_id = m.user_id) = 1`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n from
      (select program_id, day_number, sum(completions)::int as n from program_day_stats group by 1, 2) s
      full join (select program_id, day_number, count(*)::int as n from workout_completions group by 1, 2) c
        using (program_id, day_number)
      where s.n is distinct from c.n`),
    ).toBe(0);
    expect(
      await count(`select count(*)::int as n from
      (select program_id, week, sum(entries)::int as n, sum(feeling_sum)::int as f from wellness_week_stats group by 1, 2) s
      full join (select program_id, ((day_number - 1) / 7 + 1)::smallint as week, count(*)::int as n, sum(feeling_rating)::int as f
                 from wellness_tracking group by 1, 2) c using (program_id, week)
      where s.n is distinct from c.n or s.f is distinct from c.f`),
    ).toBe(0);
    // The admin pages' counters (member list, coaches' loads, unread, dashboard), folded or not.
    expect(await counterDrift(handle.db)).toEqual(NO_DRIFT);
    expect(await count('select count(*)::int as n from workout_completions')).toBeGreaterThan(20_000);
    expect(await count('select count(*)::int as n from discussion_messages')).toBeGreaterThan(500);
  });

  it('has every unread conversation message already mailed, as the unread-mail job would have', async () => {
    const unreadTopics = (side: 'member' | 'coach') =>
      `from discussion_topics t cross join lateral (select min(m.created_at) as oldest from discussion_messages m
         where m.topic_id = t.id and ${side === 'member' ? 'm.is_coach_reply and not m.read_by_user' : 'not m.is_coach_reply and not m.read_by_coach'}) o
       where o.oldest is not null`;
    for (const side of ['member', 'coach'] as const) {
      expect(await count(`select count(*)::int as n ${unreadTopics(side)}`)).toBeGreaterThan(10);
      // What mailUnreadCoaching would find due: none, or an instance on the seed mails them all at once.
      expect(
        await count(
          `select count(*)::int as n ${unreadTopics(side)}
           and (t.${side}_notified_at is null or t.${side}_notified_at < o.oldest)`,
        ),
      ).toBe(0);
    }
  });

  it('leaves the triggers working on from the seeded rows', async () => {
    const [member] = (
      (await handle.db.execute(sql`select m.user_id, m.round_id, m.completed_days from member_progress m
        where m.completed_days between 1 and 20 order by m.user_id limit 1`)) as unknown as {
        rows: { user_id: string; round_id: number; completed_days: number }[];
      }
    ).rows;
    const day = await count(`select min(d)::int as n from generate_series(1, 28) d
      where not exists (select 1 from workout_completions w where w.round_id = ${member!.round_id} and w.day_number = d)`);
    const before = await count(
      `select sum(completions)::int as n from program_day_stats where day_number = ${day}`,
    );
    await handle.db.execute(
      sql`insert into workout_completions (user_id, day_number) values (${member!.user_id}, ${day})`,
    );
    expect(
      await count(`select completed_days as n from member_progress where user_id = '${member!.user_id}'`),
    ).toBe(member!.completed_days + 1);
    expect(
      await count(`select sum(completions)::int as n from program_day_stats where day_number = ${day}`),
    ).toBe(before + 1);
  });
});
