// The licence check of npm test (scripts/check-licences.ts): what it allows and denies, and the production tree it reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeExpression, judgeLicence, licenceOf, productionPackages } from './check-licences.ts';

describe('judgeLicence', () => {
  it.each(['MIT', 'ISC', 'Apache-2.0', 'BSD-3-Clause', 'BlueOak-1.0.0', '0BSD', 'mit'])('allows %s', (licence) => {
    expect(judgeLicence('some-package', licence)).toEqual({ allowed: true, why: 'allowed' });
  });

  it.each([
    ['GPL-3.0', /copyleft licence GPL-3.0/],
    ['GPL-2.0+', /copyleft licence GPL-2.0/],
    ['AGPL-3.0-only', /copyleft licence AGPL-3.0-only/],
    ['LGPL-3.0-or-later', /copyleft licence LGPL-3.0-or-later/],
    ['SSPL-1.0', /copyleft licence SSPL-1.0/],
    ['CC-BY-SA-4.0', /copyleft licence CC-BY-SA-4.0/],
    ['UNLICENSED', /UNLICENSED/],
    ['SEE LICENSE IN LICENSE.md', /unknown licence \(SEE LICENSE IN LICENSE.md\)/],
    ['Custom: proprietary', /unknown licence/],
    ['WTFPL', /unknown licence WTFPL: not in the allowed list/],
    ['MIT AND', /not an SPDX expression/],
  ])('denies %s', (licence, why) => {
    const verdict = judgeLicence('some-package', licence);
    expect(verdict.allowed).toBe(false);
    expect(verdict.why).toMatch(why);
  });

  it('denies a package that declares no licence', () => {
    expect(judgeLicence('some-package', null)).toEqual({ allowed: false, why: 'no licence declared' });
    expect(judgeLicence('some-package', ' ').allowed).toBe(false);
  });

  it('allows an OR expression when one alternative is allowed, an AND expression only when all parts are', () => {
    expect(judgeLicence('a', '(MIT OR GPL-3.0)').allowed).toBe(true);
    expect(judgeLicence('a', 'MIT or MPL-2.0').allowed).toBe(true);
    expect(judgeLicence('a', 'GPL-2.0 OR LGPL-2.1').why).toBe('copyleft licence GPL-2.0, LGPL-2.1');
    expect(judgeLicence('a', 'MIT AND Zlib').allowed).toBe(true);
    expect(judgeLicence('a', 'MIT AND GPL-3.0').why).toBe('copyleft licence GPL-3.0');
    expect(judgeLicence('a', '(MIT AND GPL-3.0) OR Apache-2.0').allowed).toBe(true);
    expect(judgeLicence('a', 'Apache-2.0 WITH LLVM-exception').allowed).toBe(true);
    expect(judgeLicence('a', 'GPL-2.0-only WITH Classpath-exception-2.0').allowed).toBe(false);
  });

  it('allows a denied licence only through a reviewed exception naming the package and that exact licence', () => {
    expect(judgeLicence('geoip-country', 'MaxMind GeoLite2 License')).toMatchObject({
      allowed: true,
      exception: 'geoip-country',
    });
    expect(judgeLicence('geoip-country', 'MaxMind GeoLite2 License v2').allowed).toBe(false);
    expect(judgeLicence('other-geoip', 'MaxMind GeoLite2 License').allowed).toBe(false);
    expect(judgeLicence('@img/sharp-libvips-linux-x64', 'LGPL-3.0-or-later').allowed).toBe(true);
    expect(judgeLicence('@img/sharp-win32-x64', 'Apache-2.0 AND LGPL-3.0-or-later').allowed).toBe(true);
    expect(judgeLicence('@img/sharp-libvips-linux-x64', 'GPL-3.0').allowed).toBe(false);
    expect(judgeLicence('libvips-lookalike', 'LGPL-3.0-or-later').allowed).toBe(false);
  });

  it('judges with the allowed list it is given', () => {
    expect(judgeLicence('a', 'MIT', { allowed: ['ISC'] }).allowed).toBe(false);
    expect(judgeExpression('ISC OR MIT', ['ISC'])).toEqual({ allowed: true, blocking: [] });
  });
});

describe('licenceOf', () => {
  it('reads `license`, the old `{ type }` object and the old `licenses` list (any one of them)', () => {
    expect(licenceOf({ license: 'MIT' })).toBe('MIT');
    expect(licenceOf({ license: { type: 'ISC', url: 'x' } })).toBe('ISC');
    expect(licenceOf({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe('(MIT) OR (Apache-2.0)');
    expect(licenceOf({ licenses: [{ type: 'BSD-2-Clause' }] })).toBe('BSD-2-Clause');
    expect(licenceOf({})).toBeNull();
  });
});

describe('productionPackages', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('reads the lock entries that are not dev, with the installed package.json licence before the lock copy', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'licences-'));
    folders.push(root);
    const lock = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'app' },
        'apps/server': { name: '@app/server', version: '0.0.0' },
        'node_modules/@app/server': { resolved: 'apps/server', link: true },
        'node_modules/kept': { version: '1.0.0', license: 'MIT' },
        'node_modules/installed': { version: '2.0.0', license: 'MIT' },
        'node_modules/optional-binary': { version: '3.0.0', license: 'LGPL-3.0-or-later', optional: true },
        'node_modules/kept/node_modules/nested': { version: '4.0.0' },
        'node_modules/dev-only': { version: '5.0.0', license: 'GPL-3.0', dev: true },
      },
    };
    fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(lock));
    fs.mkdirSync(path.join(root, 'node_modules/installed'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'node_modules/installed/package.json'),
      JSON.stringify({ name: 'installed', version: '2.0.0', license: 'GPL-3.0' }),
    );
    expect(productionPackages(root)).toEqual([
      { path: 'node_modules/kept', name: 'kept', version: '1.0.0', licence: 'MIT' },
      { path: 'node_modules/installed', name: 'installed', version: '2.0.0', licence: 'GPL-3.0' },
      { path: 'node_modules/optional-binary', name: 'optional-binary', version: '3.0.0', licence: 'LGPL-3.0-or-later' },
      { path: 'node_modules/kept/node_modules/nested', name: 'nested', version: '4.0.0', licence: null },
    ]);
  });
});
