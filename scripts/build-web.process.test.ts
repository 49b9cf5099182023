// The web build (vitest project `process`): a fresh release folder, dist swapped to it, old releases pruned,
// and always a production bundle whatever NODE_ENV says.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** React's development build logs this; its production build does not contain it. */
const REACT_DEVELOPMENT_MARKER = 'Download the React DevTools';

describe('npm run build (scripts/build-web.mjs)', () => {
  let root: string;
  afterAll(async () => {
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('builds a production bundle into a new release under NODE_ENV=development, swaps dist to it and keeps the newest releases', async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'web-build-'));
    const dist = path.join(root, 'dist');
    const releases = path.join(root, 'dist-releases');
    // A checkout built before releases existed, and six older releases.
    await fs.mkdir(dist);
    await fs.writeFile(path.join(dist, 'index.html'), 'legacy');
    const old = Array.from({ length: 6 }, (_, index) => `2020010${index + 1}T000000000Z-1`);
    for (const name of old) await fs.mkdir(path.join(releases, name), { recursive: true });

    await promisify(execFile)(process.execPath, ['scripts/build-web.mjs', '--dist', dist], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'development' },
      timeout: 150_000,
    });

    expect((await fs.lstat(dist)).isSymbolicLink()).toBe(true);
    const current = await fs.realpath(dist);
    expect(path.dirname(current)).toBe(await fs.realpath(releases));
    expect(await fs.readFile(path.join(dist, 'index.html'), 'utf8')).toMatch(
      /<script type="module"[^>]+src="\/assets\//,
    );
    const assets = await fs.readdir(path.join(dist, 'assets'));
    const scripts = assets.filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const name of scripts)
      expect(await fs.readFile(path.join(dist, 'assets', name), 'utf8')).not.toContain(REACT_DEVELOPMENT_MARKER);

    // Newest five kept, the new release among them; the legacy folder was the oldest.
    expect((await fs.readdir(releases)).sort()).toEqual([...old.slice(-4), path.basename(current)]);
  });
});
