// SPEC 3 session state of a purchase: the payment country the member chose and the discount code they entered. Kept
// for the browser tab (sessionStorage), so the bundle, the method page and a reload all price the same order.
import { create } from 'zustand';
import { readItem, removeItem, writeItem } from '../../../lib/storage.ts';

const COUNTRY_KEY = 'payment_country';
const CODE_KEY = 'payment_discount_code';
/** Which bundle each order bought (the order's answer does not say): the failed page's "try another method" needs it. */
const ORDER_BUNDLES_KEY = 'payment_order_bundles';

type PaymentState = { country: string | null; discountCode: string | null };

export const usePaymentStore = create<PaymentState>()(() => ({
  country: readItem(COUNTRY_KEY, 'session'),
  discountCode: readItem(CODE_KEY, 'session'),
}));

export function setPaymentCountry(country: string | null): void {
  if (country) writeItem(COUNTRY_KEY, country, 'session');
  else removeItem(COUNTRY_KEY, 'session');
  usePaymentStore.setState({ country });
}

export function setDiscountCode(code: string | null): void {
  if (code) writeItem(CODE_KEY, code, 'session');
  else removeItem(CODE_KEY, 'session');
  usePaymentStore.setState({ discountCode: code });
}

export const usePaymentCountry = () => usePaymentStore((state) => state.country);
export const useEnteredDiscountCode = () => usePaymentStore((state) => state.discountCode);

function readOrderBundles(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(readItem(ORDER_BUNDLES_KEY, 'session') ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function rememberOrderBundle(orderId: number, bundleId: number): void {
  const entries = Object.entries({ ...readOrderBundles(), [orderId]: bundleId }).slice(-20);
  writeItem(ORDER_BUNDLES_KEY, JSON.stringify(Object.fromEntries(entries)), 'session');
}

export function orderBundleOf(orderId: number): number | null {
  const bundleId = readOrderBundles()[String(orderId)];
  return typeof bundleId === 'number' ? bundleId : null;
}

/** Logout: nothing of the member's purchase stays in the tab. */
export function clearPaymentState(): void {
  setPaymentCountry(null);
  setDiscountCode(null);
  removeItem(ORDER_BUNDLES_KEY, 'session');
}
