// The web layout lint rule (eslint.config.js, docs/web-layout.md) bites: feature internals, undeclared features and cycles fail.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
// @ts-expect-error: the ESLint config is plain JavaScript without type declarations.
import { WEB_FEATURE_DEPENDENCIES, assertAcyclic } from '../eslint.config.js';

const eslint = new ESLint();

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => String(message.line));
}

describe('web boundaries lint rule', () => {
  it('allows a declared feature through its index.ts, and shared code everywhere', async () => {
    const code = [
      "import { LikeButton } from '../likes/index.ts';",
      "import { PageTitle } from '../../components/page-title.tsx';",
      'export const used = [LikeButton, PageTitle];',
    ].join('\n');
    expect(await lintAs('apps/web/src/features/members/probe.ts', code)).toEqual([]);
  });

  it("fails on another feature's internals, even a declared one", async () => {
    const code = "import { LikeButton } from '../likes/components/like-button.tsx';\nexport const used = LikeButton;\n";
    expect(await lintAs('apps/web/src/features/members/probe.ts', code)).toEqual(['1']);
  });

  it('fails on a feature the importer does not declare (likes importing members, which imports likes)', async () => {
    const code = "import { MemberNavLinks } from '../members/index.ts';\nexport const used = MemberNavLinks;\n";
    expect(await lintAs('apps/web/src/features/likes/probe.ts', code)).toEqual(['1']);
  });

  it('fails when shared code imports a feature', async () => {
    const code = "import { LikeButton } from '../features/likes/index.ts';\nexport const used = LikeButton;\n";
    expect(await lintAs('apps/web/src/lib/probe.ts', code)).toEqual(['1']);
  });

  it('refuses a declared feature graph in which two features import each other', () => {
    expect(() => assertAcyclic(WEB_FEATURE_DEPENDENCIES)).not.toThrow();
    // The reported cycle runs through the added edge (members reaches likes again, directly or through activation).
    expect(() => assertAcyclic({ ...WEB_FEATURE_DEPENDENCIES, likes: ['members'] })).toThrow(/likes -> members -> /);
    expect(() => assertAcyclic({ a: ['b'], b: ['c'], c: ['a'] })).toThrow(/a -> b -> c -> a/);
  });
});
