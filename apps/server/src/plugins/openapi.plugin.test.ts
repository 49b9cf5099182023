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
      expect.arrayContaining(['/healthz', '/api/settings.php', '/api/companyinfo.php', '/api/interests.php', '/api/regions.php', '/api/page-hidden.php']),
    );
    // Catch-all routes are not part of the API.
    expect(Object.keys(document.paths).some((path) => path.includes('*'))).toBe(false);
    const settings = document.paths['/api/settings.php'].get;
    expect(settings.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['forced-domain', 'country']));
    const settingsFields = settings.responses['200'].content['application/json'].schema.properties.settings.properties;
    expect(Object.keys(settingsFields)).toEqual(expect.arrayContaining(['geoip_country', 'support_phone', 'terms_version']));
    expect(document.paths['/api/page-hidden.php'].post.requestBody).toBeDefined();
  });

  it('is browsable at /api/docs', async () => {
    const response = await app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger');
  });
});
