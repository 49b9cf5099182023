import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, apiErrorSchema } from '@app/contracts';
import { AppError } from '../lib/http-errors.ts';
import { hasTranslation } from '../lib/i18n.ts';
import { buildTestApp, clientHeaders, insertSite, type TestApp } from '../test-support/test-app.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/i18n/locales');

/** The message a locale gives for an error code: its own translation when it has one, else English. */
function expectedMessage(locale: string, code: string): string {
  const read = (lng: string): Record<string, string> => {
    const file = path.join(localesDir, lng, 'errors.json');
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  };
  const message = read(locale)[code] ?? read('en')[code];
  if (!message) throw new Error(`no English message for ${code}`);
  return message;
}

const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/validated',
    {
      schema: {
        body: z.object({
          age: z.number().int(),
          nickname: z.string().min(3, 'invalid_value'),
          code: z.string().regex(/^x/, 'Starts with x'),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/test/app-error', async () => {
    throw new AppError(403, 'authentication_required');
  });
  app.get('/test/app-error-params', async () => {
    throw new AppError(429, 'rate_limited', { count: 5 });
  });
  app.get('/test/unknown-code', async () => {
    throw new AppError(409, 'some_code_without_translation');
  });
  app.get('/test/crash', async () => {
    throw new Error('secret database detail');
  });
};

describe('errors', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp({}, { configure: (instance) => instance.register(testRoutes) });
  });
  afterAll(() => app.close());

  function expectErrorShape(body: unknown, status: number, code: string) {
    const parsed = apiErrorSchema.strict().parse(body);
    expect(parsed.error.status).toBe(status);
    expect(parsed.error.code).toBe(code);
    expect(parsed.error.message).not.toBe('');
    return parsed;
  }

  describe('unknown /api paths', () => {
    it.each(['/api/nope', '/api/nope.php', '/api/a/b/c', '/api/', '/api'])('GET %s answers 404 JSON', async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = expectErrorShape(response.json(), 404, 'route_not_found');
      expect(body.error.message).toBe(expectedMessage('en', 'route_not_found'));
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
      '%s with a body answers 404 JSON too, with or without the client header',
      async (method) => {
        for (const headers of [{}, clientHeaders]) {
          const json = await app.inject({ method, url: '/api/nope.php', payload: { some: 'body' }, headers });
          expect(json.statusCode).toBe(404);
          expectErrorShape(json.json(), 404, 'route_not_found');
        }
        const xml = await app.inject({
          method,
          url: '/api/nope.php',
          payload: '<x/>',
          headers: { 'content-type': 'application/xml' },
        });
        expect(xml.statusCode).toBe(404);
        const huge = await app.inject({ method, url: '/api/nope.php', payload: { text: 'x'.repeat(2 * 1024 * 1024) } });
        expect(huge.statusCode).toBe(404);
      },
    );

    it('answers unknown paths outside /api in the same shape when the web app is not served', async () => {
      const response = await app.inject({ url: '/definitely/not/here' });
      expect(response.statusCode).toBe(404);
      expectErrorShape(response.json(), 404, 'route_not_found');
    });
  });

  describe('translation', () => {
    it('answers in English by default and says so', async () => {
      const response = await app.inject({ url: '/api/nope' });
      expect(response.headers['content-language']).toBe('en');
      expect(response.json().error.message).toBe(expectedMessage('en', 'route_not_found'));
    });

    it("follows the lang cookie, never the browser's Accept-Language, keeping the code stable", async () => {
      const byCookie = await app.inject({
        url: '/api/nope',
        cookies: { lang: 'nl' },
        headers: { 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(byCookie.headers['content-language']).toBe('nl');
      expect(byCookie.json().error).toMatchObject({
        code: 'route_not_found',
        message: expectedMessage('nl', 'route_not_found'),
      });

      const usEnglish = await app.inject({ url: '/api/nope', cookies: { lang: 'en-US' } });
      expect(usEnglish.headers['content-language']).toBe('en-US');

      // SPEC section 1: without a cookie the site's domain_language (here the default site's, English) decides.
      const byHeader = await app.inject({
        url: '/api/nope',
        headers: { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' },
      });
      expect(byHeader.headers['content-language']).toBe('en');
      expect(byHeader.json().error).toMatchObject({
        code: 'route_not_found',
        message: expectedMessage('en', 'route_not_found'),
      });

      const unsupported = await app.inject({
        url: '/api/nope',
        cookies: { lang: 'xx' },
        headers: { 'accept-language': 'ja' },
      });
      expect(unsupported.headers['content-language']).toBe('en');
    });

    it("falls back to the site's domain_language", async () => {
      await insertSite(app, { domain: 'hallo.example', domainLanguage: 'nl_NL' });
      const response = await app.inject({ url: '/api/nope', headers: { host: 'hallo.example' } });
      expect(response.headers['content-language']).toBe('nl');
    });

    it('interpolates params, with plural forms', async () => {
      const response = await app.inject({ url: '/test/app-error-params' });
      expect(response.statusCode).toBe(429);
      expect(response.json().error).toEqual({
        status: 429,
        code: 'rate_limited',
        params: { count: 5 },
        message: expectedMessage('en', 'rate_limited_other').replace('{{count}}', '5'),
      });
    });
  });

  it.each(ERROR_CODES)('has an English message for %s', (code) => {
    expect(hasTranslation(`errors:${code}`, { count: 2 })).toBe(true);
  });

  it('flags authentication_required for the client to log out', async () => {
    const response = await app.inject({ url: '/test/app-error' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error: { code: 'authentication_required' },
      authentication_required: true,
    });
  });

  it('keeps an untranslated code, with the generic message', async () => {
    const response = await app.inject({ url: '/test/unknown-code' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'some_code_without_translation',
      message: expectedMessage('en', 'error_generic'),
    });
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const response = await app.inject({ url: '/test/crash' });
    expect(response.statusCode).toBe(500);
    expectErrorShape(response.json(), 500, 'error_generic');
    expect(response.body).not.toContain('secret');
  });

  it('lists the invalid fields of a request, each with a translated message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/validated',
      headers: clientHeaders,
      payload: { age: 'old', nickname: 'x', code: 'y' },
    });
    expect(response.statusCode).toBe(400);
    const body = expectErrorShape(response.json(), 400, 'validation_failed');
    expect(body.error.fields).toEqual(
      expect.arrayContaining([
        { path: 'age', code: 'invalid_value', message: expectedMessage('en', 'invalid_value') },
        { path: 'nickname', code: 'invalid_value', message: expectedMessage('en', 'invalid_value') },
        { path: 'code', code: 'invalid_value', message: expectedMessage('en', 'invalid_value') },
      ]),
    );
  });

  it('answers malformed JSON with 400 and an unknown content type with 415', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/test/validated',
      headers: { ...clientHeaders, 'content-type': 'application/json' },
      payload: '{"age":',
    });
    expect(malformed.statusCode).toBe(400);
    expectErrorShape(malformed.json(), 400, 'bad_request');
    const xml = await app.inject({
      method: 'POST',
      url: '/test/validated',
      headers: { ...clientHeaders, 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(xml.statusCode).toBe(415);
    expectErrorShape(xml.json(), 415, 'unsupported_media_type');
  });

  it('refuses bodies over the limit with 413 in the error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      payload: { path: '/', padding: 'x'.repeat(1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expectErrorShape(response.json(), 413, 'payload_too_large');
  });
});
