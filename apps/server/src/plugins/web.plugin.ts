// Serves the built web app: hashed assets cached for a year, index.html for every other non-API path.
// One release for the life of the process: `dist` is resolved to its release folder and index.html read once at
// start-up, so a build swapping `dist` to a new release (scripts/build-web.mjs) never mixes two releases here.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Vite writes content-hashed file names into this folder only; everything else may change under the same name. */
const HASHED_ASSETS_DIR = 'assets';

/** Paths that must never fall back to index.html: the API, and asset files that do not exist. */
function isNeverIndex(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith(`/${HASHED_ASSETS_DIR}/`);
}

export const webPlugin = fp<{ distDir: string }>(
  async (app, { distDir }) => {
    if (!fs.existsSync(path.join(distDir, 'index.html'))) {
      app.log.warn(`web app not built (${path.join(distDir, 'index.html')} missing): run "npm run build", or "npm run dev" for hot reload`);
      return;
    }
    const releaseDir = fs.realpathSync(distDir);
    const indexHtml = fs.readFileSync(path.join(releaseDir, 'index.html'));
    const hashedDir = path.join(releaseDir, HASHED_ASSETS_DIR) + path.sep;
    await app.register(fastifyStatic, {
      root: releaseDir,
      // One route per built file, found at start-up; unknown paths reach the index.html route below.
      wildcard: false,
      index: false,
      // index.html comes from memory (below), read once with the rest of this release. The .br and .gz files
      // the build wrote beside each asset are no routes of their own: they are sent for their original's route.
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      // Brotli 11 or gzip 9 from the build when the browser accepts it, never compressed again per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashed = filePath.startsWith(hashedDir);
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Client-side routing: the app decides what a path shows, including its own 404 page.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      // A missing chunk must fail as a missing chunk (the client then reloads), not load the HTML as JavaScript.
      if (isNeverIndex(request.url)) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    });
  },
  { name: 'web' },
);
