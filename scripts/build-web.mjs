// Builds the web app into a fresh release folder, then swaps the `dist` symlink to it in one rename, so a server
// already running keeps serving the release it started with (docs/web-build.md). Always a production build.
//   node scripts/build-web.mjs [--dist <path of the dist link>]   (default apps/web/dist)
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing ahead of time; smaller ones cost more in headers than they save. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli at its best quality, 11) and `<file>.gz` (gzip 9) beside every compressible file of a
 * release, so the server sends them as they are instead of compressing at a lower level on every request.
 */
export async function precompress(dir) {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
  let written = 0;
  for (const file of files) {
    const data = await fs.readFile(file);
    if (data.length < MIN_COMPRESS_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: 9 }),
    ]);
    // Kept only when smaller: a file that does not shrink is sent as it is.
    if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
    written += 1;
  }
  return written;
}

// Before Vite loads: a NODE_ENV of development in the shell must not ship development React.
process.env.NODE_ENV = 'production';

/** The release's folder with the server's render (`entry-server.js`); plugins/web.plugin.ts loads it and never serves it. */
export const SERVER_RENDER_DIR = 'server';

/** Releases kept (the newest, the current one among them), for instances started from older ones that still run. */
export const KEPT_RELEASES = 5;

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');

function parseArgs(argv) {
  const index = argv.indexOf('--dist');
  return { distLink: path.resolve(index >= 0 ? argv[index + 1] : path.join(webRoot, 'dist')) };
}

/** Sortable by time: 20261122T110501123Z-4242. */
function releaseName() {
  return `${new Date().toISOString().replace(/[-:.]/g, '')}-${process.pid}`;
}

export async function buildWeb({ distLink }) {
  const releasesDir = `${distLink}-releases`;
  await fs.mkdir(releasesDir, { recursive: true });
  const release = path.join(releasesDir, releaseName());

  const { build } = await import('vite');
  await build({ root: webRoot, mode: 'production', logLevel: 'warn', build: { outDir: release, emptyOutDir: true } });
  await precompress(release);
  // The server's render of pages' first views (docs/first-view.md): the same sources, for Node, in the release beside
  // the assets it matches; never served. Every dependency is bundled in: the release runs wherever it is put, whatever
  // node_modules is near it.
  await build({
    root: webRoot,
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: path.join(release, SERVER_RENDER_DIR),
      emptyOutDir: true,
      copyPublicDir: false,
    },
    ssr: { noExternal: true },
  });

  // A checkout built before releases existed has a real dist folder: keep it as a release (once, not atomic).
  const existing = await fs.lstat(distLink).catch(() => null);
  if (existing && !existing.isSymbolicLink())
    await fs.rename(distLink, path.join(releasesDir, `00000000-legacy-${process.pid}`));

  // rename() over the old link is atomic: every reader sees the old release or the new one, never a mix.
  const temporaryLink = `${distLink}.${process.pid}.tmp`;
  await fs.rm(temporaryLink, { force: true });
  await fs.symlink(path.relative(path.dirname(distLink), release), temporaryLink);
  await fs.rename(temporaryLink, distLink);

  await pruneReleases(releasesDir, release);
  console.log(
    `web app built: ${path.relative(process.cwd(), distLink) || distLink} -> ${path.relative(path.dirname(distLink), release)}`,
  );
  return release;
}

/** Deletes all but the newest KEPT_RELEASES releases; never the current one. */
async function pruneReleases(releasesDir, current) {
  const names = (await fs.readdir(releasesDir)).sort().reverse();
  const old = names
    .slice(KEPT_RELEASES)
    .map((name) => path.join(releasesDir, name))
    .filter((dir) => dir !== current);
  await Promise.all(old.map((dir) => fs.rm(dir, { recursive: true, force: true })));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWeb(parseArgs(process.argv.slice(2))).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
