// One place uses a library's internals rather than its documented API (docs/library-internals.md): PGlite's
// wire-protocol helpers for named statements. Its version is pinned exactly, and this test fails on an upgrade or on a
// changed internal, so an upgrade is a decision with a test to update, never a silent break. (The geocoder's table of
// places was country-state-city's internal city.json until issue 41; it is our own file now, tested in geo.test.ts.)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

const require = createRequire(import.meta.url);
const serverPackage = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The versions whose internals were read and are relied on. Upgrading one means re-reading what this test checks. */
const RELIED_ON = {
  '@electric-sql/pglite': '0.5.16',
} as const;

function installedVersion(name: string): string {
  // Walk up from the package's entry to its own package.json (some packages do not export it).
  let folder = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(folder, 'package.json')) || !folder.includes(name.split('/').at(-1)!)) {
    folder = path.dirname(folder);
  }
  return (JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

describe('library internals the server relies on', () => {
  it.each(Object.entries(RELIED_ON))('%s is pinned to %s and installed at that version', (name, version) => {
    expect(serverPackage.dependencies[name]).toBe(version);
    expect(installedVersion(name)).toBe(version);
  });

  it("PGlite's protocol helpers and the locks its own query takes", () => {
    for (const message of ['parse', 'describe', 'bind', 'execute', 'sync'] as const) {
      expect(typeof protocol.serialize[message]).toBe('function');
    }
    expect(typeof parse.parseResults).toBe('function');
    expect(typeof parse.parseDescribeStatementResults).toBe('function');
    for (const method of ['execProtocol', 'syncToFs', '_runExclusiveTransaction', '_runExclusiveQuery']) {
      expect(typeof (PGlite.prototype as unknown as Record<string, unknown>)[method]).toBe('function');
    }
  });
});
