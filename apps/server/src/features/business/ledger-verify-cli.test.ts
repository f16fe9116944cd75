import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribers, users } from '../../platform/db/schema.ts';
import { openTestDatabase } from '../../testing/harness.ts';
import { runBackfill } from './ledger-test-kit.ts';

// The command itself, as an operator runs it (its source through tsx, as the built file would):
// options, exit codes and output. Against a database another process can reach, so on
// PostgreSQL (TEST_DATABASE_URL) only; PGlite lives inside this process.

const CLI = path.resolve(import.meta.dirname, '../../ledger-verify-cli.ts');
const run = (...args: string[]) => {
  const done = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  return { code: done.status, out: done.stdout.trim().split('\n'), err: done.stderr };
};

it('answers --help with its usage, and a bad option with the usage and exit 2', () => {
  expect(run('--help')).toMatchObject({ code: 0, out: expect.arrayContaining(['Usage:']) });
  expect(run('--page-size', '0')).toMatchObject({ code: 2, out: expect.arrayContaining(['Usage:']) });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('on a PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('exits 1 naming a paying member the ledger has never heard of, 0 once the backfill wrote them', async () => {
    await database.db.insert(users).values({ id: 'payer', email: 'payer@example.com', name: '' });
    await database.db.insert(subscribers).values({
      userId: 'payer',
      email: 'payer@example.com',
      subscribed: true,
      subscriptionTier: 'The Daily Core',
      planId: 'daily-core-yearly',
      subscriptionEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    const missing = run('--database-url', database.directUrl ?? database.url!);
    expect(missing.code).toBe(1);
    expect(missing.out.slice(0, 3)).toEqual([
      'member payer: status: ledger none ≠ plan paying',
      'member payer: planId: ledger null ≠ plan daily-core-yearly',
      'member payer: mrrCents: ledger 0 ≠ plan 833',
    ]);
    expect(missing.out.at(-1)).toMatch(/^Ledger differs: 3 differences in 1 members, 0 entries replayed at /);

    await runBackfill(database.db);
    const ok = run('--database-url', database.directUrl ?? database.url!, '--pending-minutes', '30');
    expect(ok.out).toEqual([
      expect.stringMatching(
        /^Ledger OK: 1 members, 1 entries replayed at .+; business_now matches plan_ledger_states/,
      ),
    ]);
    expect(ok.code).toBe(0);
  });
});
