// Named statements on PostgreSQL: every parameterized query sent through the pool is named after its text, so each
// connection parses it once and PostgreSQL may reuse its plan (docs/prepared-statements.md).
import { createHash } from 'node:crypto';
import type { Pool, QueryConfig } from 'pg';

/** More distinct statements than this (per process) run unnamed: dynamic SQL never grows the server's caches without bound. */
export const MAX_NAMED_STATEMENTS = 2000;

export function statementName(text: string): string {
  return `q_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Wraps `pool.query` so that a parameterized query without a name gets one derived from its text. node-postgres
 * then sends Parse once per connection and only Bind/Execute afterwards. Statements Drizzle prepared with a name
 * of their own keep it; queries inside a transaction (a checked-out client) are left as they are.
 */
export function nameStatements(pool: Pool, max = MAX_NAMED_STATEMENTS): { count: () => number } {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const named = (config: unknown, values?: unknown): unknown => {
    if (!config || typeof config !== 'object' || !Array.isArray(values) || !values.length) return config;
    const { name, text } = config as QueryConfig;
    if (name || typeof text !== 'string') return config;
    let found = names.get(text);
    if (!found && names.size < max) names.set(text, (found = statementName(text)));
    return found ? { ...(config as QueryConfig), name: found } : config;
  };
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (config, values, ...rest) =>
    query(named(config, values), values, ...rest);
  return { count: () => names.size };
}
