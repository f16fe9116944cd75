-- The plan ledger's history for the members a database already has (docs/decisions/0028,
-- "Backfill and verification"): each member's entries rebuilt from their subscribers row and the
-- demo provider's invoices, ending at the state core's ledgerStateOf gives their row now, with
-- plan_ledger_states and business_now to match. Only on an empty ledger: a database the live
-- writers already fill is left as it is. Stripe's invoices live at Stripe and are not read here;
-- payment_events name no member (an id, a type, a time), so they add nothing a member's row lacks.
-- Set-based (a few scans and sorts): minutes at most at a million members.
CREATE TEMP TABLE ledger_backfill_members AS
WITH prices (plan_id, billing_interval, amount_cents) AS (
  -- core plans.ts (PLANS through checkoutPlan); ledger-backfill.test.ts checks they agree.
  VALUES
    ('daily-core-monthly', 'month', 999),
    ('daily-core-yearly', 'year', 9999),
    ('burn-monthly', 'month', 2999),
    ('burn-yearly', 'year', 29999)
),
r AS (
  SELECT s.*, now() AS at,
    -- core PAYMENT_GRACE_DAYS
    s.payment_failed_at + interval '7 days' AS grace_end,
    -- core ledgerStateOf: a row paid before plans were recorded counts as its tier's monthly plan
    coalesce(s.plan_id, CASE s.subscription_tier
      WHEN 'The Daily Core' THEN 'daily-core-monthly'
      WHEN '1-on-1 Burn' THEN 'burn-monthly' END) AS paid_plan
  FROM subscribers s
  WHERE NOT EXISTS (SELECT 1 FROM plan_ledger) AND NOT EXISTS (SELECT 1 FROM plan_ledger_states)
),
decided AS (
  -- core determineSubscription, with emailConfirmed false as ledgerStateOf asks
  SELECT r.*,
    CASE WHEN r.is_trial AND r.trial_end IS NOT NULL THEN r.trial_end > r.at
      ELSE r.subscribed AND CASE WHEN r.grace_end IS NOT NULL THEN r.grace_end > r.at
        ELSE r.subscription_end IS NULL OR r.subscription_end > r.at END
    END AS is_subscribed
  FROM r
),
final AS (
  SELECT d.*,
    CASE WHEN NOT d.is_subscribed THEN 'none' WHEN d.is_trial THEN 'trial'
      WHEN d.paid_plan IS NULL THEN 'none' ELSE 'paying' END AS final_status
  FROM decided d
),
shaped AS (
  SELECT f.*,
    -- The row is a trial's (its state now comes from the trial): a paid plan it names came before.
    f.is_trial AND (f.trial_end IS NOT NULL OR f.final_status = 'trial') AS trial_type,
    f.trial_end IS NOT NULL OR f.final_status = 'trial' AS has_trial,
    -- core TRIAL_DAYS
    coalesce(f.trial_end - interval '7 days', f.created_at) AS trial_start
  FROM final f
),
paid AS (
  SELECT s.*,
    CASE WHEN s.trial_type THEN s.plan_id IS NOT NULL
      ELSE s.final_status = 'paying' OR (s.paid_plan IS NOT NULL
        AND (s.subscribed OR s.plan_id IS NOT NULL OR s.provider_subscription_id IS NOT NULL))
    END AS has_paid,
    CASE WHEN s.trial_type THEN s.plan_id ELSE s.paid_plan END AS pp,
    -- The paid plan starts when the provider made it (else when the row was), never inside a
    -- trial it preceded nor before a trial it followed.
    CASE WHEN NOT s.has_trial THEN coalesce(s.provider_subscription_created_at, s.created_at)
      WHEN s.trial_type THEN least(coalesce(s.provider_subscription_created_at, s.created_at), s.trial_start)
      ELSE greatest(coalesce(s.provider_subscription_created_at, s.created_at), s.trial_start)
    END AS ps
  FROM shaped s
),
ended AS (
  SELECT p.*,
    (SELECT CASE pr.billing_interval WHEN 'year' THEN round(pr.amount_cents / 12.0) ELSE pr.amount_cents END
      FROM prices pr WHERE pr.plan_id = p.pp)::integer AS pp_mrr,
    p.has_paid AND NOT p.trial_type AND (p.trial_end IS NULL OR p.trial_end > p.ps) AND p.has_trial
      AS converted,
    -- When the paid plan stopped: its grace's end, its period's end, or the provider's cancellation.
    CASE WHEN p.has_paid AND p.final_status <> 'paying' THEN greatest(p.ps, least(
      CASE WHEN p.subscribed AND p.grace_end IS NOT NULL THEN p.grace_end
        WHEN p.subscribed THEN coalesce(p.subscription_end, p.provider_updated_at, p.updated_at)
        ELSE least(coalesce(p.provider_updated_at, p.updated_at), p.subscription_end, p.grace_end) END,
      p.at, CASE WHEN p.trial_type THEN p.trial_start END)) END AS pe
  FROM paid p
)
SELECT e.user_id, e.at, e.final_status, e.trial_type, e.has_trial, e.trial_start, e.trial_end,
  e.has_paid, e.pp, e.pp_mrr, e.ps, e.pe, e.converted,
  e.has_trial AND NOT e.converted AND e.final_status <> 'trial' AS expired,
  e.subscription_end, e.cancel_at_period_end, e.payment_failed_at, e.provider_subscription_id,
  -- Failure, then cancellation, then the end: the order core's changesBetween writes them in.
  CASE WHEN e.payment_failed_at IS NOT NULL
    THEN greatest(e.ps, least(e.payment_failed_at, coalesce(e.pe, e.at))) END AS pf,
  greatest(
    CASE WHEN e.payment_failed_at IS NOT NULL
      THEN greatest(e.ps, least(e.payment_failed_at, coalesce(e.pe, e.at))) END,
    e.ps, least(coalesce(e.provider_updated_at, e.updated_at), coalesce(e.pe, e.at))) AS pc
FROM ended e;
--> statement-breakpoint
CREATE TEMP TABLE ledger_backfill_entries AS
WITH steps AS (
  -- Each member's plan entries in order (`step`), each with the state it leaves.
  SELECT m.user_id, e.step, e.kind, e.occurred_at, e.status_after,
    CASE WHEN e.status_after = 'paying' THEN m.pp END AS plan_after,
    CASE WHEN e.status_after = 'paying' THEN m.pp_mrr ELSE 0 END AS mrr_after,
    CASE e.status_after WHEN 'paying' THEN m.subscription_end WHEN 'trial' THEN m.trial_end END
      AS period_end_after,
    e.cancelling_after, e.failing_after,
    CASE WHEN e.kind IN ('trial_converted', 'trial_expired') THEN m.trial_start END AS trial_started_at,
    CASE WHEN e.status_after = 'paying' OR e.kind IN ('plan_ended', 'grace_ended')
      THEN m.provider_subscription_id END AS provider_subscription_id
  FROM ledger_backfill_members m
  CROSS JOIN LATERAL (VALUES
    -- A paid plan before a trial (steps 1–4), the trial (5–6), a paid plan after it (7–10).
    (CASE WHEN m.trial_type THEN 1 ELSE 7 END, m.has_paid AND NOT m.converted,
      'subscribed', m.ps, 'paying', false, false),
    (CASE WHEN m.trial_type THEN 2 ELSE 8 END, m.has_paid AND m.payment_failed_at IS NOT NULL,
      'payment_failed', m.pf, 'paying', false, true),
    (CASE WHEN m.trial_type THEN 3 ELSE 9 END, m.has_paid AND m.cancel_at_period_end,
      'cancellation_scheduled', m.pc, 'paying', true, m.payment_failed_at IS NOT NULL),
    (CASE WHEN m.trial_type THEN 4 ELSE 10 END, m.pe IS NOT NULL,
      CASE WHEN m.payment_failed_at IS NOT NULL THEN 'grace_ended' ELSE 'plan_ended' END,
      m.pe, 'none', false, false),
    (5, m.has_trial, 'trial_started', m.trial_start, 'trial', false, false),
    (6, m.converted, 'trial_converted', m.ps, 'paying', false, false),
    (6, m.expired, 'trial_expired', greatest(m.trial_start, least(m.trial_end, m.at)), 'none', false, false)
  ) AS e (step, is_written, kind, occurred_at, status_after, cancelling_after, failing_after)
  WHERE e.is_written
),
plan_entries AS (
  -- The state before each entry is the one the previous left; core movementOf names the change.
  SELECT s.*,
    coalesce(lag(s.status_after) OVER w, 'none') AS status_before,
    lag(s.plan_after) OVER w AS plan_before,
    coalesce(lag(s.mrr_after) OVER w, 0) AS mrr_before,
    coalesce(bool_or(s.mrr_after > 0) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), false)
      AS has_paid_before,
    0 AS amount_cents, NULL::text AS provider_invoice_id
  FROM steps s
  WINDOW w AS (PARTITION BY s.user_id ORDER BY s.step)
),
invoices AS (
  -- The demo provider's paid invoices (platform/payments/demo-billing.ts: amount_paid in cents,
  -- created in seconds), each the member's by its customer.
  SELECT coalesce(c.data ->> 'userId', pc.user_id) AS user_id, 100 AS step,
    'invoice_paid' AS kind, to_timestamp((i.data ->> 'created')::bigint) AS occurred_at,
    (i.data ->> 'amount_paid')::integer AS amount_cents, i.id AS provider_invoice_id
  FROM demo_provider_objects i
  LEFT JOIN demo_provider_objects c ON c.id = i.customer_id AND c.kind = 'customer'
  LEFT JOIN payment_customers pc ON pc.customer_id = i.customer_id
  WHERE i.kind = 'invoice' AND (i.data ->> 'amount_paid')::integer > 0
    AND NOT EXISTS (SELECT 1 FROM plan_ledger) AND NOT EXISTS (SELECT 1 FROM plan_ledger_states)
),
dated AS (
  SELECT p.user_id, p.step, p.kind, p.occurred_at, p.status_before, p.status_after, p.plan_before,
    p.plan_after, p.mrr_before, p.mrr_after, p.cancelling_after, p.failing_after, p.period_end_after,
    CASE WHEN p.mrr_before = p.mrr_after THEN NULL WHEN p.mrr_before = 0
      THEN CASE WHEN p.has_paid_before THEN 'reactivation' ELSE 'new' END
      WHEN p.mrr_after = 0 THEN 'churn' WHEN p.mrr_after > p.mrr_before THEN 'expansion'
      ELSE 'contraction' END AS movement,
    p.amount_cents, p.trial_started_at, p.provider_subscription_id, p.provider_invoice_id
  FROM plan_entries p
  UNION ALL
  SELECT i.user_id, i.step, i.kind, i.occurred_at, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    NULL, i.amount_cents, NULL, NULL, i.provider_invoice_id
  FROM invoices i
  WHERE i.user_id IS NOT NULL
),
grouped AS (
  -- An invoice carries the plan state of its time (the last plan entry before it), unchanged.
  SELECT d.*,
    count(*) FILTER (WHERE d.step < 100) OVER (PARTITION BY d.user_id ORDER BY d.occurred_at, d.step
      ROWS UNBOUNDED PRECEDING) AS plan_no
  FROM dated d
),
stated AS (
  SELECT g.*,
    first_value(g.status_after) OVER p AS at_status, first_value(g.plan_after) OVER p AS at_plan,
    first_value(g.mrr_after) OVER p AS at_mrr, first_value(g.cancelling_after) OVER p AS at_cancelling,
    first_value(g.failing_after) OVER p AS at_failing, first_value(g.period_end_after) OVER p AS at_period_end
  FROM grouped g
  WINDOW p AS (PARTITION BY g.user_id, g.plan_no ORDER BY g.occurred_at, g.step)
)
SELECT
  -- Written in time order, as the live writers would have: a member's entries keep their own order.
  row_number() OVER (ORDER BY s.occurred_at, s.user_id, s.step) AS seq,
  s.user_id, s.step, s.kind, s.occurred_at,
  coalesce(s.status_before, s.at_status, 'none') AS status_before,
  coalesce(s.status_after, s.at_status, 'none') AS status_after,
  CASE WHEN s.step < 100 THEN s.plan_before ELSE s.at_plan END AS plan_before,
  CASE WHEN s.step < 100 THEN s.plan_after ELSE s.at_plan END AS plan_after,
  coalesce(s.mrr_before, s.at_mrr, 0) AS mrr_before_cents,
  coalesce(s.mrr_after, s.at_mrr, 0) AS mrr_after_cents,
  coalesce(s.cancelling_after, s.at_cancelling, false) AS cancelling_after,
  coalesce(s.failing_after, s.at_failing, false) AS failing_after,
  CASE WHEN s.step < 100 THEN s.period_end_after ELSE s.at_period_end END AS period_end_after,
  s.movement, s.amount_cents, s.trial_started_at,
  CASE WHEN s.provider_invoice_id IS NOT NULL OR s.provider_subscription_id LIKE 'sub\_demo\_%' THEN 'demo'
    WHEN s.provider_subscription_id IS NOT NULL THEN 'stripe' END AS provider,
  s.provider_subscription_id, s.provider_invoice_id
FROM stated s;
--> statement-breakpoint
INSERT INTO plan_ledger (seq, user_id, kind, occurred_at, status_before, status_after, plan_before,
  plan_after, mrr_before_cents, mrr_after_cents, cancelling_after, failing_after, period_end_after,
  movement, amount_cents, trial_started_at, provider, provider_subscription_id, provider_invoice_id)
SELECT seq, user_id, kind, occurred_at, status_before, status_after, plan_before, plan_after,
  mrr_before_cents, mrr_after_cents, cancelling_after, failing_after, period_end_after, movement,
  amount_cents, trial_started_at, provider, provider_subscription_id, provider_invoice_id
FROM ledger_backfill_entries
ORDER BY seq;
--> statement-breakpoint
-- The seq values above were given explicitly: the live writers' next entry comes after them.
SELECT setval(pg_get_serial_sequence('plan_ledger', 'seq'), max(seq))
FROM ledger_backfill_entries HAVING count(*) > 0;
--> statement-breakpoint
CREATE TEMP TABLE ledger_backfill_states AS
SELECT DISTINCT ON (e.user_id) e.user_id, e.status_after AS status, e.plan_after AS plan_id,
  e.mrr_after_cents AS mrr_cents, e.period_end_after AS period_end, e.cancelling_after AS cancelling,
  e.failing_after AS failing,
  bool_or(e.mrr_after_cents > 0 OR e.amount_cents > 0) OVER (PARTITION BY e.user_id) AS has_paid,
  CASE WHEN m.has_trial THEN m.trial_start END AS trial_started_at,
  max(e.seq) OVER (PARTITION BY e.user_id) AS last_seq
FROM ledger_backfill_entries e
LEFT JOIN ledger_backfill_members m ON m.user_id = e.user_id
ORDER BY e.user_id, e.seq DESC;
--> statement-breakpoint
INSERT INTO plan_ledger_states (user_id, status, plan_id, mrr_cents, period_end, cancelling, failing,
  has_paid, trial_started_at, last_seq)
SELECT user_id, status, plan_id, mrr_cents, period_end, cancelling, failing, has_paid,
  trial_started_at, last_seq
FROM ledger_backfill_states;
--> statement-breakpoint
INSERT INTO business_now (plan_key, shard, paying, mrr_cents, trials, cancelling, cancelling_mrr_cents,
  failing, failing_mrr_cents)
SELECT coalesce(plan_id, ''), 0,
  count(*) FILTER (WHERE status = 'paying'),
  coalesce(sum(mrr_cents) FILTER (WHERE status = 'paying'), 0),
  count(*) FILTER (WHERE status = 'trial'),
  count(*) FILTER (WHERE status = 'paying' AND cancelling),
  coalesce(sum(mrr_cents) FILTER (WHERE status = 'paying' AND cancelling), 0),
  count(*) FILTER (WHERE status = 'paying' AND failing),
  coalesce(sum(mrr_cents) FILTER (WHERE status = 'paying' AND failing), 0)
FROM ledger_backfill_states
WHERE status <> 'none'
GROUP BY coalesce(plan_id, '')
ON CONFLICT (plan_key, shard) DO UPDATE SET
  paying = business_now.paying + excluded.paying,
  mrr_cents = business_now.mrr_cents + excluded.mrr_cents,
  trials = business_now.trials + excluded.trials,
  cancelling = business_now.cancelling + excluded.cancelling,
  cancelling_mrr_cents = business_now.cancelling_mrr_cents + excluded.cancelling_mrr_cents,
  failing = business_now.failing + excluded.failing,
  failing_mrr_cents = business_now.failing_mrr_cents + excluded.failing_mrr_cents;
--> statement-breakpoint
DROP TABLE ledger_backfill_members, ledger_backfill_entries, ledger_backfill_states;
