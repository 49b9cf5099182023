// The one error shape holds where Fastify would answer with its own body or a 500: a URL that is not valid
// percent-encoding, an overlong path parameter, a request Node's parser refuses, an error reply through a route whose
// response schema is an HTML page, and database errors that only a request's values cause (docs/input.md).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TEXT_ERROR_CODES, apiErrorSchema } from '@app/contracts';
import { hasTranslation } from '../lib/i18n.ts';
import { AppError } from '../lib/http-errors.ts';
import { buildTestApp, type TestApp } from '../test-support/test-app.ts';

/** A database error as Drizzle wraps the driver's (the SQLSTATE on the cause). */
function databaseError(code: string): Error {
  return Object.assign(new Error('Failed query: select ...'), {
    cause: Object.assign(new Error('database says no'), { code, severity: 'ERROR' }),
  });
}

const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/test/html-page',
    { schema: { querystring: z.object({ fail: z.string().max(3) }), response: { 200: z.string(), 400: z.string() } } },
    async (request) => {
      if (request.query.fail === 'yes') throw new AppError(400, 'invalid_value');
      return '<p>fine</p>';
    },
  );
  app.get('/test/no-error-schemas', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => {
    throw new AppError(409, 'invalid_value');
  });
  app.get('/test/db/:code', async (request) => {
    throw databaseError((request.params as { code: string }).code);
  });
  app.get(
    '/test/hook-db-error',
    {
      onRequest: async () => {
        throw databaseError('22021');
      },
    },
    async () => ({ ok: true }),
  );
};

function expectApiError(
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
  code?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = apiErrorSchema.strict().parse(JSON.parse(response.body));
  expect(body.error.status).toBe(status);
  if (code) expect(body.error.code).toBe(code);
  expect(body.error.message).not.toBe('');
  return body;
}

describe('the error shape everywhere', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({}, { configure: (instance) => instance.register(testRoutes) });
  });
  afterAll(() => app.close());

  it.each(TEXT_ERROR_CODES)('has a message for %s', (code) => {
    expect(hasTranslation(`errors:${code}`)).toBe(true);
  });

  it('answers a URL that is not valid percent-encoding with 400 in the shape, translated', async () => {
    for (const url of ['/api/%', '/api/admin/members/%zz', '/api/%E0%A4%A']) {
      expectApiError(await app.inject({ url }), 400, 'bad_request');
    }
    // In the request's language (SPEC section 1): its cookie, before any hook parsed it.
    const german = await app.inject({ url: '/api/%', cookies: { lang: 'de' } });
    expect(german.headers['content-language']).toBe('de');
  });

  it('answers a path parameter over the length limit in the shape', async () => {
    // Over maxParamLength the router finds no route with that parameter: the /api catch-all answers.
    for (const url of [`/api/admin/members/${'1'.repeat(300)}`, `/api/admin/tickets/${'x'.repeat(201)}`]) {
      expectApiError(await app.inject({ url }), 404, 'route_not_found');
    }
  });

  it("never passes an error through a route's response schema (an HTML page, a schema without that status)", async () => {
    expect((await app.inject({ url: '/test/html-page?fail=no' })).body).toBe('<p>fine</p>');
    expectApiError(await app.inject({ url: '/test/html-page?fail=yes' }), 400, 'invalid_value');
    expectApiError(await app.inject({ url: '/test/html-page?fail=toolong' }), 400, 'validation_failed');
    expectApiError(await app.inject({ url: '/test/html-page' }), 400, 'validation_failed');
    expectApiError(await app.inject({ url: '/test/no-error-schemas' }), 409, 'invalid_value');
  });

  it.each([
    ['22003', 'invalid_value'],
    ['22P02', 'invalid_value'],
    ['22021', 'invalid_text'],
    ['22P05', 'invalid_text'],
  ])('answers database error %s, caused by input, with 400 %s', async (sqlState, code) => {
    expectApiError(await app.inject({ url: `/test/db/${sqlState}` }), 400, code);
  });

  it('keeps other database errors a 500, and hides them', async () => {
    const response = await app.inject({ url: '/test/db/40P01' });
    expectApiError(response, 500, 'error_generic');
    expect(response.body).not.toContain('database says no');
  });

  it('maps an input error thrown in a hook like one thrown in a handler', async () => {
    expectApiError(await app.inject({ url: '/test/hook-db-error' }), 400, 'invalid_text');
  });

  it("answers a request Node's HTTP parser refuses in the shape, not Fastify's", async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/settings.php HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(apiErrorSchema.strict().parse(JSON.parse(body)).error).toMatchObject({ status: 400, code: 'bad_request' });
  });
});
