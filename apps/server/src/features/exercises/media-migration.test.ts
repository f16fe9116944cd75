import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { slugify } from '@core28/core/blog';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../platform/db/index.ts';
import { SEED_EXERCISES } from '../../seed/content.ts';

// The migration that adds the media columns also gives the exercises already in a
// database their demonstration keys and drops the seed's YouTube search links.

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/** The migrations folder as it was before the media migration (found by its name, whatever its number). */
async function migrationsBeforeMedia() {
  const folder = await mkdtemp(path.join(tmpdir(), 'core28-migrations-'));
  folders.push(folder);
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_exercise_media'));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/** How the seed wrote its links before exercise media were stored. */
const searchLink = (name: string) =>
  `https://www.youtube.com/results?search_query=${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '+')}+exercise+tutorial`;

it('keys every seeded exercise by slugify(name) and clears only the search links', async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: await migrationsBeforeMedia() });
  for (const e of SEED_EXERCISES)
    await db.execute(
      sql`insert into exercises (name, description, exercise, category, video_url) values (${e.name}, ${e.description}, ${e.exercise}, ${e.category}, ${searchLink(e.name)})`,
    );
  await db.execute(
    sql`insert into exercises (name, video_url) values ('Coach''s Plank', 'https://example.com/coach-video'), ('Coach''s Search', 'https://www.youtube.com/results?search_query=plank')`,
  );

  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const { rows } = (await db.execute(
    sql`select name, demo_key, video_url from exercises order by id`,
  )) as unknown as {
    rows: { name: string; demo_key: string; video_url: string | null }[];
  };
  const seeded = rows.slice(0, SEED_EXERCISES.length);
  expect(seeded.map((row) => row.demo_key)).toEqual(SEED_EXERCISES.map((e) => slugify(e.name)));
  expect(seeded.map((row) => row.demo_key)).toContain('side-plank-knees');
  expect(seeded.every((row) => row.video_url === null)).toBe(true);
  // a coach's links stay, even a search page the seed did not write
  expect(rows.slice(SEED_EXERCISES.length)).toEqual([
    { name: "Coach's Plank", demo_key: 'coachs-plank', video_url: 'https://example.com/coach-video' },
    {
      name: "Coach's Search",
      demo_key: 'coachs-search',
      video_url: 'https://www.youtube.com/results?search_query=plank',
    },
  ]);
  await client.close();
});
