// The server layout lint rule (eslint.config.js, docs/server-layout.md) bites: direction, module internals, undeclared modules, cycles.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
// @ts-expect-error: the ESLint config is plain JavaScript without type declarations.
import { SERVER_MODULE_DEPENDENCIES, assertAcyclic } from '../eslint.config.js';

const eslint = new ESLint();

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => String(message.line));
}

describe('server boundaries lint rule', () => {
  it('allows a module lib/, db/, plugins/, its own files and a declared module through its index.ts', async () => {
    const code = [
      "import { AppError } from '../../lib/http-errors.ts';",
      "import { users } from '../../db/schema/index.ts';",
      "import { memberRateKey } from '../../plugins/session/index.ts';",
      "import { createLikesRepository } from './likes.repository.ts';",
      "import { blockedBy } from '../blocks/index.ts';",
      'export const used = [AppError, users, memberRateKey, createLikesRepository, blockedBy];',
    ].join('\n');
    expect(await lintAs('apps/server/src/modules/likes/probe.ts', code)).toEqual([]);
  });

  it("fails on another module's internals, even a declared one", async () => {
    expect(
      await lintAs(
        'apps/server/src/modules/likes/probe.ts',
        "import { blockedBy } from '../blocks/blocks.service.ts';\nexport const used = blockedBy;\n",
      ),
    ).toEqual(['1']);
  });

  it('fails on a module the importer does not declare', async () => {
    expect(
      await lintAs(
        'apps/server/src/modules/blocks/probe.ts',
        "import { createLikesService } from '../likes/index.ts';\nexport const used = createLikesService;\n",
      ),
    ).toEqual(['1']);
  });

  it('fails when a plugin imports a module, or lib/ imports a plugin', async () => {
    expect(
      await lintAs(
        'apps/server/src/plugins/session/probe.ts',
        "import { PURGE_JOB } from '../../modules/accounts/index.ts';\nexport const used = PURGE_JOB;\n",
      ),
    ).toEqual(['1']);
    expect(
      await lintAs(
        'apps/server/src/lib/probe.ts',
        "import { sitePlugin } from '../plugins/site/index.ts';\nexport const used = sitePlugin;\n",
      ),
    ).toEqual(['1']);
  });

  it('refuses a declared module graph in which two modules import each other', () => {
    expect(() => assertAcyclic(SERVER_MODULE_DEPENDENCIES)).not.toThrow();
    expect(() => assertAcyclic({ ...SERVER_MODULE_DEPENDENCIES, blocks: ['likes'] })).toThrow(
      /blocks -> likes -> blocks|likes -> blocks -> likes/,
    );
  });
});
