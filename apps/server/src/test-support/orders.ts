// A member's order paid on the sandbox provider, as the browser does it: the credits page's first bundle in the
// Netherlands, iDEAL, the sandbox checkout's choice (docs/payments.md).
import type { CreditsResponse, Order } from '@app/contracts';
import type { Client } from './accounts.ts';
import type { TestApp } from './test-app.ts';

export async function payOrder(
  app: TestApp,
  client: Client,
  outcome: 'paid' | 'failed' | 'canceled' | 'expired' = 'paid',
): Promise<{ order: Order; paymentId: string }> {
  const page = (await client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>();
  const created = await client.request({
    method: 'POST',
    url: '/api/order.php',
    payload: { bundle_id: page.bundles[0]!.id, method: 'ideal', country: 'NL' },
  });
  if (created.statusCode !== 200) throw new Error(`order refused: ${created.body}`);
  const { order, checkout_url: checkoutUrl } = created.json<{ order: Order; checkout_url: string }>();
  const paymentId = new URL(checkoutUrl, 'http://x').searchParams.get('id')!;
  await app.inject({ method: 'POST', url: '/api/sandbox-checkout.php', payload: { id: paymentId, outcome } });
  return { order, paymentId };
}
