// The web app's server render of landing pages (apps/web/src/app/lander-render.tsx) in a test's web release: the
// release's `server/entry-server.js` re-exports it from the sources, which the test runner transforms (TSX, the
// style sheet as text), so the server's landing pages render with the app's own components as in a built release.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LANDER_RENDER_SOURCE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/src/app/lander-render.tsx',
);

/** Writes the release's server render into `distDir` (beside a test's index.html). */
export async function writeLanderRender(distDir: string): Promise<void> {
  await fs.mkdir(path.join(distDir, 'server'), { recursive: true });
  await fs.writeFile(
    path.join(distDir, 'server', 'entry-server.js'),
    `export * from ${JSON.stringify(pathToFileURL(LANDER_RENDER_SOURCE).href)};\n`,
  );
}
