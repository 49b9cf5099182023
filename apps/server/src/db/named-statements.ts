// Named statements on PostgreSQL: every parameterized query a pool's connection sends, in a transaction or not, is
// named after its text, so each connection parses it once and PostgreSQL may reuse its plan
// (docs/prepared-statements.md).
import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig } from 'pg';

/** More distinct statements than this (per process) run unnamed: dynamic SQL never grows the server's caches without bound. */
export const MAX_NAMED_STATEMENTS = 2000;

export function statementName(text: string): string {
  return `q_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Wraps the `query` of every connection the pool opens (the pool's own `query` and a transaction's checked-out client
 * both go through it) so that a parameterized query without a name gets one derived from its text. node-postgres
 * then sends Parse once per connection and only Bind/Execute afterwards. Statements Drizzle prepared with a name of
 * their own keep it. A statement whose Parse failed (or ran in an aborted transaction) is not remembered as parsed
 * by node-postgres, so it is parsed again next time.
 */
export function nameStatements(pool: Pool, max = MAX_NAMED_STATEMENTS): { count: () => number } {
  const names = new Map<string, string>();
  const named = (config: unknown, values?: unknown): unknown => {
    if (!config || typeof config !== 'object' || !Array.isArray(values) || !values.length) return config;
    const { name, text } = config as QueryConfig;
    if (name || typeof text !== 'string') return config;
    let found = names.get(text);
    if (!found && names.size < max) names.set(text, (found = statementName(text)));
    return found ? { ...(config as QueryConfig), name: found } : config;
  };
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config, values, ...rest) =>
      query(named(config, values), values, ...rest);
  });
  return { count: () => names.size };
}
