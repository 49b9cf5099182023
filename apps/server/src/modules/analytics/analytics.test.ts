import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { pageBounces } from '../../db/schema/index.ts';
import { buildTestApp, insertSite, type TestApp } from '../../test-support/test-app.ts';

describe('POST /api/page-hidden.php', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  async function lastBounce() {
    const [row] = await app.db.select().from(pageBounces).orderBy(desc(pageBounces.id)).limit(1);
    return row;
  }

  it('logs the path of the page that was hidden, for the site of the Host header', async () => {
    const site = await insertSite(app, { domain: 'bounce.example' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { host: 'bounce.example' },
      payload: { path: '/members?lb=1' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await lastBounce()).toMatchObject({ siteId: site.id, path: '/members?lb=1' });
  });

  it('takes the path from the Referer when the body has none', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { referer: 'http://localhost:3000/pricing?lb' },
      payload: {},
    });
    expect(response.statusCode).toBe(204);
    const defaultSite = await app.sites.resolve('localhost');
    expect(await lastBounce()).toMatchObject({ siteId: defaultSite.id, path: '/pricing' });
  });

  it('accepts the text/plain body navigator.sendBeacon sends for a string', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ path: '/likes' }),
    });
    expect(response.statusCode).toBe(204);
    expect((await lastBounce())?.path).toBe('/likes');
    const empty = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { 'content-type': 'text/plain' },
      payload: '',
    });
    expect(empty.statusCode).toBe(204);
  });

  it('refuses malformed bodies in the error shape', async () => {
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { 'content-type': 'text/plain' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('bad_request');
    const tooLong = await app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      payload: { path: `/${'x'.repeat(600)}` },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'path', code: 'invalid_value' }],
    });
  });
});
