// `npm run dev`: the API under Node's own watch mode (it runs TypeScript by type stripping) plus Vite with hot reload (proxying /api to it), stopped together on Ctrl-C.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function readPort(name, fallback) {
  const raw = process.env[name]?.trim() || String(fallback);
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    console.error(`${name}=${JSON.stringify(raw)}: must be a whole number from 1 to 65535`);
    process.exit(1);
  }
  return port;
}

const webPort = readPort('PORT', 3000);
const apiPort = readPort('API_PORT', 3001);
if (webPort === apiPort) {
  console.error(`PORT and API_PORT must differ (both are ${webPort})`);
  process.exit(1);
}

const viteCli = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');

const children = [
  {
    name: 'api',
    command: ['--watch', 'apps/server/src/server.ts'],
    cwd: repoRoot,
    env: {
      PORT: String(apiPort),
      // Vite serves the web app; the API must not answer non-API paths with a stale build.
      SERVE_WEB: 'false',
      // Links in mails should open the page the developer is looking at, i.e. Vite's port.
      PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
    },
  },
  {
    name: 'web',
    command: [viteCli],
    cwd: path.join(repoRoot, 'apps/web'),
    // apps/web/vite.config.ts reads both: PORT for itself, API_PORT for the /api proxy.
    env: { PORT: String(webPort), API_PORT: String(apiPort) },
  },
];

let isStopping = false;
let exitCode = 0;
const running = new Set();

function stopAll(code) {
  if (isStopping) return;
  isStopping = true;
  exitCode = code;
  for (const child of running) child.kill('SIGTERM');
  // The watched API or Vite may hang on a stuck handle; do not leave the terminal waiting.
  setTimeout(() => {
    for (const child of running) child.kill('SIGKILL');
  }, 5_000).unref();
}

console.log(`dev: web (Vite) on http://localhost:${webPort}, API on http://localhost:${apiPort}; Ctrl-C stops both`);
for (const { name, command, cwd, env } of children) {
  const child = spawn(process.execPath, command, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  running.add(child);
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!isStopping) {
      console.error(`dev: ${name} stopped (${signal ?? `exit code ${code}`}); stopping the other one`);
      stopAll(code || 1);
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
