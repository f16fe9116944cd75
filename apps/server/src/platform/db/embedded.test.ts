import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPostmasterPid } from './embedded.ts';

// PostgreSQL removes postmaster.pid when it stops and writes it line by line when it starts; the
// supervisor and the fault drills read it at any moment in between.

describe('readPostmasterPid', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the pid and the port, is null when the file is missing or not yet written', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'core28-pidfile-'));
    expect(await readPostmasterPid(dir)).toBeNull();
    writeFileSync(path.join(dir, 'postmaster.pid'), '');
    expect(await readPostmasterPid(dir)).toBeNull();
    writeFileSync(path.join(dir, 'postmaster.pid'), '4242\n/data/pg\n1764000000\n');
    expect(await readPostmasterPid(dir)).toEqual({ pid: 4242, port: null });
    writeFileSync(path.join(dir, 'postmaster.pid'), '4242\n/data/pg\n1764000000\n54321\n/tmp\n');
    expect(await readPostmasterPid(dir)).toEqual({ pid: 4242, port: 54321 });
  });

  it('is null, not an error, when the file disappears between looking and reading', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'core28-pidfile-'));
    const pidFile = path.join(dir, 'postmaster.pid');
    // Removed and written back again and again while it is read: every read is a value or null.
    let stop = false;
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const churn = (async () => {
      while (!stop) {
        writeFileSync(pidFile, '4242\n/data/pg\n1764000000\n54321\n');
        await tick();
        rmSync(pidFile, { force: true });
        await tick();
      }
    })();
    const reads = [];
    for (let i = 0; i < 2000; i++) reads.push(await readPostmasterPid(dir));
    stop = true;
    await churn;
    for (const read of reads) expect([null, 4242]).toContain(read?.pid ?? null);
  });
});

// The image runs as its own non-root user: the embedded PostgreSQL must run as that same user
// (it asked for a `postgres` user to be created, which only root may do, and exited 1).
describe.skipIf(process.getuid?.() !== 0)('the embedded PostgreSQL as a non-root user', () => {
  it('starts, answers as the app’s role and stops, run by `nobody`', async () => {
    const { chownSync } = await import('node:fs');
    const { spawnSync } = await import('node:child_process');
    const work = mkdtempSync(path.join(tmpdir(), 'core28-nonroot-'));
    chownSync(work, 65534, 65534);
    const script = path.join(work, 'start.mts');
    const { createRequire } = await import('node:module');
    const resolve = createRequire(import.meta.url).resolve;
    writeFileSync(
      script,
      `import pino from ${JSON.stringify(resolve('pino'))};
import pg from ${JSON.stringify(resolve('pg'))};
import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve(import.meta.dirname, 'embedded.ts'))};
const embedded = await startEmbeddedPostgres(${JSON.stringify(path.join(work, 'data'))}, pino({ level: 'silent' }));
const client = new pg.Client({ connectionString: embedded.url });
await client.connect();
const { rows } = await client.query('select current_user as role');
await client.end();
await embedded.stop();
console.log(JSON.stringify(rows[0]));
`,
    );
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        uid: 65534,
        gid: 65534,
        env: { ...process.env, HOME: work, TMPDIR: work },
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(run.stderr).not.toMatch(/groupadd|Failed to create/);
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual({ role: 'core28' });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
