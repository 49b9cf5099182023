// How the embedded database starts: lean memory settings, and a ready-made, migrated cluster for an empty data folder.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { fromPglite } from 'pg-boss';
import type { Database } from './client.ts';
import { installJobSchema } from './job-schema.ts';
import { migrationsFolder } from './migrations-folder.ts';

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never shrinks:
 * 16 MB keeps an idle embedded site near 250 MB instead of 370 MB (docs/embedded-database.md).
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB'];

const require = createRequire(import.meta.url);
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The installed PGlite version: a cluster made by another version must not be loaded. */
async function packageVersion(name: string): Promise<string> {
  // The package may not export its package.json: find it beside its entry file.
  let folder = path.dirname(require.resolve(name));
  for (;;) {
    const manifest = await fs.readFile(path.join(folder, 'package.json'), 'utf8').catch(() => undefined);
    if (manifest) return (JSON.parse(manifest) as { version: string }).version;
    const parent = path.dirname(folder);
    if (parent === folder) return 'unknown';
    folder = parent;
  }
}

/** A digest of every migration file (SQL and journal): a template migrated by another set must not be loaded. */
async function migrationsDigest(folder: string): Promise<string> {
  const hash = createHash('sha256');
  for (const entry of (await fs.readdir(folder, { recursive: true })).sort()) {
    const file = path.join(folder, entry);
    if ((await fs.stat(file)).isFile())
      hash
        .update(entry)
        .update('\0')
        .update(await fs.readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PATTERN = /^cluster-.*\.tar\.gz$/;

/** Which migrations a template holds, and the folder it is kept in (both replaced by tests only). */
export type TemplatePlace = { migrations?: string; cache?: string };

/**
 * Where the build leaves a cluster with every migration applied, named after this PGlite version and this set of
 * migrations.
 */
export async function clusterTemplateFile({
  migrations = migrationsFolder,
  cache = path.join(repositoryRoot, 'node_modules', '.cache', 'app-pglite'),
}: TemplatePlace = {}): Promise<string> {
  // The job queue's schema (pg-boss) is in the template too: a template of another pg-boss release must not be loaded.
  const versions = `${await packageVersion('@electric-sql/pglite')}-pgboss${await packageVersion('pg-boss')}`;
  return path.join(cache, `cluster-${versions}-${await migrationsDigest(migrations)}.tar.gz`);
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await fs.readdir(folder).catch(() => []);
  return entries.length === 0;
}

/**
 * Options of an embedded database in `dataDir`. An empty folder is filled from the build's cluster template when
 * there is one: loading it takes under a second, where initdb takes six or more and leaves PGlite's memory at its
 * initdb peak (about 860 MB) for the life of the process, and the migrations another 0.7 s.
 */
export async function pgliteOptions(
  dataDir: string,
  templateFile?: string,
): Promise<PGliteOptions & { dataDir: string }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const options: PGliteOptions & { dataDir: string } = {
    dataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
  };
  if (!(await isEmptyFolder(dataDir))) return options;
  const template = await fs.readFile(templateFile ?? (await clusterTemplateFile())).catch(() => undefined);
  return template ? { ...options, loadDataDir: new Blob([template]) } : options;
}

/**
 * Writes the cluster template when it is missing: initdb, every migration, ANALYZE (run by the build, which
 * `npm start` runs first, and by the first API test worker). Templates of other versions or migrations are
 * removed. Returns its path.
 */
export async function writeClusterTemplate(place: TemplatePlace = {}): Promise<string> {
  const file = await clusterTemplateFile(place);
  const folder = path.dirname(file);
  if (!(await fs.stat(file).catch(() => undefined))) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { applyMigrations } = await import('./migrate.ts');
    const client: PGlite = await PGlite.create();
    try {
      await applyMigrations(drizzle({ client }) as unknown as Database, place.migrations ?? migrationsFolder);
      await installJobSchema(fromPglite(client));
      await client.exec('analyze');
      const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
      await fs.mkdir(folder, { recursive: true });
      // Written under a private name, then renamed: a start that runs meanwhile never reads half a file.
      const partial = `${file}.${process.pid}.${randomUUID()}.partial`;
      await fs.writeFile(partial, dump);
      await fs.rename(partial, file);
    } finally {
      await client.close();
    }
  }
  for (const entry of await fs.readdir(folder)) {
    if (TEMPLATE_PATTERN.test(entry) && entry !== path.basename(file))
      await fs.rm(path.join(folder, entry), { force: true });
  }
  return file;
}
