#!/usr/bin/env node
// Lists, per locale and namespace, the English keys a locale file lacks (plural forms per the language's rules).
// Usage: node scripts/i18n-missing.mjs [locale ...]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/i18n/locales');
const LOCALES = ['nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : LOCALES;
const SUFFIX = /_(zero|one|two|few|many|other)$/;

const flatten = (tree, prefix = '') =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : flatten(v, `${prefix}${k}.`)));
const read = (locale, ns) => {
  const file = path.join(root, locale, ns);
  return fs.existsSync(file) ? Object.fromEntries(flatten(JSON.parse(fs.readFileSync(file, 'utf8')))) : {};
};

let total = 0;
for (const ns of fs.readdirSync(path.join(root, 'en')).filter((f) => f.endsWith('.json'))) {
  const en = read('en', ns);
  for (const locale of wanted) {
    const have = read(locale, ns);
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.filter((c) => c !== 'zero');
    const missing = new Set();
    for (const key of Object.keys(en)) {
      const base = key.replace(SUFFIX, '');
      if (base !== key) categories.forEach((c) => !(`${base}_${c}` in have) && missing.add(`${base}_${c}`));
      else if (!(key in have)) missing.add(key);
    }
    if (missing.size) {
      total += missing.size;
      console.log(`${locale}/${ns}: ${missing.size} missing`);
      for (const key of missing)
        console.log(`  ${key}  =  ${JSON.stringify(en[key] ?? en[key.replace(SUFFIX, '_other')])}`);
    }
  }
}
console.log(total ? `${total} missing in all` : 'complete');
process.exitCode = total ? 1 : 0;
