import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support/test-app.ts';

describe('OpenAPI document', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('is generated from the route schemas at /api/docs/json', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/api/settings.php',
        '/api/companyinfo.php',
        '/api/interests.php',
        '/api/regions.php',
        '/api/page-hidden.php',
      ]),
    );
    // Catch-all routes are not part of the API.
    expect(Object.keys(document.paths).some((path) => path.includes('*'))).toBe(false);
    const settings = document.paths['/api/settings.php'].get;
    expect(settings.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['forced-domain', 'country']),
    );
    const settingsFields = settings.responses['200'].content['application/json'].schema.properties.settings.properties;
    expect(Object.keys(settingsFields)).toEqual(
      expect.arrayContaining(['geoip_country', 'support_phone', 'terms_version']),
    );
    expect(document.paths['/api/page-hidden.php'].post.requestBody).toBeDefined();
  });

  it('documents every route with its request and response schemas', async () => {
    const document = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { in: string }[]; requestBody?: unknown; responses?: Record<string, { content?: unknown }> }
        >
      >;
    };
    const gaps: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        if (!success.length) gaps.push(`${name}: no success response schema`);
        for (const [status, response] of success)
          if (status !== '204' && !response.content) gaps.push(`${name}: ${status} has no body schema`);
        if (['post', 'put', 'patch', 'delete'].includes(method) && !operation.requestBody)
          gaps.push(`${name}: no body schema`);
        const pathParams = [...path.matchAll(/\{(\w+)\}/g)].length;
        if ((operation.parameters ?? []).filter((parameter) => parameter.in === 'path').length !== pathParams)
          gaps.push(`${name}: path params not declared`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('documents the errors the foundation routes answer, in the one error shape', async () => {
    const document = (await app.inject({ url: '/api/docs/json' })).json();
    const errorStatuses = (path: string, method: string) =>
      Object.entries<{ content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>(
        document.paths[path][method].responses,
      )
        .filter(
          ([status, response]) =>
            Number(status) >= 400 && response.content?.['application/json']?.schema?.properties?.error,
        )
        .map(([status]) => status);
    expect(errorStatuses('/healthz', 'get')).toContain('503');
    expect(errorStatuses('/api/settings.php', 'get')).toContain('400');
    expect(errorStatuses('/api/page-hidden.php', 'post')).toEqual(expect.arrayContaining(['400', '413', '415', '429']));
  });

  it('is browsable at /api/docs', async () => {
    const response = await app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger');
  });
});

describe('OpenAPI document when API_DOCS is off (the production default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ apiDocs: false });
  });
  afterAll(() => app.close());

  it('answers neither the UI nor the document, and the API itself still works', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('route_not_found');
    }
    expect((await app.inject({ url: '/api/settings.php' })).statusCode).toBe(200);
  });
});
