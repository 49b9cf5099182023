// Serves the built web app: hashed assets cached for a year, index.html for every other non-API path.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export const webPlugin = fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const indexFile = path.join(distDir, 'index.html');
    if (!fs.existsSync(indexFile)) {
      app.log.warn(`web app not built (${indexFile} missing): run "npm run build", or "npm run dev" for hot reload`);
      return;
    }
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Client-side routing: the app decides what a path shows, including its own 404 page.
    app.get('/*', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  },
  { name: 'web' },
);
