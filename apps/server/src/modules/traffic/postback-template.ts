// A network's postback address for one event: the template's placeholders filled in, each value URL-encoded, and the
// signature header's value (docs/traffic.md, "Postbacks").
import { createHmac } from 'node:crypto';
import { toDecimalAmount, unknownPlaceholders, type PostbackEvent } from '@app/contracts';

export type PostbackValues = {
  clickId: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  event: PostbackEvent;
  orderId: number | null;
  /** Minor units with their currency; a reversal's payout is negative. */
  amountMinor: number;
  currency: string | null;
  payoutMinor: number;
  payoutCurrency: string | null;
};

/** The address to call: every known placeholder replaced (an unknown one cannot be saved). */
export function fillTemplate(template: string, values: PostbackValues): string {
  const money = (minor: number, currency: string | null) => (currency ? toDecimalAmount(minor, currency) : '');
  const filled: Record<string, string> = {
    click_id: values.clickId ?? '',
    ref: values.ref ?? '',
    sub1: values.sub1 ?? '',
    sub2: values.sub2 ?? '',
    sub3: values.sub3 ?? '',
    event: values.event,
    order_id: values.orderId === null ? '' : String(values.orderId),
    amount: money(values.amountMinor, values.currency),
    currency: values.currency ?? '',
    payout: money(values.payoutMinor, values.payoutCurrency ?? values.currency),
  };
  return template.replace(/\{([a-z0-9_]+)\}/g, (whole, name: string) =>
    name in filled ? encodeURIComponent(filled[name]!) : whole,
  );
}

export { unknownPlaceholders };

/** The signature a network can check: hex HMAC-SHA256 of the exact address sent, with the network's secret. */
export function signPostback(url: string, secret: string): string {
  return createHmac('sha256', secret).update(url).digest('hex');
}

/** Query keys whose values are secrets of the network's (a token in the address): masked in the delivery log. */
const SECRET_KEY = /(secret|token|key|sig|signature|password|pass|auth|hash)/i;

/** The address as staff see it in the delivery log: secret-looking values masked. */
export function maskSecrets(url: string): string {
  try {
    const parsed = new URL(url);
    let isMasked = false;
    for (const key of [...parsed.searchParams.keys()]) {
      if (SECRET_KEY.test(key) && key !== 'click_id') {
        parsed.searchParams.set(key, '***');
        isMasked = true;
      }
    }
    if (parsed.password) {
      parsed.password = '***';
      isMasked = true;
    }
    return isMasked ? parsed.toString() : url;
  } catch {
    return url;
  }
}
