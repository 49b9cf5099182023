// Journey: a developer or client app probes the API surface (health, unknown API paths, the OpenAPI docs).
import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser.ts';

const session = useBrowser();

describe('API surface', () => {
  test('GET /healthz reports the database is reachable', async () => {
    const response = await fetch(`${session.baseURL}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  test('an unknown /api path answers 404 JSON in the one error shape, never the HTML app', async () => {
    const response = await fetch(`${session.baseURL}/api/unknown`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: { status: number; code: string; message: string } };
    expect(body.error).toMatchObject({ status: 404, code: 'route_not_found' });
    expect(body.error.message).toEqual(expect.any(String));
  });

  test('a browser opening an unknown /api path gets the JSON error, not the web app', async () => {
    const { page } = session;
    const response = await page.goto('/api/unknown');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^application\/json/);
    expect(await page.locator('body').innerText()).toContain('route_not_found');
  });

  test('the OpenAPI document is browsable at /api/docs', async () => {
    const { page } = session;
    const response = await page.goto('/api/docs');
    expect(response?.ok()).toBe(true);
    // Swagger UI renders the document title from the generated OpenAPI info once it has loaded the spec.
    await page.getByRole('heading', { name: /Dating platform API/ }).waitFor();
    await page.getByText('/api/settings.php').first().waitFor();

    const json = await fetch(`${session.baseURL}/api/docs/json`);
    expect(json.status).toBe(200);
    const document = (await json.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/settings.php', '/healthz']));
  });
});
