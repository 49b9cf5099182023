// npm run licences (part of npm test): every package of the production dependency tree has an allowed licence.
// The tree is package-lock.json's `packages` entries that are not `dev` (optional ones included: sharp's platform
// packages are installed in production on their platforms); each package's licence is its installed package.json's
// `license` (or the lock's copy where it is not installed on this machine). An SPDX expression with OR is allowed when
// one alternative is, with AND when all parts are. Denied: copyleft (GPL, AGPL, LGPL, SSPL and the like), UNLICENSED,
// a missing licence, and anything not known here, unless a reviewed exception below names the package and its exact
// licence with a reason. THIRD-PARTY-NOTICES.md holds the notices some of them ask for.
import fs from 'node:fs';
import path from 'node:path';

/**
 * SPDX identifiers allowed in production: permissive licences, public-domain dedications, CC BY (attribution, given in
 * THIRD-PARTY-NOTICES.md where data of ours derives from it) and MPL-2.0 (copyleft per file: only changes to its own
 * files would have to be shared, and we change none).
 */
export const ALLOWED_LICENCES: readonly string[] = [
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'MPL-2.0',
  'Python-2.0',
  'Unlicense',
  'Zlib',
];

/** Licences whose terms reach the code that uses them: denied by name, whatever else the list says. */
const COPYLEFT = /^(A|L)?GPL|^SSPL|^EUPL|^OSL|^CPAL|^RPL|^CC-BY-(NC-)?SA|^CC-BY-NC/i;

/** A package allowed with a licence the list denies: what it is, its names, its exact licence strings, and why. */
export type ReviewedException = { label: string; names: RegExp; licences: readonly string[]; reason: string };

/** The reviewed exceptions. A change of a package's licence string fails the check again until it is reviewed. */
export const REVIEWED: readonly ReviewedException[] = [
  {
    label: "sharp's libvips builds (@img/sharp-libvips-*, -win32-*, -wasm32)",
    names: /^@img\/sharp-(libvips-[a-z0-9]+(-[a-z0-9]+)?|win32-[a-z0-9]+|wasm32)$/,
    licences: ['LGPL-3.0-or-later', 'Apache-2.0 AND LGPL-3.0-or-later', 'Apache-2.0 AND LGPL-3.0-or-later AND MIT'],
    reason:
      "sharp's prebuilt libvips, a shared library sharp loads at run time: the LGPL allows that use; npm installs it " +
      'unmodified from the registry, we neither change nor ship it, and a system libvips can replace it',
  },
  {
    label: 'geoip-country',
    names: /^geoip-country$/,
    licences: ['MaxMind GeoLite2 License'],
    reason:
      "code Apache-2.0, data MaxMind's GeoLite2 EULA: attribution in THIRD-PARTY-NOTICES.md, the 30-day update " +
      'duty in docs/geolocation.md ("GeoIP country")',
  },
];

export type Verdict = {
  allowed: boolean;
  why: string;
  /** The reviewed exception that allows it. */ exception?: string;
};

type Judged = { allowed: boolean; blocking: string[] };

/** An SPDX expression's verdict: OR needs one allowed alternative, AND all parts; `WITH` exceptions only add rights. */
export function judgeExpression(expression: string, allowed: readonly string[] = ALLOWED_LICENCES): Judged {
  const known = new Set(allowed.map((id) => id.toLowerCase()));
  const tokens = expression.replace(/[()]/g, ' $& ').trim().split(/\s+/);
  let position = 0;
  const peek = () => tokens[position]?.toUpperCase();
  const fail = (): never => {
    throw new Error(`not an SPDX expression: "${expression}"`);
  };
  function primary(): Judged {
    const token = tokens[position++];
    if (token === undefined || token === ')' || ['AND', 'OR', 'WITH'].includes(token.toUpperCase())) return fail();
    if (token === '(') {
      const inner = anyOf();
      if (tokens[position++] !== ')') fail();
      return inner;
    }
    if (peek() === 'WITH') {
      position += 1;
      if (tokens[position++] === undefined) fail();
    }
    // `GPL-2.0+` is GPL-2.0 or later: the same family, judged by its base identifier.
    const id = token.replace(/\+$/, '');
    return known.has(id.toLowerCase()) ? { allowed: true, blocking: [] } : { allowed: false, blocking: [id] };
  }
  function allOf(): Judged {
    const parts = [primary()];
    while (peek() === 'AND') {
      position += 1;
      parts.push(primary());
    }
    return { allowed: parts.every((part) => part.allowed), blocking: parts.flatMap((part) => part.blocking) };
  }
  function anyOf(): Judged {
    const alternatives = [allOf()];
    while (peek() === 'OR') {
      position += 1;
      alternatives.push(allOf());
    }
    return alternatives.some((alternative) => alternative.allowed)
      ? { allowed: true, blocking: [] }
      : { allowed: false, blocking: alternatives.flatMap((alternative) => alternative.blocking) };
  }
  const result = anyOf();
  if (position !== tokens.length) fail();
  return result;
}

/** Whether a production package may be used with its licence (`null`: it declares none), and why. */
export function judgeLicence(
  name: string,
  licence: string | null,
  {
    allowed = ALLOWED_LICENCES,
    reviewed = REVIEWED,
  }: { allowed?: readonly string[]; reviewed?: readonly ReviewedException[] } = {},
): Verdict {
  const text = licence?.trim() ?? '';
  const exception = reviewed.find((entry) => entry.names.test(name) && entry.licences.includes(text));
  if (exception) return { allowed: true, why: `reviewed exception: ${exception.reason}`, exception: exception.label };
  if (!text) return { allowed: false, why: 'no licence declared' };
  if (/^UNLICEN[SC]ED$/i.test(text)) return { allowed: false, why: 'UNLICENSED: no right to use it is granted' };
  if (/^SEE LICEN[SC]E IN /i.test(text)) return { allowed: false, why: `unknown licence (${text}): review it` };
  let judged: Judged;
  try {
    judged = judgeExpression(text, allowed);
  } catch {
    return { allowed: false, why: `unknown licence "${text}" (not an SPDX expression): review it` };
  }
  if (judged.allowed) return { allowed: true, why: 'allowed' };
  const copyleft = judged.blocking.filter((id) => COPYLEFT.test(id));
  return copyleft.length > 0
    ? { allowed: false, why: `copyleft licence ${copyleft.join(', ')}` }
    : { allowed: false, why: `unknown licence ${judged.blocking.join(', ')}: not in the allowed list, review it` };
}

export type ProductionPackage = { path: string; name: string; version: string; licence: string | null };

type LockEntry = {
  name?: string;
  version?: string;
  license?: unknown;
  dev?: boolean;
  link?: boolean;
};

type Manifest = { name?: string; version?: string; license?: unknown; licenses?: unknown };

/** A package.json's licence as one SPDX expression: `license` (a string, or the old `{ type }`), else `licenses`. */
export function licenceOf(manifest: Manifest): string | null {
  const typeOf = (value: unknown): string | null =>
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && 'type' in value && typeof value.type === 'string'
        ? value.type
        : null;
  const licence = typeOf(manifest.license);
  if (licence) return licence;
  // The old `licenses` array listed the licences a package is offered under: any one of them.
  const listed = Array.isArray(manifest.licenses) ? manifest.licenses.map(typeOf).filter((type) => type !== null) : [];
  return listed.length > 0 ? listed.map((type) => (listed.length > 1 ? `(${type})` : type)).join(' OR ') : null;
}

/** The production tree of a package-lock.json (lockfile v2 or v3), with each package's licence. */
export function productionPackages(root: string): ProductionPackage[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages?: Record<string, LockEntry>;
  };
  if (!lock.packages) throw new Error('package-lock.json has no `packages` (lockfile v1?): run npm install');
  const packages: ProductionPackage[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    // '' is the root, workspace folders are ours, links point at them; dev packages are not installed in production.
    if (!location.includes('node_modules/') || entry.dev || entry.link) continue;
    const manifestFile = path.join(root, location, 'package.json');
    const manifest: Manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
      : { license: entry.license };
    packages.push({
      path: location,
      name:
        manifest.name ?? entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: manifest.version ?? entry.version ?? '?',
      licence: licenceOf(manifest),
    });
  }
  return packages;
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const packages = productionPackages(root);
  const judged = packages.map((pkg) => ({ pkg, verdict: judgeLicence(pkg.name, pkg.licence) }));
  const denied = judged.filter(({ verdict }) => !verdict.allowed);
  if (denied.length > 0) {
    console.error(`licences: ${denied.length} of ${packages.length} production packages have a denied licence:`);
    for (const { pkg, verdict } of denied) {
      console.error(`  ${pkg.name}@${pkg.version} (${pkg.path}): ${pkg.licence ?? 'none'} - ${verdict.why}`);
    }
    console.error(
      'Replace the package, or, after reviewing its terms, add an exception with a reason to REVIEWED in ' +
        'scripts/check-licences.ts.',
    );
    process.exitCode = 1;
    return;
  }
  const tally = (keys: string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${key}: ${count}`);
  };
  const byLicence = tally(judged.filter(({ verdict }) => !verdict.exception).map(({ pkg }) => pkg.licence ?? ''));
  const byException = tally(judged.flatMap(({ verdict }) => (verdict.exception ? [verdict.exception] : [])));
  console.log(`licences: ${packages.length} production packages allowed (${byLicence.join(', ')})`);
  console.log(`licences: by reviewed exception (scripts/check-licences.ts): ${byException.join(', ')}`);
}

if (import.meta.main) main();
