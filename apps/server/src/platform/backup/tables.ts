import type pg from 'pg';

/** What a backup archive holds, written as manifest.json next to the data. */
export type Manifest = {
  format: 'core28-backup';
  formatVersion: 1;
  createdAt: string;
  app: { version: string | null; commit: string | null };
  server: string;
  /** copy: one COPY text file per table (db/*.copy); pg_dump: one custom-format dump (DUMP_FILE). */
  method: BackupMethod;
  /** drizzle's applied migrations, oldest first: the schema the data belongs to. */
  migrations: { createdAt: number; hash: string }[];
  tables: { schema: string; name: string; columns: string[]; rows: number; file?: string }[];
  storage: { kind: 'local' | 's3'; files: number; bytes: number };
};

export type BackupMethod = 'copy' | 'pg_dump';
export const DUMP_FILE = 'db/database.pgdump';

export type Table = { schema: string; name: string; columns: string[] };

export const MIGRATIONS_TABLE = { schema: 'drizzle', name: '__drizzle_migrations' };

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) =>
  `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;

/**
 * Every application table: all of schema public plus drizzle's migration table, with their
 * stored columns (generated ones are computed again on load) in table order.
 */
export async function listTables(client: pg.ClientBase): Promise<Table[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind = 'r'
        and (n.nspname = 'public' or (n.nspname = $1 and c.relname = $2))
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
      group by n.nspname, c.relname
      order by n.nspname, c.relname`,
    [MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.name],
  );
  return rows;
}

/** The applied migrations, oldest first; empty when the database was never migrated. */
export async function appliedMigrations(client: pg.ClientBase): Promise<Manifest['migrations']> {
  const exists = await client.query(`select to_regclass($1) as t`, [qualified(MIGRATIONS_TABLE)]);
  if (!exists.rows[0].t) return [];
  const { rows } = await client.query<{ created_at: string; hash: string }>(
    `select created_at, hash from ${qualified(MIGRATIONS_TABLE)} order by id`,
  );
  return rows.map((r) => ({ createdAt: Number(r.created_at), hash: r.hash }));
}
