import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statementName } from './named-statements.ts';
import { nameStatementsOnPglite } from './pglite-named-statements.ts';

describe('named statements on PGlite', () => {
  let pg: PGlite;
  let plain: PGlite;
  /** A cluster with the table, made once: loading it takes a fraction of the seconds initdb takes for each database. */
  let cluster: Blob;
  beforeAll(async () => {
    const template = await PGlite.create();
    await template.exec(
      `create table items (id serial primary key, name text unique not null, tags text[], data jsonb, at timestamptz, flag boolean, n bigint)`,
    );
    cluster = await template.dumpDataDir('none');
    await template.close();
  });
  beforeEach(async () => {
    [pg, plain] = await Promise.all([PGlite.create({ loadDataDir: cluster }), PGlite.create({ loadDataDir: cluster })]);
  });
  afterEach(async () => {
    await Promise.all([pg.close(), plain.close()]);
  });

  const prepared = async (db: PGlite) =>
    (await db.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (row) => row.name,
    );

  it('runs a parameterized query as a statement prepared once, with the same results as an unnamed one', async () => {
    const named = nameStatementsOnPglite(pg);
    const insert = 'insert into items (name, tags, data, at, flag, n) values ($1, $2, $3, $4, $5, $6) returning *';
    const values = ['anna', ['a', 'b'], { nested: [1, 2] }, new Date('2026-11-25T10:00:00Z'), true, 12];
    const rows = [await pg.query(insert, values), await plain.query(insert, values)].map((result) => result.rows);
    expect(rows[0]).toEqual(rows[1]);
    const select = 'select id, name, tags, data, at, flag, n from items where name = $1 and at < $2';
    for (let run = 0; run < 7; run += 1) {
      // More than five runs: PostgreSQL may switch to a generic plan; the answer stays the same.
      const [a, b] = [
        await pg.query(select, ['anna', new Date()], { rowMode: 'array' }),
        await plain.query(select, ['anna', new Date()], { rowMode: 'array' }),
      ];
      expect(a.rows).toEqual(b.rows);
      expect(a.fields).toEqual(b.fields);
    }
    expect(await prepared(pg)).toEqual([statementName(insert), statementName(select)].sort());
    expect(named.count()).toBe(2);
    // Null parameters and queries without parameters.
    expect((await pg.query('select $1::text is null as empty', [null])).rows).toEqual([{ empty: true }]);
    expect((await pg.query('select count(*)::int as count from items')).rows).toEqual([{ count: 1 }]);
  });

  it("applies a query's own parsers, identity ones (Drizzle's) and others alike", async () => {
    nameStatementsOnPglite(pg);
    await pg.query('insert into items (name, at) values ($1, $2)', ['anna', new Date('2026-11-25T10:00:00Z')]);
    const select = 'select name, at from items where name = $1';
    for (let run = 0; run < 2; run += 1) {
      const raw = await pg.query(select, ['anna'], { rowMode: 'array', parsers: { 1184: (value) => value } });
      expect(raw.rows).toEqual([['anna', '2026-11-25 10:00:00+00']]);
      const shouting = await pg.query(select, ['anna'], {
        rowMode: 'array',
        parsers: { 25: (value: string) => value.toUpperCase() },
      });
      expect(shouting.rows).toEqual([['ANNA', new Date('2026-11-25T10:00:00Z')]]);
      expect((await pg.query(select, ['anna'], { rowMode: 'array' })).rows).toEqual([
        ['anna', new Date('2026-11-25T10:00:00Z')],
      ]);
    }
  });

  it('throws the database error with its code and the query, and keeps working', async () => {
    nameStatementsOnPglite(pg);
    const insert = 'insert into items (name) values ($1)';
    await pg.query(insert, ['anna']);
    await expect(pg.query(insert, ['anna'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'items_name_key',
      query: insert,
    });
    expect((await pg.query('select name from items where name = $1', ['anna'])).rows).toEqual([{ name: 'anna' }]);
    // A statement that does not parse is never kept, and fails the same way each time.
    for (let run = 0; run < 2; run += 1)
      await expect(pg.query('select nope from items where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    expect(await prepared(pg)).not.toContain(statementName('select nope from items where id = $1'));
  });

  it("waits for an open transaction, and leaves the transaction's own queries alone", async () => {
    nameStatementsOnPglite(pg);
    const order: string[] = [];
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    let askOutside!: () => void;
    const outsideAsked = new Promise<void>((resolve) => (askOutside = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query('insert into items (name) values ($1)', ['in-transaction']);
      inside();
      await outsideAsked;
      // The positive signal: a query of the transaction asked after the outside one has run. Both take PGlite's query
      // lock in turn, so an outside query that did not wait for the transaction would have run first.
      await tx.query('select 1');
      order.push('transaction query');
      order.push('commit');
    });
    await holding;
    const outside = pg
      .query('select count(*)::int as count from items where name = $1', ['in-transaction'])
      .then((result) => {
        order.push('outside');
        return result.rows[0];
      });
    askOutside();
    await transaction;
    expect(await outside).toEqual({ count: 1 });
    expect(order).toEqual(['transaction query', 'commit', 'outside']);
    expect(await prepared(pg)).not.toContain(statementName('insert into items (name) values ($1)'));
  });

  it('names at most so many statements; the rest run unnamed', async () => {
    const named = nameStatementsOnPglite(pg, 1);
    await pg.query('select $1::int as a', [1]);
    expect((await pg.query('select $1::int as b', [2])).rows).toEqual([{ b: 2 }]);
    expect(named.count()).toBe(1);
    expect(await prepared(pg)).toEqual([statementName('select $1::int as a')]);
  });
});
