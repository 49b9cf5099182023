import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './migrations-folder.ts';
import { PGLITE_SETTINGS, clusterTemplateFile, pgliteOptions, writeClusterTemplate } from './pglite-options.ts';

describe('embedded database options', () => {
  const root = path.join(os.tmpdir(), `pglite-options-${process.pid}`);
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('starts PostgreSQL with small shared buffers, after PGlite own start parameters', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const options = await pgliteOptions(path.join(root, 'a'), path.join(root, 'missing.tar.gz'));
    expect(options.startParams?.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
    expect(options.startParams).toContain('shared_buffers=16MB');
    expect(PGLITE_SETTINGS.every((setting) => options.startParams?.includes(setting))).toBe(true);
  });

  it('fills an empty data folder from the cluster template, and never a folder that holds a database', async () => {
    const template = path.join(root, 'cluster.tar.gz');
    await fs.mkdir(root, { recursive: true });
    await fs.writeFile(template, 'cluster bytes');
    const empty = path.join(root, 'empty');
    await fs.mkdir(empty, { recursive: true });
    const fromTemplate = await pgliteOptions(empty, template);
    expect(fromTemplate.loadDataDir).toBeInstanceOf(Blob);
    expect(await (fromTemplate.loadDataDir as Blob).text()).toBe('cluster bytes');
    expect((await pgliteOptions(path.join(root, 'not-created-yet'), template)).loadDataDir).toBeInstanceOf(Blob);

    const used = path.join(root, 'used');
    await fs.mkdir(used, { recursive: true });
    await fs.writeFile(path.join(used, 'PG_VERSION'), '17');
    expect((await pgliteOptions(used, template)).loadDataDir).toBeUndefined();
  });

  it('runs initdb as usual when the build left no template', async () => {
    expect(
      (await pgliteOptions(path.join(root, 'fresh'), path.join(root, 'missing.tar.gz'))).loadDataDir,
    ).toBeUndefined();
  });

  it('names the template after the installed PGlite version and the migrations it holds', async () => {
    expect(path.basename(await clusterTemplateFile())).toMatch(/^cluster-\d+\.\d+\.\d+.*-[0-9a-f]{16}\.tar\.gz$/);
    const migrations = path.join(root, 'migrations');
    await fs.cp(migrationsFolder, migrations, { recursive: true });
    const cache = path.join(root, 'cache');
    const before = await clusterTemplateFile({ migrations, cache });
    expect(path.basename(before)).toBe(path.basename(await clusterTemplateFile()));
    const [first] = (await fs.readdir(migrations)).filter((name) => name.endsWith('.sql')).sort();
    await fs.appendFile(path.join(migrations, first!), '\n-- changed\n');
    expect(await clusterTemplateFile({ migrations, cache })).not.toBe(before);
  });

  it('writes a template with every migration applied, keeps it, and removes the templates of other migrations', async () => {
    const cache = path.join(root, 'template-cache');
    await fs.mkdir(cache, { recursive: true });
    await fs.writeFile(path.join(cache, 'cluster-0.0.1-0000000000000000.tar.gz'), 'an older template');
    await fs.writeFile(path.join(cache, 'unrelated.txt'), 'kept');
    const file = await writeClusterTemplate({ cache });
    expect(await fs.readdir(cache)).toEqual([path.basename(file), 'unrelated.txt'].sort());

    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({ loadDataDir: new Blob([await fs.readFile(file)]) });
    try {
      const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const applied = await client.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
      const tables = await client.query<{ name: string }>(
        "select tablename as name from pg_tables where schemaname = 'public'",
      );
      expect(tables.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['users', 'sessions', 'profiles']));
    } finally {
      await client.close();
    }

    // Kept as it is; a template left by an older build goes even then.
    const written = (await fs.stat(file)).mtimeMs;
    await fs.writeFile(path.join(cache, 'cluster-0.0.2.tar.gz'), 'a template of an older build');
    expect(await writeClusterTemplate({ cache })).toBe(file);
    expect((await fs.stat(file)).mtimeMs).toBe(written);
    expect(await fs.readdir(cache)).toEqual([path.basename(file), 'unrelated.txt'].sort());
  }, 60_000);
});
