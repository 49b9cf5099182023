// One term per language for the same action: the navigation's log-in link says what the log-in page says,
// the sign-up button what the sign-up page says, and no text borrows another word for it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, NAMESPACES } from '../src/index.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const read = (locale: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${ns}.json`), 'utf8'));

type Tree = { [key: string]: string | Tree };
function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
}

describe('one term per language', () => {
  // English keeps the spec's own "Login" button (SPEC section 2) beside the page's "Log in".
  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s: the navigation link and the login page and buttons name logging in alike',
    (locale) => {
      const common = read(locale, 'common');
      const accounts = read(locale, 'accounts');
      expect(common.nav.login).toBe(accounts.login.title);
      expect(common.home.logIn).toBe(accounts.login.title);
      expect(accounts.activation.alreadyLogin).toBe(accounts.login.title);
      expect(read(locale, 'members').notices.login.logIn).toBe(accounts.login.title);
    },
  );

  it.each(LOCALES)('%s: the sign-up button and the sign-up page name signing up alike', (locale) => {
    expect(read(locale, 'common').home.signUp).toBe(read(locale, 'accounts').signup.title);
  });

  // "Zurück zum Login" beside "Einloggen": a language with its own term never borrows the English "login".
  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s: no text says "login" where the language has its own term',
    (locale) => {
      const borrowed = NAMESPACES.filter((ns) => fs.existsSync(path.join(localesDir, locale, `${ns}.json`))).flatMap(
        (ns) =>
          texts(read(locale, ns))
            .filter(([, text]) => /\blog-?in\b/i.test(text))
            .map(([key, text]) => `${ns}:${key} = ${text}`),
      );
      expect(borrowed).toEqual([]);
    },
  );
});
