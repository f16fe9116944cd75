import { sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { type DbOrTx, rowsOf } from '../../platform/db/index.ts';

// business_days from the plan ledger (docs/decisions/0028, "Figures, snapshots and the page's
// reads"). Each run recomputes, wholly from plan_ledger, every UTC day that entries recorded since
// the last run touch: the days they took effect on, and for a conversion also the day its trial
// started (the conversion counts there). Recomputing a day whole makes a run idempotent, and a
// late or backdated entry lands on its own day.

/** The business_folds row of the days. */
export const DAYS_FOLD = 'days';

/**
 * An entry's recorded_at is its transaction's start (now()), and it becomes visible only at its
 * commit: a run must look back past the longest a writer's transaction can stay open, or it could
 * record a time after an entry it never saw. Statements end after 5 s and a transaction idle for
 * 15 s is ended (platform/db DATABASE_TIMEOUTS); a writer's transaction is a few statements, so
 * 10 minutes is far past any that commits.
 */
export const FOLD_OVERLAP = '10 minutes';

/** A run at the first fold of a database holding years of ledger may take longer than a request's 5 s. */
const FOLD_STATEMENT_TIMEOUT = '120s';

/** How old the last run may be when the page reads the figures over time before it folds again. */
export const FOLD_FRESH_SECONDS = 60;

export type FoldOutcome = { folded: boolean; days: number };

/**
 * Folds the days touched since the last run. `ifOlderThanSeconds`: only when the last run is
 * older (the page's read); `skipIfBusy`: a run already under way is enough, do not wait for it.
 */
export async function foldBusinessDays(
  { db }: Pick<Deps, 'db'>,
  { ifOlderThanSeconds, skipIfBusy = false }: { ifOlderThanSeconds?: number; skipIfBusy?: boolean } = {},
): Promise<FoldOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = '${FOLD_STATEMENT_TIMEOUT}'`));
    await tx.execute(
      sql`insert into business_folds (name, folded_at) values (${DAYS_FOLD}, '-infinity') on conflict do nothing`,
    );
    // The row's lock makes runs take turns: two at once would both delete a day and insert it.
    const [fold] = await rowsOf<{ since: string; isFresh: boolean }>(
      tx,
      sql`select (folded_at - ${FOLD_OVERLAP}::interval)::text as since,
            coalesce(folded_at > now() - make_interval(secs => ${ifOlderThanSeconds ?? -1}), false) as "isFresh"
          from business_folds where name = ${DAYS_FOLD}
          for update ${skipIfBusy ? sql`skip locked` : sql``}`,
    );
    if (!fold || (ifOlderThanSeconds !== undefined && fold.isFresh)) return { folded: false, days: 0 };
    const days = await touchedDays(tx, fold.since);
    if (days.length > 0) await refoldDays(tx, days);
    // The transaction's start: whatever committed before it was seen; the overlap covers the rest.
    await tx.execute(sql`update business_folds set folded_at = now() where name = ${DAYS_FOLD}`);
    return { folded: true, days: days.length };
  });
}

/** Days (YYYY-MM-DD) that entries recorded since `since` count on. */
async function touchedDays(tx: DbOrTx, since: string): Promise<string[]> {
  const found = await rowsOf<{ day: string }>(
    tx,
    sql`select distinct day::text as day from (
          select (occurred_at at time zone 'UTC')::date as day from plan_ledger where recorded_at >= ${since}::timestamptz
          union all
          select (trial_started_at at time zone 'UTC')::date from plan_ledger
          where recorded_at >= ${since}::timestamptz and kind = 'trial_converted' and trial_started_at is not null
        ) d order by 1`,
  );
  return found.map((row) => row.day);
}

/** The ledger's entries of a day, summed by plan (see the column comments of schema/business.ts). */
async function refoldDays(tx: DbOrTx, days: string[]) {
  const list = sql`string_to_array(${days.join(',')}, ',')::date[]`;
  await tx.execute(sql`delete from business_days where day = any(${list})`);
  await tx.execute(sql`
    with d(day) as (select unnest(${list})),
    e as (
      select d.day, l.* from d
      join plan_ledger l on l.occurred_at >= d.day::timestamp at time zone 'UTC'
        and l.occurred_at < (d.day + 1)::timestamp at time zone 'UTC'
    ),
    parts as (
      -- The state before, taken off its plan's key; a churn and a lost payment belong to the plan left.
      select e.day, coalesce(e.plan_before, '') as plan_key,
        -(e.status_before = 'paying')::int as paying, -e.mrr_before_cents::bigint as mrr,
        -(e.status_before = 'trial')::int as trials,
        0::bigint as new_mrr, 0::bigint as expansion, 0::bigint as contraction,
        case when e.movement = 'churn' then e.mrr_before_cents - e.mrr_after_cents else 0 end::bigint as churn,
        0::bigint as reactivation, 0 as new_members, (e.movement is not distinct from 'churn')::int as churned, 0 as reactivated,
        0 as trial_starts, 0 as conversions, 0 as failed, 0 as recovered,
        (e.kind = 'grace_ended')::int as lost, 0::bigint as collected, 0::bigint as refunded
      from e where e.status_before <> 'none'
      union all
      -- The state after, added on its plan's key ('' for a trial), with what the entry moved there.
      select e.day, coalesce(e.plan_after, ''),
        (e.status_after = 'paying')::int, e.mrr_after_cents::bigint, (e.status_after = 'trial')::int,
        case when e.movement = 'new' then e.mrr_after_cents else 0 end,
        case when e.movement = 'expansion' then e.mrr_after_cents - e.mrr_before_cents else 0 end,
        case when e.movement = 'contraction' then e.mrr_before_cents - e.mrr_after_cents else 0 end,
        0,
        case when e.movement = 'reactivation' then e.mrr_after_cents else 0 end,
        (e.movement is not distinct from 'new')::int, 0, (e.movement is not distinct from 'reactivation')::int,
        (e.kind = 'trial_started')::int, 0,
        (e.kind = 'payment_failed')::int, (e.kind = 'payment_recovered')::int, 0,
        greatest(e.amount_cents, 0), greatest(-e.amount_cents, 0)
      from e where e.status_after <> 'none' or e.amount_cents <> 0
      union all
      -- A conversion counts on the day its trial started, with the trials.
      select d.day, '', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0
      from d join plan_ledger l on l.kind = 'trial_converted'
        and l.trial_started_at >= d.day::timestamp at time zone 'UTC'
        and l.trial_started_at < (d.day + 1)::timestamp at time zone 'UTC'
    )
    insert into business_days (day, plan_key, paying_delta, mrr_delta_cents, trials_delta, new_mrr_cents,
      expansion_mrr_cents, contraction_mrr_cents, churn_mrr_cents, reactivation_mrr_cents, new_members,
      churned_members, reactivated_members, trial_starts, trial_conversions, payments_failed,
      payments_recovered, payments_lost, collected_cents, refunded_cents)
    select day, plan_key, sum(paying), sum(mrr), sum(trials), sum(new_mrr), sum(expansion), sum(contraction),
      sum(churn), sum(reactivation), sum(new_members), sum(churned), sum(reactivated), sum(trial_starts),
      sum(conversions), sum(failed), sum(recovered), sum(lost), sum(collected), sum(refunded)
    from parts group by day, plan_key`);
}
