import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';

describe('GET /healthz', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('reports the database reachable', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      ...(process.env.REDIS_URL ? { redis: 'ok' } : {}),
    });
  });

  it('answers 503 in the error shape when the database is not', async () => {
    // The database object is shared by the worker's apps: break it for this one call only.
    const spy = vi.spyOn(app.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const response = await app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatchObject({ status: 503, code: 'service_unavailable' });
    } finally {
      spy.mockRestore();
    }
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
