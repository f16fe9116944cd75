import { monthStart, utcDay } from '@core28/core/business-periods';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';
import { isNotAdminSql } from '../auth/service.ts';

// The cohorts snapshot (docs/decisions/0028): per sign-up month (UTC; staff are not members), the
// members, their first round's funnel, and for each month since sign-up who paid at its end and
// who trained in it. A month's figures are frozen once computed a day after it ended (a plan that
// ended with its period is often written hours later, dated back to the period's end), so a night's
// run recomputes this month, at most last month, and the funnel, each in one set-based statement.

/** The business_folds row that says when the cohorts were last computed. */
export const COHORTS_FOLD = 'cohorts';

/** The first run over years of history reads every completion once; a request's 5 s is too short. */
const COHORTS_STATEMENT_TIMEOUT = '600s';

const cohortOf = (createdAt: ReturnType<typeof sql>) =>
  sql`date_trunc('month', ${createdAt} at time zone 'UTC')::date`;
const isMember = isNotAdminSql(sql`u.id`);
/** A month's figures are final once computed this long after it ended. */
const frozenAfter = (month: ReturnType<typeof sql>) =>
  sql`((${month})::timestamp + interval '1 month 1 day') at time zone 'UTC'`;
const timeOf = (at: Date) => sql`${at.toISOString()}::timestamptz`;

export async function computeBusinessCohorts({ db, now }: Pick<Deps, 'db' | 'now'>) {
  const at = now();
  const thisMonth = monthStart(utcDay(at));
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = '${COHORTS_STATEMENT_TIMEOUT}'`));
    await upsertCohorts(tx, at);
    const open = await rowsOf<{ month: string }>(
      tx,
      sql`select distinct m.month::text as month
          from business_cohorts c
          cross join lateral generate_series(c.cohort::timestamp, (${thisMonth}::date - 1)::timestamp, interval '1 month') as m(month)
          left join business_cohort_months x on x.cohort = c.cohort and x.month = m.month::date
          where x.computed_at is null or x.computed_at < ${frozenAfter(sql`m.month::date`)}
          order by 1`,
    );
    if (open.length > 0)
      await computePastMonths(
        tx,
        at,
        open.map((row) => row.month),
      );
    await computeThisMonth(tx, at, thisMonth);
    await tx.execute(
      sql`insert into business_folds (name, folded_at) values (${COHORTS_FOLD}, ${timeOf(at)})
          on conflict (name) do update set folded_at = excluded.folded_at`,
    );
  });
}

/**
 * Members per sign-up month (frozen with its months: an erased account leaves a finished cohort
 * as it was) and the funnel of every cohort: a member still in round 1 is read from
 * member_progress's bits, the others' round 1 from its completions by the (round, day) index.
 */
async function upsertCohorts(tx: DbOrTx, at: Date) {
  await tx.execute(sql`
    insert into business_cohorts as b (cohort, members, day1, day7, day14, day21, day28, round2, computed_at)
    select ${cohortOf(sql`u.created_at`)}, count(*),
      count(*) filter (where f.done & 1 <> 0), count(*) filter (where f.done & 64 <> 0),
      count(*) filter (where f.done & 8192 <> 0), count(*) filter (where f.done & 1048576 <> 0),
      count(*) filter (where f.done & 134217728 <> 0),
      count(*) filter (where exists (select 1 from rounds r2 where r2.user_id = u.id and r2.number = 2)),
      ${timeOf(at)}
    from users u
    left join rounds r1 on r1.user_id = u.id and r1.number = 1
    left join member_progress mp on mp.user_id = u.id
    cross join lateral (select case
        when r1.id is null then 0::bigint
        when mp.round_id = r1.id then mp.completed_mask
        else coalesce((select bit_or(1::bigint << (w.day_number - 1)) from workout_completions w
                       where w.round_id = r1.id and w.day_number in (1, 7, 14, 21, 28)), 0)
      end as done) f
    where ${isMember} and u.created_at < ${timeOf(at)}
    group by 1
    on conflict (cohort) do update set
      members = case when b.computed_at >= ${frozenAfter(sql`b.cohort`)} then b.members else excluded.members end,
      day1 = excluded.day1, day7 = excluded.day7, day14 = excluded.day14, day21 = excluded.day21,
      day28 = excluded.day28, round2 = excluded.round2, computed_at = excluded.computed_at`);
}

/** This month so far: paying now (plan_ledger_states), trained since the 1st. */
async function computeThisMonth(tx: DbOrTx, at: Date, thisMonth: string) {
  await tx.execute(sql`
    insert into business_cohort_months as x (cohort, month, paying, training, computed_at)
    select c.cohort, ${thisMonth}::date, coalesce(p.n, 0), coalesce(t.n, 0), ${timeOf(at)}
    from business_cohorts c
    left join (
      select ${cohortOf(sql`u.created_at`)} as cohort, count(*) as n
      from plan_ledger_states s join users u on u.id = s.user_id
      where s.mrr_cents > 0 and ${isMember} group by 1
    ) p on p.cohort = c.cohort
    left join (
      select ${cohortOf(sql`u.created_at`)} as cohort, count(*) as n
      from (select distinct w.user_id from workout_completions w
            where w.completed_at >= ${thisMonth}::timestamp at time zone 'UTC' and w.completed_at < ${timeOf(at)}) w
      join users u on u.id = w.user_id where ${isMember} group by 1
    ) t on t.cohort = c.cohort
    where c.cohort <= ${thisMonth}::date
    on conflict (cohort, month) do update set paying = excluded.paying, training = excluded.training,
      computed_at = excluded.computed_at`);
}

/**
 * Months that ended and are not frozen yet (normally last month, in the first night or two of a
 * month; every month at the first run). Paying at a month's end: the member's last entry before
 * it (by when it took effect) left MRR; each entry's state lasts until the member's next one.
 */
async function computePastMonths(tx: DbOrTx, at: Date, months: string[]) {
  const list = sql`string_to_array(${months.join(',')}, ',')::date[]`;
  const [first] = months;
  await tx.execute(sql`
    with ends as (
      select m as month, (m + interval '1 month')::timestamp at time zone 'UTC' as end_at from unnest(${list}) m
    ),
    spans as (
      select user_id, occurred_at as from_at, mrr_after_cents,
        lead(occurred_at) over (partition by user_id order by occurred_at, seq) as to_at
      from plan_ledger where kind not in ('invoice_paid', 'refunded')
    ),
    paying as (
      select ${cohortOf(sql`u.created_at`)} as cohort, e.month, count(*) as n
      from spans s
      join ends e on s.from_at < e.end_at and (s.to_at is null or s.to_at >= e.end_at)
      join users u on u.id = s.user_id
      where s.mrr_after_cents > 0 and ${isMember} and u.created_at < e.end_at
      group by 1, 2
    ),
    training as (
      select ${cohortOf(sql`u.created_at`)} as cohort, w.month, count(*) as n
      from (select distinct w.user_id, date_trunc('month', w.completed_at at time zone 'UTC')::date as month
            from workout_completions w
            where w.completed_at >= ${first}::timestamp at time zone 'UTC' and w.completed_at < ${timeOf(at)}) w
      join users u on u.id = w.user_id
      where w.month = any(${list}) and ${isMember}
      group by 1, 2
    )
    insert into business_cohort_months as x (cohort, month, paying, training, computed_at)
    select c.cohort, e.month, coalesce(p.n, 0), coalesce(t.n, 0), ${timeOf(at)}
    from business_cohorts c
    join ends e on e.month >= c.cohort
    left join paying p on p.cohort = c.cohort and p.month = e.month
    left join training t on t.cohort = c.cohort and t.month = e.month
    on conflict (cohort, month) do update set paying = excluded.paying, training = excluded.training,
      computed_at = excluded.computed_at
      where x.computed_at < ${frozenAfter(sql`x.month`)}`);
}
