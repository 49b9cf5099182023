import { describe, expect, it, vi } from 'vitest';
import type { Pool } from 'pg';
import { nameStatements, statementName } from './named-statements.ts';

function fakePool() {
  const query = vi.fn(async (..._args: unknown[]) => ({ rows: [] }));
  return { pool: { query } as unknown as Pool, query };
}

describe('named statements', () => {
  it('names a parameterized query after its text, the same name every time', async () => {
    const { pool, query } = fakePool();
    nameStatements(pool);
    const config = { text: 'select * from users where id = $1', rowMode: 'array' };
    await pool.query(config, [1]);
    await pool.query({ ...config }, [2]);
    const names = query.mock.calls.map(([sent]) => (sent as { name?: string }).name);
    expect(names).toEqual([statementName(config.text), statementName(config.text)]);
    expect(query.mock.calls[0]![0]).toMatchObject({ rowMode: 'array', text: config.text });
    expect(config).not.toHaveProperty('name');
  });

  it('keeps names given by the caller, and leaves plain text and queries without parameters alone', async () => {
    const { pool, query } = fakePool();
    nameStatements(pool);
    await pool.query({ name: 'member_view_by_token', text: 'select 1 where $1' }, [1]);
    await pool.query('select $1::int', [1]);
    await pool.query({ text: 'select 1' }, []);
    expect(query.mock.calls.map(([sent]) => sent)).toEqual([
      { name: 'member_view_by_token', text: 'select 1 where $1' },
      'select $1::int',
      { text: 'select 1' },
    ]);
  });

  it('names at most so many distinct statements; the rest run unnamed', async () => {
    const { pool, query } = fakePool();
    const named = nameStatements(pool, 2);
    for (const id of [1, 2, 3, 1]) await pool.query({ text: `select ${id} where $1` }, [id]);
    expect(query.mock.calls.map(([sent]) => Boolean((sent as { name?: string }).name))).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(named.count()).toBe(2);
  });
});
