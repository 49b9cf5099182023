// SPEC section 1, the language of every answer: ?lang=, the language cookie, else the site's domain_language (its first
// two letters) when it names a locale, else English. The browser's Accept-Language plays no part, so a first visit
// (no cookie yet) reads the API's messages in the language its pages speak.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UiLanguage } from '@app/i18n';
import { getTranslator } from '../lib/i18n.ts';
import { createClient, uniqueEmail } from '../test-support/accounts.ts';
import { buildTestApp, insertSite, type TestApp } from '../test-support/test-app.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>App</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';

describe('the language before the first cookie', () => {
  let app: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-locale-'));
    await fs.mkdir(path.join(distDir, 'assets'));
    await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'export {};');
    app = await buildTestApp({ webDistDir: distDir }, { serveWeb: true });
    await insertSite(app, { domain: 'liebe.example', domainLanguage: 'de_DE' });
    await insertSite(app, { domain: 'amor.example', domainLanguage: 'pt_BR' });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(distDir, { recursive: true, force: true });
  });

  /** A visitor's contact form with a too short description: a validation error, per field, in the answer's language. */
  async function refusedContact(headers: Record<string, string>, cookies: Record<string, string> = {}) {
    const response = await createClient(app).request({
      method: 'POST',
      url: '/api/contact.php',
      payload: { email: uniqueEmail('visitor'), subject: 'Hello', description: 'Too short' },
      headers,
      cookies,
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as {
      error: { code: string; message: string; fields: { path: string; code: string; message: string }[] };
    };
    expect(error.code).toBe('validation_failed');
    return { language: response.headers['content-language'], error };
  }
  const validationIn = (language: UiLanguage) => ({
    message: getTranslator(language)('errors:validation_failed'),
    description: getTranslator(language)('errors:ticket_body_too_short'),
  });
  const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

  it("answers a first request asking for French on a German site in German: API errors and the page's lang", async () => {
    const firstVisit = { host: 'liebe.example', 'accept-language': 'fr-FR,fr;q=0.9' };
    const { language, error } = await refusedContact(firstVisit);
    expect(language).toBe('de');
    expect(error.message).toBe(validationIn('de').message);
    expect(error.fields.find((field) => field.path === 'description')?.message).toBe(validationIn('de').description);
    expect(validationIn('de').description).not.toBe(validationIn('fr').description);

    // Any other answer of the API, a request refused before routing included.
    const unknown = await app.inject({ url: '/api/nope', headers: firstVisit });
    expect(unknown.headers['content-language']).toBe('de');
    expect(unknown.json().error.message).toBe(getTranslator('de')('errors:route_not_found'));
    const badUrl = await app.inject({ url: '/api/%', headers: firstVisit });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['content-language']).toBe('de');

    // The pages: the document's language, the 404 page's too.
    for (const url of ['/', '/pages/faq', '/zzz-unknown-page']) {
      const page = await app.inject({ url, headers: firstVisit });
      expect(htmlLang(page.body), url).toBe('de');
    }
  });

  it('follows the cookie once the app has written it, and ?lang= above both', async () => {
    const visit = { host: 'liebe.example', 'accept-language': 'de' };
    const french = await refusedContact(visit, { lang: 'fr' });
    expect(french.language).toBe('fr');
    expect(french.error.message).toBe(validationIn('fr').message);
    expect(htmlLang((await app.inject({ url: '/', headers: visit, cookies: { lang: 'fr' } })).body)).toBe('fr');
    const asked = await app.inject({ url: '/api/nope?lang=it', headers: visit, cookies: { lang: 'fr' } });
    expect(asked.headers['content-language']).toBe('it');
    // A cookie naming no language is no choice: the site's language.
    expect((await refusedContact(visit, { lang: 'xx' })).language).toBe('de');
  });

  it('answers in English where the site names no locale (pt_BR), whatever the browser asks', async () => {
    const visit = { host: 'amor.example', 'accept-language': 'fr, de;q=0.8' };
    const { language, error } = await refusedContact(visit);
    expect(language).toBe('en');
    expect(error.message).toBe(validationIn('en').message);
    expect(htmlLang((await app.inject({ url: '/', headers: visit })).body)).toBe('en');
  });
});
