// The migration step: one transaction per migration, a failing one rolled back whole while those before it stay, and
// drizzle's own journal, so databases migrated before this step carry on.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { applyMigrations, MigrationError, migrationState } from './migrate.ts';
import { migrationsFolder } from './migrations-folder.ts';

/** A migrations folder as drizzle-kit writes it, from [tag, sql] pairs. */
async function writeMigrations(folder: string, migrations: [string, string][]): Promise<void> {
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const entries = migrations.map(([tag], index) => ({
    idx: index,
    version: '7',
    when: 1_700_000_000_000 + index * 1000,
    tag,
    breakpoints: true,
  }));
  await fs.writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  for (const [tag, text] of migrations) await fs.writeFile(path.join(folder, `${tag}.sql`), text);
}

async function tables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  return rows.map((row) => row.name);
}

describe('the migration step', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  });
  afterAll(async () => {
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('applies each migration in its own transaction: a failing one is rolled back whole, those before it stay', async () => {
    await writeMigrations(folder, [
      ['0000_first', 'create table a (id int primary key);\n--> statement-breakpoint\ninsert into a values (1);'],
      [
        '0001_broken',
        'create table b (id int primary key);\n--> statement-breakpoint\ninsert into missing values (1);',
      ],
      ['0002_third', 'create table c (id int primary key);'],
    ]);
    const client = await PGlite.create();
    try {
      const db = drizzle({ client }) as unknown as Database;
      expect(await migrationState(db, folder)).toEqual({
        total: 3,
        applied: 0,
        pending: ['0000_first', '0001_broken', '0002_third'],
      });
      const failure = await applyMigrations(db, folder).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as MigrationError).migration).toBe('0001_broken');
      expect((failure as MigrationError).message).toMatch(/0001_broken failed and was rolled back/);
      // The first is in, with its row; nothing of the broken one (table b) is left half-applied; the third never ran.
      expect(await tables(client)).toEqual(['a']);
      expect(await migrationState(db, folder)).toMatchObject({ applied: 1, pending: ['0001_broken', '0002_third'] });

      // Fixed, the next run carries on from where the database is.
      await fs.writeFile(path.join(folder, '0001_broken.sql'), 'create table b (id int primary key);');
      expect(await applyMigrations(db, folder)).toEqual(['0001_broken', '0002_third']);
      expect(await tables(client)).toEqual(['a', 'b', 'c']);
      expect(await applyMigrations(db, folder)).toEqual([]);
      expect(await migrationState(db, folder)).toEqual({ total: 3, applied: 3, pending: [] });
    } finally {
      await client.close();
    }
  });

  it("carries on a database drizzle's own migrator migrated: nothing is applied twice", async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder });
      expect(await applyMigrations(db as unknown as Database)).toEqual([]);
      const state = await migrationState(db as unknown as Database);
      expect(state.pending).toEqual([]);
      expect(state.applied).toBe(state.total);
    } finally {
      await client.close();
    }
  });
});
