// Web push for signup step 4: permission, then a subscription through the app's service worker when one is installed.
import type { PushSubscriptionRequest } from '@app/contracts';

export type PushSupport = 'unsupported' | 'default' | 'granted' | 'denied';

export function getPushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function decodeBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const padded = `${value}${'='.repeat((4 - (value.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

type Subscription = NonNullable<PushSubscriptionRequest['subscription']>;

/**
 * Subscribes with the site's public key through an installed service worker. Null when there is no key,
 * no service worker yet, or the browser gives no usable subscription: push is a bonus, never a blocker.
 */
export async function subscribeToPush(publicKey: string): Promise<Subscription | null> {
  if (!publicKey || getPushSupport() !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: decodeBase64Url(publicKey) }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null;
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}
