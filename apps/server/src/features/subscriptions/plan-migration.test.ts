import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../platform/db/index.ts';

// The migration that made plans mean something, run on a database with members in it: plans that
// had already ended count as told (no wave of "your plan ended" mails to everyone who ever lapsed),
// plans that run are left to be told when they end, and nobody loses a row.

const client = new PGlite({ extensions: { pg_trgm } });
afterAll(() => client.close());

const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const THIS_ONE = migrations.findIndex((m) => m.sql.join('').includes('plan_ended_mailed_at'));
const run = async (m: (typeof migrations)[number]) => {
  for (const statement of m.sql) if (statement.trim()) await client.exec(statement);
};

it('marks the plans that had ended as told, and only those', async () => {
  expect(THIS_ONE).toBeGreaterThan(0);
  for (const m of migrations.slice(0, THIS_ONE)) await run(m);
  const members: [string, string][] = [
    ['trial-ended', `true, 'Feel and Burn', null, true, now() - interval '1 day'`],
    ['trial-running', `true, 'Feel and Burn', null, true, now() + interval '3 days'`],
    ['paid-lapsed', `false, 'The Daily Core', now() - interval '2 days', false, null`],
    ['paid-period-over', `true, '1-on-1 Burn', now() - interval '1 hour', false, null`],
    ['paid-running', `true, 'The Daily Core', now() + interval '20 days', false, null`],
  ];
  for (const [id] of members)
    await client.exec(
      `insert into users (id, email, email_verified) values ('${id}', '${id}@example.com', true)`,
    );
  for (const [id, values] of members)
    await client.exec(
      `insert into subscribers (user_id, email, subscribed, subscription_tier, subscription_end, is_trial, trial_end)
       values ('${id}', '${id}@example.com', ${values})`,
    );

  await run(migrations[THIS_ONE]!);
  const told = await client.query<{ user_id: string; told: boolean; failed: boolean }>(
    `select user_id, plan_ended_mailed_at is not null as told, payment_failed_at is not null as failed
     from subscribers order by user_id`,
  );
  expect(told.rows).toEqual([
    { user_id: 'paid-lapsed', told: true, failed: false },
    { user_id: 'paid-period-over', told: true, failed: false },
    { user_id: 'paid-running', told: false, failed: false },
    { user_id: 'trial-ended', told: true, failed: false },
    { user_id: 'trial-running', told: false, failed: false },
  ]);
  // The later migrations run on top of it as well.
  for (const m of migrations.slice(THIS_ONE + 1)) await run(m);
});
