// Rows read as JSON (docs/prepared-statements.md, "Lists read as one JSON value"): PostgreSQL writes each row of a
// list as one JSON array and the list as one JSON value, which the driver parses natively, instead of the driver and
// Drizzle converting each field of each row.
import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * `fields` written as one JSON array per row (`sql`, in the fields' order) and read back into an object with the same
 * keys (`read`). The JSON carries what JSON has: numbers, text, booleans, null, nested JSON (dates come as text).
 */
export function jsonRowOf<F extends Record<string, SQLWrapper | AnyColumn>>(fields: F) {
  const keys = Object.keys(fields) as (keyof F)[];
  return {
    sql: sql`json_build_array(${sql.join(Object.values(fields), sql`, `)})`,
    read(values: readonly unknown[]): Record<keyof F, unknown> {
      const row = {} as Record<keyof F, unknown>;
      keys.forEach((key, index) => (row[key] = values[index]));
      return row;
    },
  };
}

/**
 * SQL: the `item` column of every row of `list` (a select, ordered and cut as it likes) as one JSON array, `[]` for
 * none. `json_agg` keeps the list's order: it aggregates the sorted subquery directly, with nothing else at its level.
 */
export function jsonListOf<T>(list: SQLWrapper): SQL<T[]> {
  return sql<T[]>`(select coalesce(json_agg(list.item), '[]') from (${list}) list)`;
}
