import { readFileSync, rmSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A second `npm start` on the same DATA_DIR took the running database for one left over
 * from a crash and stopped it, killing the first instance. Whoever runs the embedded PostgreSQL
 * of a DATA_DIR (the server, `npm run seed`, a backup or restore) holds this file first.
 */
export const LOCK_FILE = 'core28.lock';

type Owner = { pid: number; startTime: string | null; startedAt: string };

export class DataDirInUseError extends Error {}

/** When the kernel started `pid` (/proc, Linux): tells a live owner from a recycled pid. */
async function processStartTime(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the fields after the command name, which may hold spaces, start at 3.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

async function isRunning(owner: Owner) {
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = await processStartTime(owner.pid);
  return owner.startTime === null || startTime === null || startTime === owner.startTime;
}

async function readOwner(file: string): Promise<Owner | null> {
  try {
    const owner = JSON.parse(await readFile(file, 'utf8')) as Owner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null; // unreadable or half-written: left by a crash
  }
}

/**
 * Takes DATA_DIR for this process, or refuses with a message naming the owner. A file left by an
 * owner that is gone (a crash, a SIGKILL) is taken over. Released by `release()` or at exit.
 */
export async function lockDataDir(dataDir: string): Promise<{ release: () => void }> {
  const file = path.resolve(dataDir, LOCK_FILE);
  const mine: Owner = {
    pid: process.pid,
    startTime: await processStartTime(process.pid),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, JSON.stringify(mine), { flag: 'wx', mode: 0o644 });
      const release = () => {
        try {
          if ((JSON.parse(readFileSync(file, 'utf8')) as Owner).pid === process.pid) rmSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = await readOwner(file);
    if (owner && (await isRunning(owner)))
      throw new DataDirInUseError(
        `${path.resolve(dataDir)} is in use by another Core28 process (pid ${owner.pid}, started ${owner.startedAt}), ` +
          'which runs its database. Stop that one first, or give this one a DATA_DIR of its own.',
      );
    await rm(file, { force: true });
  }
  throw new DataDirInUseError(`Could not take ${file}: another process keeps taking it.`);
}
