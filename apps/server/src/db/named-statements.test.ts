import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import pg, { type Pool } from 'pg';
import { nameStatements, statementName } from './named-statements.ts';

/** A pool that opens one connection; its `query` records what reaches the connection. */
function fakePool() {
  const pool = new EventEmitter() as unknown as Pool;
  const query = vi.fn(async (..._args: unknown[]) => ({ rows: [] }));
  const client = { query };
  return {
    pool,
    query,
    /** The pool opens the connection (and hands it to the pool's query or to a transaction). */
    connect: () => ((pool as unknown as EventEmitter).emit('connect', client), client),
  };
}

describe('named statements', () => {
  it('names a parameterized query after its text, the same name every time, on every connection', async () => {
    const { pool, query, connect } = fakePool();
    nameStatements(pool);
    const client = connect();
    const config = { text: 'select * from users where id = $1', rowMode: 'array' };
    await client.query(config, [1]);
    await client.query({ ...config }, [2]);
    const names = query.mock.calls.map(([sent]) => (sent as { name?: string }).name);
    expect(names).toEqual([statementName(config.text), statementName(config.text)]);
    expect(query.mock.calls[0]![0]).toMatchObject({ rowMode: 'array', text: config.text });
    expect(config).not.toHaveProperty('name');
  });

  it('keeps names given by the caller, and leaves plain text and queries without parameters alone', async () => {
    const { pool, query, connect } = fakePool();
    nameStatements(pool);
    const client = connect();
    await client.query({ name: 'member_view_by_token', text: 'select 1 where $1' }, [1]);
    await client.query('select $1::int', [1]);
    await client.query({ text: 'select 1' }, []);
    await client.query('begin');
    expect(query.mock.calls.map(([sent]) => sent)).toEqual([
      { name: 'member_view_by_token', text: 'select 1 where $1' },
      'select $1::int',
      { text: 'select 1' },
      'begin',
    ]);
  });

  it('names at most so many distinct statements; the rest run unnamed', async () => {
    const { pool, query, connect } = fakePool();
    const named = nameStatements(pool, 2);
    const client = connect();
    for (const id of [1, 2, 3, 1]) await client.query({ text: `select ${id} where $1` }, [id]);
    expect(query.mock.calls.map(([sent]) => Boolean((sent as { name?: string }).name))).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(named.count()).toBe(2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'prepares in transactions too, and a statement whose Parse failed in an aborted transaction runs after it (PostgreSQL)',
    async () => {
      const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
      nameStatements(pool);
      const text = 'select $1::int + 1 as next';
      try {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await expect(client.query('select nope')).rejects.toThrow();
          // Parse in the aborted transaction fails: node-postgres does not remember the statement as parsed.
          await expect(client.query({ text }, [1])).rejects.toThrow(/aborted/);
          await client.query('rollback');
          await client.query('begin');
          expect((await client.query({ text }, [1])).rows).toEqual([{ next: 2 }]);
          const prepared = await client.query('select name from pg_prepared_statements');
          expect(prepared.rows.map((row: { name: string }) => row.name)).toContain(statementName(text));
          await client.query('commit');
        } finally {
          client.release();
        }
        // The pool's own query reaches the same connection's statement.
        expect((await pool.query({ text }, [41])).rows).toEqual([{ next: 42 }]);
      } finally {
        await pool.end();
      }
    },
  );
});
