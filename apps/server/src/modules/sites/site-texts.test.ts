// A site's member-facing texts per language: settings.php answers each in the request's language (English where the
// language has none), the console reads and writes every language, and a bad value is refused in the staff
// member's language.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsResponseSchema, type Settings } from '@app/contracts';
import { SITE_TEXT_DEFAULTS } from '@app/i18n';
import { sites } from '../../db/schema/index.ts';
import { buildTestApp, insertSite, type TestApp } from '../../test-support/test-app.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';
import { siteInputOf } from '../admin/sites.service.ts';

describe('site texts per language', () => {
  let app: TestApp;
  let admin: StaffClient;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signedInStaff(app, 'admin');
    await insertSite(app, {
      domain: 'texts.example',
      name: 'Texts',
      texts: {
        fictional_warning: { en: 'Some profiles are fictional.', nl: 'Sommige profielen zijn fictief.' },
        fictional_singular: { en: 'fictional profile', nl: 'fictief profiel', de: 'fiktives Profil' },
        index_title: { en: 'Meet people', de: 'Leute treffen' },
      },
      indexTitle: 'Meet people',
      fictionalWarning: 'Some profiles are fictional.',
    });
    // A site stored before texts had languages: its single values only.
    await insertSite(app, {
      domain: 'old-texts.example',
      name: 'Old',
      domainLanguage: 'de',
      texts: {},
      indexTitle: 'Liebe finden',
      fictionalWarning: 'Some profiles are made up.',
    });
  });
  afterAll(() => app.close());

  async function settingsOf(host: string, language?: string, by: 'query' | 'cookie' = 'query'): Promise<Settings> {
    const response = await app.inject({
      url: '/api/settings.php',
      headers: { host },
      ...(language && by === 'query' ? { query: { lang: language } } : {}),
      ...(language && by === 'cookie' ? { cookies: { lang: language } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return settingsResponseSchema.parse(response.json()).settings;
  }

  it("answers the default site's texts in Dutch, German and English: real translations, not English copies", async () => {
    const [dutch, german, english] = await Promise.all([
      settingsOf('localhost', 'nl'),
      settingsOf('localhost', 'de', 'cookie'),
      settingsOf('localhost', 'en'),
    ]);
    expect(dutch.fictional_warning).toBe(SITE_TEXT_DEFAULTS.nl.fictional_warning);
    expect(dutch.fictional_singular).toBe('fictief profiel');
    expect(dutch.index_title).toBe('Amoria – ontmoet singles bij jou in de buurt');
    expect(german.fictional_warning).toBe(SITE_TEXT_DEFAULTS.de.fictional_warning);
    expect(german.fictional_plural).toBe('fiktive Profile');
    expect(german.description).toBe(SITE_TEXT_DEFAULTS.de.description);
    expect(english.fictional_warning).toBe(SITE_TEXT_DEFAULTS.en.fictional_warning);
    expect(english.index_title).toBe('Amoria – meet singles near you');
    expect(new Set([dutch.fictional_warning, german.fictional_warning, english.fictional_warning]).size).toBe(3);
    // en-US reads English's.
    expect((await settingsOf('localhost', 'en-US')).fictional_singular).toBe('fictional profile');
  });

  it('falls back to English for a fictional text a language lacks; a title it lacks leaves the translated pitch', async () => {
    const german = await settingsOf('texts.example', 'de');
    expect(german.fictional_warning).toBe('Some profiles are fictional.');
    expect(german.fictional_singular).toBe('fiktives Profil');
    expect(german.index_title).toBe('Leute treffen');
    const dutch = await settingsOf('texts.example', 'nl');
    expect(dutch.fictional_warning).toBe('Sommige profielen zijn fictief.');
    // No Dutch title: empty, so the page shows its translated pitch (never another language's title).
    expect(dutch.index_title).toBe('');
  });

  it("reads a site's single stored value where it has no texts per language (data from before)", async () => {
    const german = await settingsOf('old-texts.example', 'de');
    expect(german).toMatchObject({ index_title: 'Liebe finden', fictional_warning: 'Some profiles are made up.' });
    const french = await settingsOf('old-texts.example', 'fr');
    // The warning in any language; the title was written in the site's own language only.
    expect(french).toMatchObject({ index_title: '', fictional_warning: 'Some profiles are made up.' });
  });

  it('lets the console save a German text: settings.php answers it in German, and the console reads every language', async () => {
    const [row] = await app.db.select().from(sites).where(eq(sites.domain, 'texts.example'));
    const input = siteInputOf(row!);
    expect(input.fictional_warning).toEqual({
      en: 'Some profiles are fictional.',
      nl: 'Sommige profielen zijn fictief.',
    });
    const saved = await admin.request({
      method: 'PUT',
      url: `/api/admin/sites/${row!.id}`,
      payload: {
        ...input,
        fictional_warning: { ...input.fictional_warning, de: '  Manche Profile sind erfunden.  ', fr: '' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Trimmed; a language left empty is not stored (it falls back).
    expect(saved.json().site.settings.fictional_warning).toEqual({
      en: 'Some profiles are fictional.',
      nl: 'Sommige profielen zijn fictief.',
      de: 'Manche Profile sind erfunden.',
    });
    expect((await settingsOf('texts.example', 'de')).fictional_warning).toBe('Manche Profile sind erfunden.');
    expect((await settingsOf('texts.example', 'fr')).fictional_warning).toBe('Some profiles are fictional.');
    // The single-value column keeps the English text for the release before this one.
    const [after] = await app.db.select().from(sites).where(eq(sites.id, row!.id));
    expect(after!.fictionalWarning).toBe('Some profiles are fictional.');
    expect(
      (await admin.request({ url: `/api/admin/sites/${row!.id}` })).json().site.settings.fictional_warning,
    ).toEqual(saved.json().site.settings.fictional_warning);
  });

  it('refuses a bad text with a 400 in the staff member’s language: too long, not text, or no locale', async () => {
    const [row] = await app.db.select().from(sites).where(eq(sites.domain, 'texts.example'));
    const input = siteInputOf(row!);
    for (const [value, path] of [
      [{ en: 'Fine', de: 'x'.repeat(5001) }, 'fictional_warning.de'],
      [{ en: 'Fine', de: 42 }, 'fictional_warning.de'],
      [{ en: 'Fine', xx: 'Unknown' }, 'fictional_warning'],
      ['Just a string', 'fictional_warning'],
    ] as const) {
      const response = await admin.request({
        method: 'PUT',
        url: `/api/admin/sites/${row!.id}`,
        payload: { ...input, fictional_warning: value },
        cookies: { lang: 'de' },
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.headers['content-language']).toBe('de');
      const { error } = response.json();
      expect(error.code).toBe('validation_failed');
      expect(error.message).toBe('Bitte überprüfe die markierten Felder.');
      expect(error.fields).toContainEqual({ path, code: 'invalid_value', message: 'Dieser Wert ist ungültig.' });
    }
    // Nothing was stored.
    expect((await settingsOf('texts.example', 'de')).fictional_warning).toBe('Manche Profile sind erfunden.');
  });
});
