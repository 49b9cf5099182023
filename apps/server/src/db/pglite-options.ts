// How the embedded database starts: lean memory settings, and a ready-made cluster for an empty data folder.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never shrinks:
 * 16 MB keeps an idle embedded site near 250 MB instead of 370 MB (docs/embedded-database.md).
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB'];

const require = createRequire(import.meta.url);
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The installed PGlite version: a cluster made by another version must not be loaded. */
async function pgliteVersion(): Promise<string> {
  // The package does not export its package.json: find it beside its entry file.
  let folder = path.dirname(require.resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = await fs.readFile(path.join(folder, 'package.json'), 'utf8').catch(() => undefined);
    if (manifest) return (JSON.parse(manifest) as { version: string }).version;
    const parent = path.dirname(folder);
    if (parent === folder) return 'unknown';
    folder = parent;
  }
}

/** Where the build leaves an initialised, empty cluster (initdb output) for this PGlite version. */
export async function clusterTemplateFile(): Promise<string> {
  return path.join(repositoryRoot, 'node_modules', '.cache', 'app-pglite', `cluster-${await pgliteVersion()}.tar.gz`);
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await fs.readdir(folder).catch(() => []);
  return entries.length === 0;
}

/**
 * Options of an embedded database in `dataDir`. An empty folder is filled from the build's cluster
 * template when there is one: loading it takes about one second where initdb takes six or more
 * and leaves PGlite's memory at its initdb peak (about 860 MB) for the life of the process.
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

/** Writes the cluster template (run by the build; `npm start` builds first). Returns its path. */
export async function writeClusterTemplate(): Promise<string> {
  const file = await clusterTemplateFile();
  if (await fs.stat(file).catch(() => undefined)) return file;
  const { PGlite } = await import('@electric-sql/pglite');
  const client: PGlite = await PGlite.create();
  try {
    const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written under a private name, then renamed: a start that runs meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    await fs.writeFile(partial, dump);
    await fs.rename(partial, file);
  } finally {
    await client.close();
  }
  return file;
}
