import { randomBytes } from 'node:crypto';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ExecuteSql } from '../db/index.ts';

// An avatar uploaded on instance A answered 403 on B and C, each keeping files in a
// folder of its own. Several instances on one database need one store: an S3 bucket, or one folder
// they all mount. Each instance names itself in PostgreSQL (application_name) and leaves a marker
// in its storage folder; an instance with local storage that sees another such instance on the
// database whose marker is not in its own folder is refused at start (docs/decisions/0013).

const PREFIX = 'core28 local ';
/** Never a stored file: storage keys cannot start with a dot (storage.ts). */
const MARKERS = '.instances';

export type InstanceName = { id: string; applicationName: string };

/** A name for this process's database sessions; `local` when it keeps files in a local folder. */
export function instanceName(storageKind: 'local' | 's3'): InstanceName {
  const id = randomBytes(6).toString('hex');
  return { id, applicationName: storageKind === 'local' ? `${PREFIX}${id}` : `core28 s3 ${id}` };
}

/** `url` with `application_name` set, so every connection made from it (pool, LISTEN, locks) carries it. */
export function withApplicationName(url: string, applicationName: string) {
  const named = new URL(url);
  named.searchParams.set('application_name', applicationName);
  return named.toString();
}

export class UnsharedStorageError extends Error {}

/**
 * Leaves this instance's marker in `root`; call it before connecting to the database, so an
 * instance another one sees there always has its marker in place. Answers its removal.
 */
export async function leaveStorageMarker(root: string, self: InstanceName) {
  const markers = path.join(root, MARKERS);
  await mkdir(markers, { recursive: true });
  const marker = path.join(markers, self.id);
  await writeFile(marker, `${new Date().toISOString()}\n`);
  return () => rm(marker, { force: true });
}

/**
 * Refuses (UnsharedStorageError) when another instance with local storage is connected to the
 * database and its marker is not in `root`: their folders are not one.
 */
export async function assertStorageShared(root: string, self: InstanceName, executeSql: ExecuteSql) {
  const { rows } = (await executeSql(
    `select distinct application_name as name from pg_stat_activity
      where datname = current_database() and application_name like $1`,
    [`${PREFIX}%`],
  )) as { rows: { name: string }[] };
  const others = rows.map((row) => row.name.slice(PREFIX.length)).filter((id) => id !== self.id);
  for (const other of others) {
    const shared = await access(path.join(root, MARKERS, other)).then(
      () => true,
      () => false,
    );
    if (!shared)
      throw new UnsharedStorageError(
        `Another Core28 instance (${other}) is connected to this database and keeps its files in a folder this one cannot see (this one: ${root}). ` +
          'Files uploaded on one would be missing on the other. Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY on every instance, ' +
          'or give them all one shared DATA_DIR.',
      );
  }
}
