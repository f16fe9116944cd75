import { Column, getTableName, is, SQL } from 'drizzle-orm';

// Drizzle maps each row of a select by walking its field list again (an `is` check, a
// path iterator and a table-name lookup per column), ~10 µs for /api/me's 40 columns. A prepared
// statement's fields never change, so this works all of that out once per statement and leaves a
// row one decode per column. It gives exactly what drizzle's mapResultRow gives (row-mapper.test).

/** A selected field as a prepared select lists it (drizzle's orderSelectedFields). */
export type SelectedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue: (value: unknown) => unknown };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // An SQL field carries its decoder (internal in drizzle's types); SQL.Aliased and a subquery's
  // selection carry it on their SQL.
  const wrapped = field as { sql?: SQL; _?: { sql: SQL } };
  const query = is(field, SQL) ? field : (wrapped._?.sql ?? wrapped.sql);
  return (query as unknown as { decoder: Decoder }).decoder;
}

/**
 * A function mapping one raw row (an array, in the fields' order) as drizzle's mapResultRow does
 * for `fields` and `joinsNotNullableMap`.
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path.at(-1)!,
    decoder: decoderOf(field),
  }));
  // A left-joined table's object is null when the row has none: drizzle decides by the object's
  // first column, and only for an object whose columns all come from that one table.
  const nullable: { name: string; firstIndex: number }[] = [];
  if (joinsNotNullableMap) {
    const seen = new Map<string, { firstIndex: number; table: string | false }>();
    fields.forEach(({ path, field }, index) => {
      if (path.length !== 2 || !is(field, Column)) return;
      const table = getTableName(field.table);
      const object = seen.get(path[0]!);
      if (!object) seen.set(path[0]!, { firstIndex: index, table });
      else if (object.table !== table) object.table = false;
    });
    for (const [name, { firstIndex, table }] of seen) {
      if (table !== false && !joinsNotNullableMap[table]) nullable.push({ name, firstIndex });
    }
  }

  return (row) => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const { parents, key, decoder } = columns[i]!;
      let node = result;
      for (const parent of parents) {
        node[parent] ??= {};
        node = node[parent] as Record<string, unknown>;
      }
      const raw = row[i];
      node[key] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    for (const { name, firstIndex } of nullable) {
      if (row[firstIndex] === null) result[name] = null;
    }
    return result;
  };
}

type PreparedSelect = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/**
 * `statement` (a drizzle prepared query) with its rows mapped by a compiled mapper; statements
 * without a field list (raw SQL) or with a mapper of their own (relational queries) are left as
 * they are.
 */
export function withCompiledRowMapper<T>(statement: T): T {
  const query = statement as PreparedSelect;
  if (!Array.isArray(query.fields) || query.customResultMapper) return statement;
  const map = compileRowMapper(query.fields, query.joinsNotNullableMap);
  query.customResultMapper = (rows) => rows.map(map);
  return statement;
}
