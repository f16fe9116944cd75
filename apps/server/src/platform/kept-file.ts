import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A value made on first start and kept in DATA_DIR (mode 0600) so it outlives a restart: the auth
 * secret, Web Push's keys. `read` turns the file's text into the value (and throws, saying what to
 * do, when it holds none). Written to a temporary file and linked into place, so two processes
 * starting at once end up with the same value and neither reads half a file.
 */
export function readOrCreateKeptFile<T>(
  dataDir: string,
  name: string,
  { make, read }: { make: () => string; read: (text: string, file: string) => T },
): T {
  const file = path.resolve(dataDir, name);
  const existing = readText(file);
  if (existing !== undefined) return read(existing, file);
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, make(), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process won the race
  } finally {
    unlinkSync(temporary);
  }
  const created = readText(file);
  if (created === undefined) throw new Error(`${file} was removed as it was created`);
  return read(created, file);
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
