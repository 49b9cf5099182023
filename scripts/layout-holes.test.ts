// The layout lint rules (eslint.config.js) leave no hole: every app and package file is classified, only the
// composition root reaches app.ts, services.ts and config.ts, the apps and packages import one way, and no import
// cycle passes. Each case below lints a probe the way `npm run lint` would and expects the rule to bite.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint();
const root = path.resolve(import.meta.dirname, '..');

async function rulesHit(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}:${message.line}`);
}

const LAYOUT = 'boundaries/dependencies';

// The first lint loads the configuration, its plugins and the resolvers (seconds on a busy machine): done once here,
// so each case below measures only its own lint.
beforeAll(() => rulesHit('apps/server/src/lib/warm-up.ts', 'export const x = 1;\n'), 120_000);

describe('layout lint: the composition root', () => {
  it.each([
    ['a module', 'apps/server/src/modules/likes/probe.ts', '../../services.ts'],
    ['a module', 'apps/server/src/modules/likes/probe.ts', '../../app.ts'],
    ['a module', 'apps/server/src/modules/likes/probe.ts', '../../config.ts'],
    ['a plugin', 'apps/server/src/plugins/probe.ts', '../config.ts'],
    ['a plugin', 'apps/server/src/plugins/session/probe.ts', '../../services.ts'],
    ['lib/', 'apps/server/src/lib/probe.ts', '../app.ts'],
    ['db/', 'apps/server/src/db/probe.ts', '../config.ts'],
  ])('%s importing %s → %s fails', async (_who, file, target) => {
    expect(await rulesHit(file, `import * as x from '${target}';\nexport const used = x;\n`)).toEqual([`${LAYOUT}:1`]);
  });

  it('app.ts, services.ts and test-support compose everything', async () => {
    const code = [
      "import * as services from './services.ts';",
      "import * as config from './config.ts';",
      "import * as likes from './modules/likes/index.ts';",
      'export const used = [services, config, likes];',
    ].join('\n');
    expect(await rulesHit('apps/server/src/app.ts', code)).toEqual([]);
    expect(await rulesHit('apps/server/src/test-support/probe.ts', code.replaceAll("'./", "'../"))).toEqual([]);
  });
});

describe('layout lint: apps and packages import one way', () => {
  it('the web never imports the server, nor the server the web', async () => {
    const web = "import * as x from '../../../server/src/lib/html.ts';\nexport const used = x;\n";
    expect(await rulesHit('apps/web/src/lib/probe.ts', web)).toEqual([`${LAYOUT}:1`]);
    const server = "import * as x from '../../../web/src/lib/cookies.ts';\nexport const used = x;\n";
    expect(await rulesHit('apps/server/src/lib/probe.ts', server)).toEqual([`${LAYOUT}:1`]);
  });

  it('a package imports other packages, never an app', async () => {
    expect(
      await rulesHit(
        'packages/contracts/src/probe.ts',
        "import * as x from '../../../apps/server/src/lib/html.ts';\nexport const used = x;\n",
      ),
    ).toEqual([`${LAYOUT}:1`]);
    expect(
      await rulesHit('packages/contracts/src/probe.ts', "import * as x from '@app/i18n';\nexport const used = x;\n"),
    ).toEqual([]);
  });

  it("the web's entries (main.tsx, entry-server.tsx) are classified: the app and shared code, not a feature's files", async () => {
    const ok =
      "import * as x from './app/app.tsx';\nimport * as y from './lib/cookies.ts';\nexport const used = [x, y];\n";
    expect(await rulesHit('apps/web/src/main.tsx', ok)).toEqual([]);
    expect(await rulesHit('apps/web/src/entry-server.tsx', ok)).toEqual([]);
    const feature = "import * as x from './features/likes/index.ts';\nexport const used = x;\n";
    expect(await rulesHit('apps/web/src/main.tsx', feature)).toEqual([`${LAYOUT}:1`]);
  });
});

describe('layout lint: unknown files', () => {
  it('a file outside every known folder fails, and so does importing one', async () => {
    expect(await rulesHit('apps/server/src/helpers/probe.ts', 'export const x = 1;\n')).toContain(
      'boundaries/no-unknown-files:1',
    );
    expect(await rulesHit('apps/web/src/utils/probe.ts', 'export const x = 1;\n')).toContain(
      'boundaries/no-unknown-files:1',
    );
    expect(
      await rulesHit(
        'apps/server/src/lib/probe.ts',
        "import * as x from '../../../../scripts/dev.mjs';\nexport const used = x;\n",
      ),
    ).toContain('boundaries/no-unknown-dependencies:1');
  });
});

describe('layout lint: import cycles', () => {
  const folder = mkdtempSync(path.join(root, 'apps/server/src/lib/cycle-probe-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('fails on a cycle between files the layout would otherwise allow', async () => {
    writeFileSync(path.join(folder, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(path.join(folder, 'b.ts'), "import { c } from './c.ts';\nexport const b = () => c;\n");
    writeFileSync(path.join(folder, 'c.ts'), "import { a } from './a.ts';\nexport const c = () => a;\n");
    const results = await eslint.lintFiles([path.join(folder, 'a.ts')]);
    expect(results[0]?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});

describe('file-name lint: kebab case', () => {
  it.each([
    ['apps/web/src/components/ChatTopBar.tsx', 'check-file/filename-naming-convention:1'],
    ['apps/server/src/modules/likes/likes_repository.ts', 'check-file/filename-naming-convention:1'],
    ['apps/server/src/modules/likesModule/probe.ts', 'check-file/folder-naming-convention:1'],
    ['e2e/Chat.e2e.ts', 'check-file/filename-naming-convention:1'],
  ])('%s fails', async (file, rule) => {
    expect(await rulesHit(file, 'export const x = 1;\n')).toContain(rule);
  });

  it('kebab case with its suffixes passes', async () => {
    for (const file of [
      'apps/web/src/components/chat-top-bar.tsx',
      'apps/server/src/modules/likes/likes.repository.test.ts',
      'apps/server/src/start.process.test.ts',
    ])
      expect((await rulesHit(file, 'export const x = 1;\n')).filter((hit) => hit.startsWith('check-file'))).toEqual([]);
  });
});
