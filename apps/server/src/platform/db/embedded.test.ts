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
