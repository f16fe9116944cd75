import { type SQL, type SQLChunk, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';

/**
 * pg-boss's `db` option for one call, running its SQL ($1-style parameters) on a Drizzle
 * transaction, so a job is inserted in the transaction that causes it (both drivers, through
 * Drizzle's public API). Drizzle numbers parameters by position, so each `$n` may appear once:
 * the same parameter used twice could be typed differently at each place, and is refused.
 */
export function executeSqlIn(tx: DbOrTx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = (await tx.execute(positionalSql(text, values))) as unknown as { rows?: unknown[] };
      return { rows: result.rows ?? [] };
    },
  };
}

export function positionalSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const seen = new Set<number>();
  const chunks: SQLChunk[] = [sql.raw(parts[0] ?? '')];
  for (let i = 1; i < parts.length; i += 2) {
    const index = Number(parts[i]) - 1;
    if (seen.has(index) || index < 0 || index >= values.length)
      throw new Error(`Parameter $${index + 1} is missing or used twice in: ${text.slice(0, 80)}`);
    seen.add(index);
    chunks.push(sql.param(values[index]), sql.raw(parts[i + 1] ?? ''));
  }
  return sql.join(chunks);
}
