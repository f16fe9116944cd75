import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../platform/db/pglite.ts';

// Vitest's global setup for the server tests: one in-memory database with every migration, dumped
// once per run, which each test file's PGlite loads instead of running initdb and the migrations
// again (measured: 0.4 s against 1.6 s, for ~90 files). A file's database is still its own.

const SNAPSHOT = 'CORE28_TEST_PGLITE_SNAPSHOT';
let folder = '';

export async function setup() {
  if (process.env.TEST_DATABASE_URL) return; // a real PostgreSQL: a database per file, no PGlite
  const database = await openPglite();
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  folder = mkdtempSync(path.join(tmpdir(), 'core28-pglite-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[SNAPSHOT] = file; // the test workers start after this, with it in their environment
}

export function teardown() {
  if (folder) rmSync(folder, { recursive: true, force: true });
}

/** The migrated database dumped by `setup`, when this run has one. */
export function migratedSnapshot(): Blob | undefined {
  const file = process.env[SNAPSHOT];
  return file ? new Blob([readFileSync(file)]) : undefined;
}
