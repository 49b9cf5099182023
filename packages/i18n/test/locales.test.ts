// Every locale carries every key English has, with the plural forms its language needs, and real translations.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, NAMESPACES } from '../src/index.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

type Tree = { [key: string]: string | Tree };

function readNamespace(locale: string, ns: string): Tree | null {
  const file = path.join(localesDir, locale, `${ns}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Tree) : null;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** Groups plural keys (`x_one`, `x_other`) under their base key; other keys stand alone. */
function splitPlurals(keys: Iterable<string>) {
  const plural = new Set<string>();
  const single = new Set<string>();
  for (const key of keys) {
    const match = key.match(new RegExp(`^(.*)_(${PLURAL_SUFFIXES.join('|')})$`));
    if (match?.[1]) plural.add(match[1]);
    else single.add(key);
  }
  return { plural, single };
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]!).sort();
}

describe.each(NAMESPACES)('namespace %s', (ns) => {
  const english = readNamespace('en', ns);
  it('exists in English', () => expect(english).not.toBeNull());
  const en = flatten(english ?? {});
  const { plural: enPlural, single: enSingle } = splitPlurals(en.keys());

  describe.each(LOCALES.filter((locale) => locale !== 'en'))('%s', (locale) => {
    const translated = flatten(readNamespace(locale, ns) ?? {});
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

    it('has every key English has', () => {
      const missing = [...enSingle].filter((key) => !translated.has(key));
      expect(missing, `${locale}/${ns}.json misses keys`).toEqual([]);
    });

    it('has every plural form the language needs', () => {
      const missing = [...enPlural].flatMap((base) =>
        categories
          .filter((category) => category !== 'zero' && !translated.has(`${base}_${category}`))
          .map((c) => `${base}_${c}`),
      );
      expect(missing, `${locale}/${ns}.json misses plural forms`).toEqual([]);
    });

    it('keeps the placeholders of every English string', () => {
      const wrong = [...enSingle].filter(
        (key) => translated.has(key) && placeholders(translated.get(key)!).join() !== placeholders(en.get(key)!).join(),
      );
      expect(wrong, `${locale}/${ns}.json changes placeholders`).toEqual([]);
    });

    it('is translated, not an English copy', () => {
      // Short strings (brand names, "OK", codes) may legitimately equal English; long ones may not, in bulk.
      const long = [...enSingle].filter((key) => (en.get(key) ?? '').length > 24 && translated.has(key));
      const copies = long.filter((key) => translated.get(key) === en.get(key));
      expect(
        copies.length,
        `${locale}/${ns}.json copies English: ${copies.slice(0, 5).join(', ')}`,
      ).toBeLessThanOrEqual(Math.floor(long.length * 0.1));
    });
  });
});
