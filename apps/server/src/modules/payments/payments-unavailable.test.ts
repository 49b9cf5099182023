// Production without a payment provider (no MOLLIE_API_KEY, no PAYMENTS_TEST_MODE): the site runs, offers no payment
// method and says payments are not available; no order, repeat or direct debit can be made, and no test checkout exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditsResponse } from '@app/contracts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember } from '../../test-support/members.ts';

describe('payments without a provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ payments: { provider: 'none', isTestMode: false } });
  });
  afterAll(() => app.close());

  it('offers no method and refuses every way to pay with "Payments are not available right now"', async () => {
    const member = await createMember(app);
    const page = await member.client.request({ url: '/api/credits.php?country=NL' });
    expect(page.statusCode).toBe(200);
    const credits = page.json<CreditsResponse>();
    expect(credits).toMatchObject({ payments_available: false, test_mode: false, methods: [], direct_debit: false });
    const bundleId = credits.bundles[0]!.id;
    for (const [url, payload] of [
      ['/api/order.php', { bundle_id: bundleId, method: 'ideal', country: 'NL' }],
      ['/api/repeat-order.php', {}],
      [
        '/api/directdebit.php',
        {
          bundle_id: bundleId,
          country: 'NL',
          holder: 'J. de Vries',
          iban: 'NL91 ABNA 0417 1643 00',
          street: 'Keizersgracht',
          house_number: '100',
          postal_code: '1015 AA',
          city: 'Amsterdam',
          mobile: '+31 6 12345678',
        },
      ],
    ] as const) {
      const reply = await member.client.request({ method: 'POST', url, payload });
      expect(reply.statusCode, url).toBe(503);
      expect(reply.json(), url).toMatchObject({
        error: { code: 'payments_unavailable', message: 'Payments are not available right now' },
      });
    }
    expect((await app.inject({ url: '/api/sandbox-checkout.php?id=sbx_1' })).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/sandbox-checkout.php',
          payload: { id: 'sbx_1', outcome: 'paid' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('says so in the credits page of a development site (test mode)', async () => {
    const sandbox = await buildTestApp();
    try {
      const member = await createMember(sandbox);
      expect((await member.client.request({ url: '/api/credits.php?country=NL' })).json()).toMatchObject({
        payments_available: true,
        test_mode: true,
      });
    } finally {
      await sandbox.close();
    }
  });
});
