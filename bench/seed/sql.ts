import { mrrOf } from '@core28/core/plan-ledger';
import { CHECKOUT_PLAN_IDS, checkoutPlan } from '@core28/core/plans';

// The seed's building blocks: every figure is drawn inside PostgreSQL from a hash of the member's
// number, so a run is the same at every size and on every engine (no random() to seed).

export type SeedOptions = {
  /** Members to make: 'bench-1' … 'bench-N'. */
  members: number;
  /** The seed's "now": every row is at or before it, and the history spans two years before it. */
  now: Date;
};

/** A uniform draw in [0, 1) for member (or row) `of`, one independent stream per `salt`. */
export const u = (of: string, salt: number) =>
  `((hashint8((${of})::bigint * 64 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/** The seed's now as a literal (the statements are generated text, run as they are). */
export const at = (now: Date) => `'${now.toISOString()}'::timestamptz`;

/**
 * The checkout plans with their tier, length and price, from core's catalogue, and their MRR by
 * core's own rule (mrrOf: a yearly plan counts a twelfth, rounded): the ledger's amounts are core's.
 */
export function plansTable() {
  const rows = CHECKOUT_PLAN_IDS.map((id) => {
    const { plan, interval, amountCents } = checkoutPlan(id);
    return `('${id}', '${plan.tier}', ${interval === 'year' ? 12 : 1}, ${amountCents}, ${mrrOf(id)})`;
  });
  return [
    'drop table if exists bench_seed_plans',
    'create unlogged table bench_seed_plans (plan_id text primary key, tier text not null, months int not null, price int not null, mrr int not null)',
    `insert into bench_seed_plans values ${rows.join(', ')}`,
  ];
}

/** Time zones members live in, the populous ones more than once (a 07:00 there is a busy minute). */
export const TIME_ZONES = [
  'America/New_York',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Paris',
  'Africa/Lagos',
  'Asia/Kolkata',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
];

/** A SQL array literal of strings. */
export const textArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
