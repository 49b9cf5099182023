// One owner per table (docs/server-layout.md, "Tables and their owners"): only a table's owner writes it, every
// schema table has an owner, the docs' table says the same as TABLE_OWNERS, and the scanner still finds writes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  SEED_FILES,
  TABLE_OWNERS,
  findAdminTableImports,
  findForeignWrites,
  ownerOf,
  schemaTables,
  tableImportsIn,
  writesIn,
} from './table-owners.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCAN_MS = 60_000;

let scanned: ReturnType<typeof findForeignWrites> | undefined;
/** The scan of the server's source, once per run (it parses every production file). */
const scan = () => (scanned ??= findForeignWrites());

describe('table owners', () => {
  it(
    'no module or plugin writes a table it does not own',
    () => {
      const foreign = scan().foreign.map(
        (write) => `${write.table}: written by ${write.file}:${write.line} (${write.writer}), owner ${write.owner}`,
      );
      expect(
        foreign,
        'Only a table\'s owner writes it: call the owner\'s function through its index.ts (or have the composition root hand it in), in the same transaction (docs/server-layout.md, "Tables and their owners")',
      ).toEqual([]);
    },
    SCAN_MS,
  );

  it('every schema table has one owner, and every owner names a table of the schema', () => {
    const tables = new Set(schemaTables().values());
    expect([...tables].filter((table) => !TABLE_OWNERS[table]).sort(), 'tables without an owner').toEqual([]);
    expect(
      Object.keys(TABLE_OWNERS).filter((table) => !tables.has(table)),
      'TABLE_OWNERS names tables the schema no longer has',
    ).toEqual([]);
    for (const owner of Object.values(TABLE_OWNERS)) expect(owner).toMatch(/^(lib|modules\/[a-z-]+|plugins\/[a-z-]+)$/);
  });

  it('the staff console queries tables only in its repositories, and only its own tables', () => {
    expect(
      findAdminTableImports(),
      "modules/admin reads other modules' tables through their owners' index.ts and its own through its *.repository.ts files (docs/staff-console.md)",
    ).toEqual([]);
  });

  it("the docs' table of owners is TABLE_OWNERS", () => {
    const docs = fs.readFileSync(path.join(root, 'docs/server-layout.md'), 'utf8');
    const section = docs.split(/^## /m).find((part) => part.startsWith('Tables and their owners'));
    expect(section, 'docs/server-layout.md has a section "Tables and their owners"').toBeDefined();
    const documented: Record<string, string> = {};
    for (const [, owner, tables] of section!.matchAll(/^\| `([^`]+)`[^|]*\| ([^|]+) \|$/gm))
      for (const [, table] of tables!.matchAll(/`([a-z0-9_]+)`/g)) documented[table!] = owner!;
    expect(documented).toEqual(TABLE_OWNERS);
  });
});

describe('the write scanner', () => {
  const tables = schemaTables();
  const scanSnippet = (file: string, lines: string[]) =>
    writesIn(file, lines.join('\n'), tables).map((write) => `${write.table}@${write.line} by ${write.writer}`);
  const schemaImport = (names: string) => `import { ${names} } from '../../db/schema/index.ts';`;

  it('finds Drizzle inserts, updates and deletes of a table imported from the schema', () => {
    expect(
      scanSnippet('modules/blocks/probe.ts', [
        schemaImport('likes, matches, profiles'),
        'export async function f(tx) {',
        '  await tx.insert(likes).values({});',
        '  await tx.update(profiles).set({}).where(undefined);',
        '  await tx.delete(matches);',
        '  await tx.select().from(profiles);',
        '}',
      ]),
    ).toEqual(['likes@3 by modules/blocks', 'profiles@4 by modules/blocks', 'matches@5 by modules/blocks']);
  });

  it('finds a table imported under another name, and ignores a local object of the same name', () => {
    expect(
      scanSnippet('modules/photos/probe.ts', [
        schemaImport('profiles as memberProfiles'),
        'export const f = (tx) => tx.update(memberProfiles).set({ verifiedAt: null });',
      ]),
    ).toEqual(['profiles@2 by modules/photos']);
    expect(
      scanSnippet('modules/photos/probe.ts', ['const profiles = {};', 'export const f = (tx) => tx.delete(profiles);']),
    ).toEqual([]);
  });

  it('finds writes in SQL text, quoted or not, and only of schema tables', () => {
    expect(
      scanSnippet('modules/accounts/probe.ts', [
        "import { sql } from 'drizzle-orm';",
        'export const a = sql`update profiles set has_photo = true`;',
        'export const b = \'DELETE FROM "sessions" WHERE id = 1\';',
        'export const c = sql`insert into pending_messages (body) values (${1})`;',
        'export const d = sql`insert into not_a_table values (1)`;',
        'export const e = sql`select * from users where id = ${1}`;',
      ]),
    ).toEqual([
      'profiles@2 by modules/accounts',
      'sessions@3 by modules/accounts',
      'pending_messages@4 by modules/accounts',
    ]);
  });

  it('finds a schema table interpolated right after the write verb', () => {
    expect(
      scanSnippet('plugins/site/probe.ts', [
        "import { sql } from 'drizzle-orm';",
        schemaImport('creditBundles, sites'),
        'export const a = sql`insert into ${creditBundles} (site_id) values (1)`;',
        'export const b = sql`select * from ${sites} where ${sites.id} = 1`;',
        'export const c = sql`delete from ${sites} where true`;',
      ]),
    ).toEqual(['credit_bundles@3 by plugins/site', 'sites@5 by plugins/site']);
  });

  it('counts a call of an SQL function as writes of the tables it writes', () => {
    expect(
      scanSnippet('modules/payments/probe.ts', [
        "import { sql } from 'drizzle-orm';",
        'export const a = sql`select credits_post_entry(${1}, ${2})`;',
      ]),
    ).toEqual(['credit_ledger@2 by modules/payments', 'credit_balances@2 by modules/payments']);
    expect(
      scanSnippet('modules/chats/probe.ts', ['export const a = "select * from chat_send(1, 2, \'hi\')";']),
    ).toEqual([
      'messages@1 by modules/chats',
      'conversations@1 by modules/chats',
      'conversation_members@1 by modules/chats',
      'chat_inboxes@1 by modules/chats',
    ]);
  });

  it('finds table objects imported from the schema, not types', () => {
    const source = [
      "import { photos as pictures, type ProfileRow } from '../../db/schema/index.ts';",
      "import type { users } from '../../db/schema/index.ts';",
      "import { sites } from '../sites/index.ts';",
    ].join('\n');
    expect(tableImportsIn('modules/admin/probe.ts', source, tables)).toEqual(['photos']);
  });

  it('names the owner of a file by its module or plugin, and excepts only the demo seed', () => {
    expect(ownerOf('modules/accounts/signup.service.ts')).toBe('modules/accounts');
    expect(ownerOf('plugins/site/sites.repository.ts')).toBe('plugins/site');
    expect(ownerOf('plugins/activity.plugin.ts')).toBe('plugins/activity');
    expect(ownerOf('lib/secrets.ts')).toBe('lib');
    expect(ownerOf('services.ts')).toBe('root');
    expect(SEED_FILES.test('modules/dev/demo-members.ts')).toBe(true);
    expect(SEED_FILES.test('modules/dev/dev.routes.ts')).toBe(false);
  });
});
