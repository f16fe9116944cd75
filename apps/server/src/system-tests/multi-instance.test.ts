import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../platform/db/index.ts';
import { SEED_ARTICLES, SEED_EXERCISES, SEED_HOME_EXERCISES } from '../seed/content.ts';
import { SEED_EXTRA_EXERCISES, SEED_PROGRAMS } from '../seed/programs.ts';
import {
  createDatabase,
  type Instance,
  loadUntil,
  ROOT,
  readinessPool,
  send,
  signUpAcross,
  sleep,
  startInstance,
  stopInstance,
  waitReady,
} from '../testing/instances.ts';
import { memberClients } from './member-clients.ts';

// Three real server processes started at once on one empty PostgreSQL database, as an
// operator runs them behind a load balancer. Needs a PostgreSQL server (CI's run sets
// TEST_DATABASE_URL); PGlite is one process and cannot be shared.

const serverUrl = process.env.TEST_DATABASE_URL;
/** The address in front of the instances (the proxy's): PUBLIC_URL, and the Origin browsers send. */
const ORIGIN = 'http://localhost:3399';
/** MULTI_INSTANCE_PORT moves the ports (base … base + 5) for runs side by side on one machine. */
const BASE_PORT = Number(process.env.MULTI_INSTANCE_PORT ?? 3391);
const PORTS = [BASE_PORT, BASE_PORT + 1, BASE_PORT + 2] as const;

let database: Awaited<ReturnType<typeof createDatabase>>;
let s3: S3rver;
let s3Dir = '';
let sql: pg.Client;
let A: Instance;
let B: Instance;
let C: Instance;
let member: { email: string; cookie: string };
let coach = '';
/** What every instance is started with: S3 storage (the instances of the local-storage test drop it). */
let env: Record<string, string>;
const { uploadAvatar, avatarThrough, liveConnection } = memberClients(() => member, ORIGIN);

describe.skipIf(!serverUrl)('three instances on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createDatabase(serverUrl!);
    // Stored files in an S3-compatible bucket, as several instances need them (local storage is
    // per machine). s3rver is the bucket service, the one stand-in.
    s3Dir = await mkdtemp(path.join(tmpdir(), 'core28-multi-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'core28-multi', configs: [] }],
    });
    const { port: s3Port } = (await s3.run()) as AddressInfo;
    env = {
      NODE_ENV: 'test',
      ...database.env,
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: 'multi-instance-test-secret-0123456789abcdef',
      AUTH_RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      // Longer than the proxy double's health-check interval (100 ms), as production's 3 s is
      // longer than Caddy's 2 s.
      SHUTDOWN_DRAIN_MS: '1000',
      WEB_DIST: s3Dir, // no web app needed: an empty folder
      S3_BUCKET: 'core28-multi',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    const started = Date.now();
    // At info, so each one's log says whether it was the one that seeded.
    [A, B, C] = PORTS.map((port, i) => startInstance('ABC'[i]!, port, { ...env, LOG_LEVEL: 'info' })) as [
      Instance,
      Instance,
      Instance,
    ];
    await Promise.all([A, B, C].map((instance) => waitReady(instance, 60_000)));
    console.info(`three instances ready on an empty database in ${Date.now() - started} ms`);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 90_000);

  afterAll(async () => {
    await Promise.all([A, B, C].filter(Boolean).map((instance) => stopInstance(instance, 'SIGKILL')));
    await sql?.end().catch(() => {});
    await database?.drop();
    await s3?.close();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });

  it('migrated once and seeded once: 28 program days in order, nothing doubled', async () => {
    const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
    const { rows: applied } = await sql.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied[0].n).toBe(migrations.length);

    const { rows: days } = await sql.query(
      `select d.day, e.name from program_exercises d join exercises e on e.id = d.exercise_id
       where d.program_id = (select id from programs where slug = 'core28') order by d.day`,
    );
    const expected = SEED_EXERCISES.slice(0, 28).map((e, i) => ({ day: i + 1, name: e.name }));
    expect(days).toEqual(expected);
    const count = async (table: string, column: string) =>
      (await sql.query(`select count(*)::int as n, count(distinct ${column})::int as d from ${table}`))
        .rows[0];
    const allExercises = SEED_EXERCISES.length + SEED_EXTRA_EXERCISES.length;
    expect(await count('exercises', 'name')).toEqual({ n: allExercises, d: allExercises });
    // Every program seeded once: Core28 by its migration, the others by the seed.
    expect(await count('programs', 'slug')).toEqual({
      n: 1 + SEED_PROGRAMS.length,
      d: 1 + SEED_PROGRAMS.length,
    });
    expect(await count('home_exercises', 'name')).toEqual({
      n: SEED_HOME_EXERCISES.length,
      d: SEED_HOME_EXERCISES.length,
    });
    expect(await count('blog_articles', 'slug')).toEqual({
      n: SEED_ARTICLES.length,
      d: SEED_ARTICLES.length,
    });
    // One owner, who coaches too, with one coach profile.
    const { rows: roles } = await sql.query('select role from user_roles order by role');
    expect(roles.map((r: { role: string }) => r.role)).toEqual(['coach', 'owner']);
    const { rows: profiles } = await sql.query('select count(*)::int as n from coach_profiles');
    expect(profiles[0].n).toBe(1);
    // One of the three did the work; the others found it done.
    for (const line of [
      '"msg":"seeded exercises"',
      '"msg":"seeded articles"',
      '"msg":"created the owner account"',
    ])
      expect(
        [A, B, C].filter((instance) => instance.output().includes(line)).map((i) => i.name),
        line,
      ).toHaveLength(1);
  });

  it('a member signed up on A, confirmed on C, is signed in on B with the same plan everywhere', async () => {
    member = await signUpAcross(ORIGIN, { signUpOn: A.base, mailOn: B.base, confirmOn: C.base });
    const me = await Promise.all(
      [A, B, C].map(async (i) => (await (await send(i.base, ORIGIN, '/api/me', member)).json()) as any),
    );
    expect(me.map((m) => m.user.email)).toEqual([member.email, member.email, member.email]);
    const plans = await Promise.all(
      [A, B, C].map(
        async (i) => ((await (await send(i.base, ORIGIN, '/api/program', member)).json()) as any).plan,
      ),
    );
    const names = SEED_EXERCISES.slice(0, 28).map((e) => e.name);
    for (const plan of plans) {
      expect(plan.map((p: { day: number; exercise: { name: string } }) => [p.day, p.exercise.name])).toEqual(
        names.map((name, i) => [i + 1, name]),
      );
    }
  });

  it('an avatar uploaded through A is shown through B and C (S3)', async () => {
    const uploaded = await uploadAvatar(A.base);
    for (const instance of [B, C]) expect(await avatarThrough(instance.base)).toEqual(uploaded);
  });

  it('a coach reply posted through B reaches the member’s socket on A', async () => {
    await sql.query(
      `insert into subscribers (user_id, email, subscribed, subscription_tier, is_trial)
       select id, email, true, '1-on-1 Burn', false from users where email = $1`,
      [member.email],
    );
    const signIn = await send(B.base, ORIGIN, '/api/auth/sign-in/email', {
      json: { email: 'admin@core28.local', password: 'Admin#2026' },
    });
    expect(signIn.status).toBe(200);
    coach = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const topic = (await (
      await send(A.base, ORIGIN, '/api/coaching/topics', { ...member, json: { title: 'Across instances' } })
    ).json()) as { topic: { id: string } };
    const live = liveConnection(() => A.port);
    try {
      await live.opened();
      const sent = Date.now();
      const reply = await send(B.base, ORIGIN, `/api/admin/coaching/topics/${topic.topic.id}/replies`, {
        cookie: coach,
        json: { message: 'Reply through B' },
      });
      expect(reply.status).toBe(201);
      await live.next((e) => e.type === 'message' && e.message.message === 'Reply through B');
      console.info(`coach reply through B reached the socket on A in ${Date.now() - sent} ms`);
    } finally {
      live.close();
    }
  });

  it('instances keeping files in a local folder start only when they share it', async () => {
    const shared = await mkdtemp(path.join(tmpdir(), 'core28-multi-shared-'));
    const { S3_BUCKET: _bucket, S3_ENDPOINT: _endpoint, ...local } = env;
    const start = (name: string, offset: number, dataDir?: string) =>
      startInstance(name, BASE_PORT + offset, dataDir ? { ...local, DATA_DIR: dataDir } : local);
    // Two on one folder, together: both see every file.
    const [D, E] = [start('D', 3, shared), start('E', 4, shared)];
    let F: Instance | null = null;
    try {
      await Promise.all([D, E].map((instance) => waitReady(instance, 60_000)));
      const uploaded = await uploadAvatar(D.base);
      expect(await avatarThrough(E.base)).toEqual(uploaded);
      // Then one with a folder of its own: an upload on D would be missing on it.
      F = start('F', 5);
      expect(await F.exited).toBe(1);
      expect(F.output()).toMatch(/keeps its files in a folder this one cannot see/);
      expect(F.output()).toMatch(/S3_BUCKET/);
      expect(F.output()).not.toMatch(/\n\s+at /); // one clear message, no stack trace
    } finally {
      await Promise.all([D, E, F].flatMap((instance) => (instance ? [stopInstance(instance)] : [])));
      await rm(shared, { recursive: true, force: true });
    }
  }, 90_000);

  // Restore last but one: it needs instances connected; the SIGTERM test stops A.
  it('SIGTERM to A under load: no accepted request lost, its socket closed with 1001 and rejoined on B', async () => {
    // What the proxy does: connections go to the first instance its health check finds ready.
    const proxy = readinessPool([A, B], 100);
    const live = liveConnection(() => proxy.first().port);
    await live.opened();
    const stop = { now: false };
    const load = loadUntil(() => `${proxy.first().base}/api/program`, member.cookie, 8, stop);
    await sleep(1000);
    const signalled = Date.now();
    A.child.kill('SIGTERM');
    const code = await A.exited;
    const stoppedIn = Date.now() - signalled;
    stop.now = true;
    const tally = await load;
    await proxy.stop();
    console.info(
      `SIGTERM under load: A exited ${code} in ${stoppedIn} ms; ${tally.ok} answered, ${tally.refused} refused after it stopped listening, ${tally.serverErrors} × 5xx, ${tally.lost.length} lost${tally.lost.length ? ` (${tally.lost.join(', ')})` : ''}`,
    );
    expect(code).toBe(0);
    expect(tally.ok).toBeGreaterThan(20);
    expect(tally.serverErrors).toBe(0);
    expect(tally.lost).toEqual([]);
    expect(live.closes).toContainEqual({ port: A.port, code: 1001 });

    await live.opened(); // the rejoin, on B
    const topic = (await (
      await send(B.base, ORIGIN, '/api/coaching/topics', { ...member, json: { title: 'After A' } })
    ).json()) as {
      topic: { id: string };
    };
    await send(C.base, ORIGIN, `/api/admin/coaching/topics/${topic.topic.id}/replies`, {
      cookie: coach,
      json: { message: 'Reply through C' },
    });
    await live.next((e) => e.type === 'message' && e.message.message === 'Reply through C');
    expect(live.lastPort()).toBe(B.port);
    live.close();
  }, 60_000);

  it('restore --force refuses while instances are connected, and restores once they have stopped', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'core28-multi-backup-'));
    try {
      const archive = path.join(dir, 'backup.tar.gz');
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/backup-cli.ts', ...args], {
          cwd: ROOT,
          env: { ...process.env, ...database.env, DATA_DIR: dir, LOG_LEVEL: 'warn' },
          encoding: 'utf8',
        });
      expect(cli('backup', archive).status).toBe(0);
      const refused = cli('restore', archive, '--force');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/other session\(s\) connected/);
      await Promise.all([B, C].map((instance) => stopInstance(instance)));
      await sql.end(); // this test's own session counts too
      // Through CI's pooler, its idle server connections outlive the instances: ended as an operator
      // does before a restore (PgBouncer's KILL; docs/operations.md).
      if (database.directUrl) {
        const direct = new pg.Client({ connectionString: database.directUrl });
        await direct.connect();
        await direct.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database.name],
        );
        await direct.end();
      }
      const restored = cli('restore', archive, '--force');
      expect(restored.stderr).toBe('');
      expect(restored.status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
