// Web push in this browser (SPEC sections 3, 4, 7): the push state, the service worker, subscribing with the site's key, the subscription on the account, and the last message.
import { create } from 'zustand';
import type { PushPayload, PushSubscriptionRequest, User } from '@app/contracts';
import { apiRequest } from './api-client.ts';

/**
 * SPEC section 4. `unsupported`: no service worker, Push API or notifications here (or an insecure page);
 * `unknown`: the browser has not asked yet; `granted`: allowed but this browser holds no subscription;
 * `denied`: refused in the browser (only its site settings can undo that); `subscribed`: pushes reach this browser.
 */
export type PushState = 'unsupported' | 'unknown' | 'granted' | 'denied' | 'subscribed';

/** The worker's stable address (apps/web/public/sw.js), never hashed: its URL is what the browser keys it by. */
export const SERVICE_WORKER_URL = '/sw.js';

type PushStore = {
  state: PushState;
  /** False until this browser's registration and subscription were looked at: the state may still change. */
  isChecked: boolean;
  /** SPEC section 3, Session state push.lastMessage: the last push the service worker showed while a tab was open. */
  lastMessage: PushPayload | null;
};

export const usePushStore = create<PushStore>()(() => ({ state: 'unsupported', isChecked: false, lastMessage: null }));

/** SPEC section 3, Session state push.isCapable. */
export function isPushCapable(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

export function toPushState(permission: NotificationPermission, hasSubscription: boolean): PushState {
  if (permission === 'denied') return 'denied';
  if (permission === 'default') return 'unknown';
  return hasSubscription ? 'subscribed' : 'granted';
}

export function getPushState(): PushState {
  return usePushStore.getState().state;
}

/** SPEC section 3, Session state push.isSubscribed: this browser receives the account's pushes. */
export function isPushSubscribedHere(): boolean {
  return getPushState() === 'subscribed';
}

function setState(state: PushState): PushState {
  usePushStore.setState({ state, isChecked: true });
  return state;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function decodeBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const padded = `${value}${'='.repeat((4 - (value.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function hasSameKey(subscription: PushSubscription, publicKey: string): boolean {
  const current = subscription.options?.applicationServerKey;
  // Browsers that do not report the key: trust the subscription rather than churn it.
  if (!current) return true;
  const expected = decodeBase64Url(publicKey);
  const actual = new Uint8Array(current);
  return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
}

type SubscriptionBody = NonNullable<PushSubscriptionRequest['subscription']>;

export function toSubscriptionBody(subscription: PushSubscription): SubscriptionBody | null {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null;
  return {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  };
}

/** POST /api/user.php?push=1 { subscription }: stores this browser's subscription on the account; null removes it. */
export const savePushSubscription = (body: PushSubscriptionRequest) =>
  apiRequest('user.php', { method: 'POST', query: { push: 1 }, body, response: 'userResponseSchema' });

let registration: Promise<ServiceWorkerRegistration> | null = null;

/**
 * Registers the worker once per page load. Every registration asks the server for /sw.js past the HTTP cache
 * (updateViaCache 'none'), so a new version is installed on the next visit and takes over at once (see sw.js).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  registration ??= navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

/** The registration once its worker is active (a push subscription needs an active worker). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  await registerServiceWorker();
  return navigator.serviceWorker.ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const found = await navigator.serviceWorker.getRegistration('/');
  return found ? found.pushManager.getSubscription() : null;
}

/** Reads the state from the browser again (after a permission change, or on start). */
export async function refreshPushState(): Promise<PushState> {
  if (!isPushCapable()) return setState('unsupported');
  const permission = Notification.permission;
  if (permission !== 'granted') return setState(toPushState(permission, false));
  try {
    return setState(toPushState(permission, (await currentSubscription()) !== null));
  } catch {
    return setState('granted');
  }
}

function isSamePath(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

function onWorkerMessage(event: MessageEvent) {
  const data: unknown = event.data;
  if (!data || typeof data !== 'object') return;
  const message = data as { type?: unknown; payload?: PushPayload; url?: unknown };
  if (message.type === 'push' && message.payload) usePushStore.setState({ lastMessage: message.payload });
  // A notification was clicked while this tab was open but not controlled by the worker (sw.js).
  if (message.type === 'navigate' && isSamePath(message.url)) window.location.assign(message.url);
}

let started: Promise<PushState> | null = null;

/** Once per page load: registers the worker, reads the state, and listens to the worker and to permission changes. */
export function startPush(): Promise<PushState> {
  started ??= (async () => {
    if (!isPushCapable()) return setState('unsupported');
    navigator.serviceWorker.addEventListener('message', onWorkerMessage);
    // Messages sent before the page finished loading are queued until this.
    navigator.serviceWorker.startMessages();
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((status) => status.addEventListener('change', () => void refreshPushState()))
      .catch(() => undefined);
    try {
      await registerServiceWorker();
    } catch {
      // Without a worker nothing can be pushed here; the state still reflects the permission.
    }
    return refreshPushState();
  })();
  return started;
}

export class PushSubscribeError extends Error {
  constructor(cause: unknown) {
    super('The browser could not subscribe to push', { cause });
    this.name = 'PushSubscribeError';
  }
}

/**
 * Asks for permission when the browser has not yet (call it from a click: browsers ignore requests without one),
 * subscribes with the site's key, and stores the subscription on the account when a member is logged in.
 * Resolves with the new state; rejects with PushSubscribeError when the push service refused (the state stays
 * `granted`) and with the API's error when the account could not store it.
 */
type EnableOptions = {
  publicKey: string;
  isLoggedIn: boolean;
  /** The account as the server answered after storing the subscription. */
  onSaved?: (user: User) => void;
};

/**
 * Subscribing and the logout's removal run one after the other, never interleaved (a save landing after the removal
 * would give the next person on this browser the member's pushes). A logout starts a new session epoch: anything
 * asked for in the old one and not yet run is dropped.
 */
let queue: Promise<unknown> = Promise.resolve();
let sessionEpoch = 0;

function enqueue<T>(operation: () => Promise<T>): Promise<T> {
  const run = queue.then(operation, operation);
  queue = run.catch(() => undefined);
  return run;
}

function enableInEpoch(epoch: number, options: EnableOptions): Promise<PushState> {
  return enqueue(async () => (epoch === sessionEpoch ? subscribeAndSave(options) : getPushState()));
}

export function enablePush(options: EnableOptions): Promise<PushState> {
  return enableInEpoch(sessionEpoch, options);
}

async function subscribeAndSave({ publicKey, isLoggedIn, onSaved }: EnableOptions): Promise<PushState> {
  if (!isPushCapable() || !publicKey) return setState('unsupported');
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return setState(toPushState(permission, false));
  let subscription: PushSubscription;
  try {
    const ready = await activeRegistration();
    let existing = await ready.pushManager.getSubscription();
    // Made with a key the site no longer has: the server could not send to it.
    if (existing && !hasSameKey(existing, publicKey)) {
      await existing.unsubscribe();
      existing = null;
    }
    subscription =
      existing ??
      (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: decodeBase64Url(publicKey) }));
  } catch (error) {
    setState('granted');
    throw new PushSubscribeError(error);
  }
  const body = toSubscriptionBody(subscription);
  if (!body) {
    setState('granted');
    throw new PushSubscribeError(new Error('subscription without keys'));
  }
  if (isLoggedIn) {
    const { user } = await savePushSubscription({ subscription: body });
    onSaved?.(user);
  }
  return setState('subscribed');
}

/**
 * After a login (and on every page load of a member): a subscription this browser holds is stored on the account
 * (it may have been made by a visitor, or dropped by the server after the push service said it expired), and one
 * made with another key is renewed. Resolves true when the account now has this browser's subscription.
 */
export async function syncPushSubscription(publicKey: string, onSaved?: (user: User) => void): Promise<boolean> {
  const epoch = sessionEpoch;
  const state = await startPush();
  if (state !== 'subscribed' || !publicKey) return false;
  try {
    return (
      (await enableInEpoch(epoch, { publicKey, isLoggedIn: true, onSaved })) === 'subscribed' && epoch === sessionEpoch
    );
  } catch {
    return false;
  }
}

/**
 * Before logging out in this browser: the account forgets the subscription (while the session still exists), then
 * the browser unsubscribes, so the next person on this browser does not receive the member's pushes.
 */
export function disablePushForLogout(): Promise<void> {
  sessionEpoch += 1;
  return enqueue(async () => {
    if (!isPushCapable()) return;
    let subscription: PushSubscription | null = null;
    try {
      subscription = await currentSubscription();
    } catch {
      return;
    }
    if (!subscription) return;
    // Only this browser's: the member's other devices keep their pushes.
    await savePushSubscription({ subscription: null, endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
    await refreshPushState();
  });
}

/** Tests only: forget the module's one-time work. */
export function resetPushForTests(): void {
  registration = null;
  started = null;
  queue = Promise.resolve();
  usePushStore.setState({ state: 'unsupported', isChecked: false, lastMessage: null });
}
