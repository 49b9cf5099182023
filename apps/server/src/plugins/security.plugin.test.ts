import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, type TestApp } from '../test-support/test-app.ts';

describe('security', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp(
      {},
      {
        configure: (instance) => {
          for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
            instance.route({ method, url: '/api/test/state-change', handler: async () => ({ changed: true }) });
          }
        },
      },
    );
  });
  afterAll(() => app.close());

  it('sends the helmet security headers', async () => {
    const response = await app.inject({ url: '/api/settings.php' });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': expect.stringContaining('max-age='),
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('asks browsers to upgrade insecure requests only over HTTPS', async () => {
    // Over plain HTTP on any host but localhost the upgrade sends every asset to https:// and the page stays blank.
    const plain = await app.inject({ url: '/api/settings.php', headers: { host: '192.0.2.10:3000' } });
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const proxied = await buildTestApp({ trustProxy: true });
    try {
      const secure = await proxied.inject({ url: '/api/settings.php', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['content-security-policy']).toContain("default-src 'self'");
      expect(secure.headers['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
    } finally {
      await proxied.close();
    }
  });

  it('sends them on errors too', async () => {
    const response = await app.inject({ url: '/api/nope' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  describe('CSRF guard', () => {
    it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('refuses %s without Request-Type: client', async (method) => {
      for (const headers of [{}, { 'request-type': 'browser' }]) {
        const response = await app.inject({ method, url: '/api/test/state-change', headers, payload: {} });
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toMatchObject({ status: 403, code: 'csrf_rejected' });
        expect(response.json().authentication_required).toBeUndefined();
      }
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
      'lets %s with Request-Type: client through',
      async (method) => {
        const response = await app.inject({
          method,
          url: '/api/test/state-change',
          headers: { 'Request-Type': 'client' },
          payload: {},
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ changed: true });
      },
    );

    it('leaves safe methods alone', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/settings.php' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'HEAD', url: '/api/settings.php' })).statusCode).toBe(200);
    });

    it('exempts the page-hidden beacon, which browsers send without custom headers', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/page-hidden.php', payload: {} });
      expect(response.statusCode).toBe(204);
      const withHeader = await app.inject({
        method: 'POST',
        url: '/api/page-hidden.php',
        payload: {},
        headers: clientHeaders,
      });
      expect(withHeader.statusCode).toBe(204);
    });
  });
});
