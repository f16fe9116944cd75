import { at, type SeedOptions, u } from './sql.ts';

// Two years of plan history as the plan ledger records it: trials (most members start one, about
// 30 % convert), paid "lives" on the four plans (monthly renewals, yearly ones), upgrades mid-period
// and downgrades at a renewal, failed renewals recovered within days or lost after the grace,
// cancellations at the period end, refunds, and members who come back months later. Every entry
// is generated with the state it leaves; the state before, the movement and the order come from one
// window over each member's entries, so they chain as the writers chain them (core changesBetween).

/** Share of members who start the free trial, and of trials that convert (the rest: direct or free). */
const TRIAL_SHARE = 0.8;
const CONVERT_SHARE = 0.3;

export function ledgerStatements({ now }: SeedOptions): string[] {
  const T = at(now);
  // Period k of a life starts at ps(k); the plan at its start, and at its end (an upgrade mid-period).
  const ps = (k: string) => `(l.start_at + make_interval(months => (${k}) * l.months))`;
  const planStart = (k: string) =>
    `(case when l.change_k is not null and (${k}) >= l.change_k then l.plan1 else l.plan0 end)`;
  const planEnd = (k: string) =>
    `(case when l.change_k is not null and (${k}) >= l.change_k - l.change_up::int then l.plan1 else l.plan0 end)`;
  const price = (plan: string) => `(select price from bench_seed_plans where plan_id = ${plan})`;
  const insert = `insert into bench_seed_events (user_id, sub, kind, occurred_at, ord, status_after, plan_after,
      cancelling_after, failing_after, period_end_after, amount, trial_started_at)`;
  return [
    'drop table if exists bench_seed_lives',
    `create unlogged table bench_seed_lives as
       select i, user_id, 1 as life,
         case when ${u('i', 4)} < ${TRIAL_SHARE} then 'trial_converted' else 'subscribed' end as via,
         case when ${u('i', 4)} < ${TRIAL_SHARE} then reg_at end as trial_at,
         case when ${u('i', 4)} < ${TRIAL_SHARE}
           then reg_at + interval '1 day' * (1 + floor(${u('i', 5)} / ${CONVERT_SHARE} * 6)) + interval '1 minute' * floor(${u('i', 6)} * 1400)
           else reg_at + interval '5 minutes' end as start_at,
         plan0, plan1, months, periods,
         case when ${u('i', 8)} < 0.12 and periods >= 2 then 1 + floor(${u('i', 9)} * (periods - 1))::int end as change_k,
         plan0 like 'daily-core%' as change_up,
         ${u('i', 10)} < 0.3 as end_lost,
         0.6 + 0.35 * ${u('i', 11)} as cancel_frac,
         case when ${u('i', 12)} < 0.5 and periods >= 2 then 1 + floor(${u('i', 13)} * (periods - 1))::int end as fail_k,
         1 + floor(${u('i', 14)} * 6)::int as recover_days,
         ${u('i', 15)} < 0.03 as refund,
         case when ${u('i', 21)} < 0.1 and periods >= 2 then floor(${u('i', 22)} * (periods - 1))::int end as withdraw_k
       from (select m.*,
               (array['daily-core-monthly','daily-core-yearly','burn-monthly','burn-yearly'])[p] as plan0,
               (array['burn-monthly','burn-yearly','daily-core-monthly','daily-core-yearly'])[p] as plan1,
               case when p in (2, 4) then 12 else 1 end as months,
               1 + floor(ln(greatest(${u('i', 16)}, 1e-9)) / ln(case when p in (2, 4) then 0.6 else 0.93 end))::int as periods
             from (select *, case when ${u('i', 7)} < 0.45 then 1 when ${u('i', 7)} < 0.6 then 2
                                  when ${u('i', 7)} < 0.9 then 3 else 4 end as p
                   from bench_seed_members) m) m
       where (${u('i', 4)} < ${TRIAL_SHARE} and ${u('i', 5)} < ${CONVERT_SHARE})
          or (${u('i', 4)} >= ${TRIAL_SHARE} and ${u('i', 5)} < 0.25)`,
    // A failed renewal is never the renewal a downgrade takes effect at (one change per renewal).
    'update bench_seed_lives set fail_k = null where fail_k = change_k and not change_up',
    // Members who come back (a reactivation): a monthly plan some weeks after their first one ended.
    `insert into bench_seed_lives
       select i, user_id, 2, 'subscribed', null,
         ended + interval '1 day' * (20 + floor(${u('i', 17)} * 180)),
         plan, plan, 1, 1 + floor(ln(greatest(${u('i', 18)}, 1e-9)) / ln(0.9))::int,
         null, false, false, 0.7, null, 1, false, null
       from (select i, user_id,
               start_at + make_interval(months => periods * months) + case when end_lost then interval '7 days' else interval '0' end as ended,
               case when ${u('i', 19)} < 0.6 then 'daily-core-monthly' else 'burn-monthly' end as plan
             from bench_seed_lives where ${u('i', 20)} < 0.2) l
       where ended < ${T} - interval '30 days'`,
    'drop table if exists bench_seed_events',
    `create unlogged table bench_seed_events (user_id text not null, sub text, kind text not null,
       occurred_at timestamptz not null, ord smallint not null, status_after text not null, plan_after text,
       cancelling_after boolean not null default false, failing_after boolean not null default false,
       period_end_after timestamptz, amount int not null default 0, trial_started_at timestamptz)`,
    // Trials: started at sign-up, converted (the life's start) or expired after 7 days.
    `${insert}
       select user_id, null, 'trial_started', reg_at, 10, 'trial', null, false, false, reg_at + interval '7 days', 0, null
       from bench_seed_members where ${u('i', 4)} < ${TRIAL_SHARE}
       union all
       select user_id, null, 'trial_expired', reg_at + interval '7 days', 10, 'none', null, false, false, null, 0, reg_at
       from bench_seed_members where ${u('i', 4)} < ${TRIAL_SHARE} and ${u('i', 5)} >= ${CONVERT_SHARE}
         and reg_at + interval '7 days' <= ${T}`,
    // Each life's start and its first invoice.
    `${insert}
       select l.user_id, 'sub_bench_' || l.i || '_' || l.life, v.kind, l.start_at, v.ord, 'paying', l.plan0, false, false,
         ${ps('1')}, v.amount, case when v.kind = 'trial_converted' then l.trial_at end
       from bench_seed_lives l
       cross join lateral (values (l.via, 20, 0), ('invoice_paid', 21, ${price('l.plan0')})) v(kind, ord, amount)
       where l.start_at <= ${T}`,
    // Renewals (a downgrade takes effect at one), each with its invoice.
    `${insert}
       select l.user_id, 'sub_bench_' || l.i || '_' || l.life, v.kind, ${ps('k')}, v.ord, 'paying', ${planStart('k')},
         false, false, ${ps('k + 1')}, v.amount, null
       from bench_seed_lives l
       cross join generate_series(1, l.periods - 1) k
       cross join lateral (values
         (case when k = l.change_k and not l.change_up then 'plan_changed' else 'renewed' end, 20, 0),
         ('invoice_paid', 21, ${price(planStart('k'))})) v(kind, ord, amount)
       where k is distinct from l.fail_k and ${ps('k')} <= ${T}`,
    // A renewal that failed, recovered some days later: failed, recovered, renewed, paid.
    `${insert}
       select l.user_id, 'sub_bench_' || l.i || '_' || l.life, v.kind, v.occurred, v.ord, 'paying', v.plan,
         false, v.failing, v.period_end, v.amount, null
       from bench_seed_lives l
       cross join lateral (select ${ps('l.fail_k')} as due, ${ps('l.fail_k')} + interval '1 day' * l.recover_days as paid) d
       cross join lateral (values
         ('payment_failed', d.due, 20, ${planEnd('l.fail_k - 1')}, true, d.due, 0),
         ('payment_recovered', d.paid, 20, ${planEnd('l.fail_k - 1')}, false, d.due, 0),
         ('renewed', d.paid, 21, ${planStart('l.fail_k')}, false, ${ps('l.fail_k + 1')}, 0),
         ('invoice_paid', d.paid, 22, ${planStart('l.fail_k')}, false, ${ps('l.fail_k + 1')}, ${price(planStart('l.fail_k'))}))
         v(kind, occurred, ord, plan, failing, period_end, amount)
       where l.fail_k is not null and v.occurred <= ${T}`,
    // An upgrade halfway through the period before change_k, and its prorated invoice.
    `${insert}
       select l.user_id, 'sub_bench_' || l.i || '_' || l.life, v.kind, ${ps('l.change_k - 1')} + (${ps('l.change_k')} - ${ps('l.change_k - 1')}) / 2,
         v.ord, 'paying', l.plan1, false, false, ${ps('l.change_k')}, v.amount, null
       from bench_seed_lives l
       cross join lateral (values ('plan_changed', 20, 0),
         ('invoice_paid', 21, round((${price('l.plan1')} - ${price('l.plan0')}) / 2.0)::int)) v(kind, ord, amount)
       where l.change_up and l.change_k is not null
         and ${ps('l.change_k - 1')} + (${ps('l.change_k')} - ${ps('l.change_k - 1')}) / 2 <= ${T}`,
    // The end of a life: a cancellation scheduled late in the last period, ended at its end; or a
    // last renewal that failed and was lost when the grace ran out.
    `${insert}
       select l.user_id, 'sub_bench_' || l.i || '_' || l.life, v.kind, v.occurred, 20, v.status, v.plan,
         v.cancelling, v.failing, v.period_end, 0, null
       from bench_seed_lives l
       cross join lateral (select ${ps('l.periods - 1')} as last_start, ${ps('l.periods')} as last_end) e
       cross join lateral (values
         ('cancellation_scheduled', e.last_start + (e.last_end - e.last_start) * l.cancel_frac, 'paying', ${planEnd('l.periods - 1')}, true, false, e.last_end, not l.end_lost),
         ('plan_ended', e.last_end, 'none', null, false, false, null, not l.end_lost),
         ('payment_failed', e.last_end, 'paying', ${planEnd('l.periods - 1')}, false, true, e.last_end, l.end_lost),
         ('grace_ended', e.last_end + interval '7 days', 'none', null, false, false, null, l.end_lost))
         v(kind, occurred, status, plan, cancelling, failing, period_end, applies)
       where v.applies and v.occurred <= ${T}`,
    // A cancellation scheduled early in a period and withdrawn days later (never in the last period;
    // after a failed renewal's recovery, before an upgrade's midpoint).
    `${insert}
       select l.user_id, 'sub_bench_' || l.i || '_' || l.life, v.kind, v.occurred, 20, 'paying', ${planStart('l.withdraw_k')},
         v.cancelling, false, ${ps('l.withdraw_k + 1')}, 0, null
       from bench_seed_lives l
       cross join lateral (select ${ps('l.withdraw_k')} as s, ${ps('l.withdraw_k + 1')} - ${ps('l.withdraw_k')} as len) p
       cross join lateral (values ('cancellation_scheduled', p.s + p.len * 0.25, true),
         ('cancellation_withdrawn', p.s + p.len * 0.45, false)) v(kind, occurred, cancelling)
       where l.withdraw_k is not null and v.occurred <= ${T}`,
    // Refunds of a first invoice, two days in (the plan goes on).
    `${insert}
       select l.user_id, 'sub_bench_' || l.i || '_' || l.life, 'refunded', l.start_at + interval '2 days', 20, 'paying', l.plan0,
         false, false, ${ps('1')}, -${price('l.plan0')}, null
       from bench_seed_lives l where l.refund and l.start_at + interval '2 days' <= ${T}`,
    // The ledger, in the order things happened: each entry's "before" is the entry before it.
    `insert into plan_ledger (user_id, kind, occurred_at, recorded_at, status_before, status_after, plan_before,
         plan_after, mrr_before_cents, mrr_after_cents, cancelling_after, failing_after, period_end_after, movement,
         amount_cents, trial_started_at, provider, provider_subscription_id, provider_invoice_id)
       select user_id, kind, occurred_at, occurred_at, status_before, status_after, plan_before, plan_after,
         mrr_before, mrr_after, cancelling_after, failing_after, period_end_after,
         case when mrr_before = mrr_after then null
              when mrr_before = 0 then case when paid_before then 'reactivation' else 'new' end
              when mrr_after = 0 then 'churn'
              when mrr_after > mrr_before then 'expansion' else 'contraction' end,
         amount, trial_started_at, case when sub is not null then 'stripe' end, sub,
         case when kind in ('invoice_paid', 'refunded') then 'in_bench_' || n end
       from (select e.*, row_number() over (order by e.occurred_at, e.user_id, e.ord) as n,
               coalesce(lag(e.status_after) over w, 'none') as status_before,
               lag(e.plan_after) over w as plan_before,
               coalesce(lag(e.mrr_after) over w, 0) as mrr_before,
               coalesce(bool_or(e.mrr_after > 0) over (w rows between unbounded preceding and 1 preceding), false) as paid_before
             from (select e.*, coalesce(p.mrr, 0) as mrr_after
                   from bench_seed_events e left join bench_seed_plans p on p.plan_id = e.plan_after
                   where e.occurred_at <= ${T}) e
             window w as (partition by e.user_id order by e.occurred_at, e.ord)) e
       order by n`,
  ];
}

/** Each member's state as their last entry left it, the live counters, and the subscribers rows to match. */
export function ledgerStateStatements({ now }: SeedOptions): string[] {
  return [
    `insert into plan_ledger_states (user_id, status, plan_id, mrr_cents, period_end, cancelling, failing, has_paid,
         trial_started_at, last_seq)
       select p.user_id, p.status_after, p.plan_after, p.mrr_after_cents, p.period_end_after, p.cancelling_after,
         p.failing_after, a.has_paid, a.trial_at, a.last_seq
       from (select user_id, max(seq) as last_seq, bool_or(mrr_after_cents > 0) as has_paid,
               max(occurred_at) filter (where kind = 'trial_started') as trial_at
             from plan_ledger group by user_id) a
       join plan_ledger p on p.seq = a.last_seq`,
    `insert into business_now (plan_key, shard, paying, mrr_cents, trials, cancelling, cancelling_mrr_cents, failing,
         failing_mrr_cents)
       select coalesce(plan_id, ''), 0, count(*) filter (where status = 'paying'),
         coalesce(sum(mrr_cents) filter (where status = 'paying'), 0), count(*) filter (where status = 'trial'),
         count(*) filter (where status = 'paying' and cancelling),
         coalesce(sum(mrr_cents) filter (where status = 'paying' and cancelling), 0),
         count(*) filter (where status = 'paying' and failing),
         coalesce(sum(mrr_cents) filter (where status = 'paying' and failing), 0)
       from plan_ledger_states where status <> 'none' group by 1`,
    // A paying member's renewal that failed failed at the period end the state still holds.
    `insert into subscribers (user_id, email, subscribed, subscription_tier, subscription_end, is_trial, trial_end,
         trial_used, provider_customer_id, provider_subscription_id, provider_updated_at, plan_id,
         cancel_at_period_end, payment_failed_at, created_at, updated_at)
       select s.user_id, 'member' || m.i || '@bench.example', s.status <> 'none',
         case s.status when 'trial' then 'Feel and Burn' when 'paying' then p.tier end,
         case when s.status = 'paying' then s.period_end end,
         s.status = 'trial', case when s.status = 'trial' then s.period_end end,
         s.trial_started_at is not null,
         case when s.has_paid then 'cus_bench_' || m.i end,
         case when s.status = 'paying' then l.provider_subscription_id end,
         case when s.has_paid then l.occurred_at end,
         s.plan_id, s.status = 'paying' and s.cancelling,
         case when s.status = 'paying' and s.failing then s.period_end end,
         m.reg_at, greatest(m.reg_at, l.occurred_at)
       from plan_ledger_states s
       join bench_seed_members m on m.user_id = s.user_id
       join plan_ledger l on l.seq = s.last_seq
       left join bench_seed_plans p on p.plan_id = s.plan_id`,
    `select ${at(now)} as now`,
  ];
}
