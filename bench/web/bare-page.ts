// The baseline of bench/web: a bare React hello page built with the project's own Vite and React, served
// precompressed (brotli 11, gzip 9, from 1 KB) by a tiny static server, as the app's assets are.
import fs from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Hello</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.js"></script>
  </body>
</html>
`;

// No JSX, so the build needs no plugin: the page is React and react-dom, rendering one heading.
const MAIN_JS = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello, world'));
`;

/** Builds the page into `dir`/dist with Vite (production) and returns that folder. */
export async function buildBarePage(dir: string, repoRoot: string): Promise<string> {
  const source = path.join(dir, 'src');
  const dist = path.join(dir, 'dist');
  await fs.mkdir(source, { recursive: true });
  await fs.writeFile(path.join(source, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(source, 'main.js'), MAIN_JS);
  // The temporary folder has no node_modules: React comes from the web app's own dependencies.
  const fromWeb = createRequire(path.join(repoRoot, 'apps/web/package.json'));
  const packageDir = (name: string) => path.dirname(fromWeb.resolve(`${name}/package.json`));
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: source,
    logLevel: 'warn',
    mode: 'production',
    resolve: {
      alias: [
        { find: /^react$/, replacement: packageDir('react') },
        { find: /^react-dom(\/.*)?$/, replacement: `${packageDir('react-dom')}$1` },
      ],
    },
    build: { outDir: dist, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
  // Precompressed beside each file, as scripts/build-web.mjs does for the app (there from 1 KB on).
  for (const entry of await fs.readdir(dist, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.(js|css|html)$/.test(file)) continue;
    const body = await fs.readFile(file);
    if (body.length < 1024) continue;
    await fs.writeFile(
      `${file}.br`,
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await fs.writeFile(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
  return dist;
}

type Entry = { body: Buffer; br: Buffer | undefined; gz: Buffer | undefined; type: string };

/** Serves `dist` from memory on 127.0.0.1, sending a file's .br or .gz beside it when the browser accepts it. */
export async function serveStatic(dist: string): Promise<{ url: string; close: () => Promise<void> }> {
  const files = new Map<string, Entry>();
  const readIfThere = (file: string) => fs.readFile(file).catch(() => undefined);
  for (const entry of await fs.readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(`/${path.relative(dist, file).split(path.sep).join('/')}`, {
      body: await fs.readFile(file),
      br: await readIfThere(`${file}.br`),
      gz: await readIfThere(`${file}.gz`),
      type: TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
  }
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = files.get(pathname === '/' ? '/index.html' : pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const [encoding, body] =
      file.br && accepted.includes('br')
        ? ['br', file.br]
        : file.gz && accepted.includes('gzip')
          ? ['gzip', file.gz]
          : [undefined, file.body];
    response.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
