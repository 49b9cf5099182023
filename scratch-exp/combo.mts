import { PGlite, protocol, parse } from '@electric-sql/pglite';
const pg = await PGlite.create();
await pg.exec(`create table items (id serial primary key, name text unique not null, at timestamptz default now()); insert into items (name) select 'n' || g from generate_series(1, 1000) g;`);
const text = 'select id, name, at from items where id = $1';
const s = protocol.serialize;
await pg.execProtocol(s.parse({ name: 'q1', text }), { syncToFs: false });
await pg.execProtocol(s.sync(), { syncToFs: false });
const concat = (parts: Uint8Array[]) => { const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0)); let o = 0; for (const p of parts) { out.set(p, o); o += p.length; } return out; };
async function separate(id: number) {
  const m = [...(await pg.execProtocol(s.bind({ statement: 'q1', values: [String(id)] }), { syncToFs: false })).messages,
    ...(await pg.execProtocol(s.describe({ type: 'P' }), { syncToFs: false })).messages,
    ...(await pg.execProtocol(s.execute({}), { syncToFs: false })).messages,
    ...(await pg.execProtocol(s.sync(), { syncToFs: false })).messages];
  return parse.parseResults(m as never, pg.parsers, { rowMode: 'array' })[0]!.rows;
}
async function combined(id: number) {
  const { messages } = await pg.execProtocol(concat([s.bind({ statement: 'q1', values: [String(id)] }), s.describe({ type: 'P' }), s.execute({}), s.sync()]), { syncToFs: false });
  return parse.parseResults(messages as never, pg.parsers, { rowMode: 'array' })[0]!.rows;
}
console.log(JSON.stringify(await separate(5)), JSON.stringify(await combined(5)));
async function time(label: string, fn: () => Promise<unknown>, n = 5000) {
  for (let i = 0; i < 500; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, ((performance.now() - t) / n * 1000).toFixed(0), 'µs');
}
await time('separate', () => separate(5));
await time('combined', () => combined(5));
await time('query unnamed', () => pg.query(text, [5], { rowMode: 'array' }));
await time('select 1 exec', () => pg.exec('select 1'));
await time('select 1 query', () => pg.query('select 1'));
// error in combined: bad bind
try { await combined(-1 as never); } catch (e) { console.log('err', (e as Error).message); }
const bad = await pg.execProtocol(concat([s.bind({ statement: 'nope', values: [] }), s.describe({ type: 'P' }), s.execute({}), s.sync()]), { syncToFs: false, throwOnError: false });
console.log(bad.messages.map((m: { name: string }) => m.name));
console.log(JSON.stringify(await combined(7)));
await pg.close();
