// @vitest-environment jsdom
// The push state of SPEC section 4 in one store: read from the browser, subscribing with the site's key, the account's copy (POST user.php?push=1), logout, and lastMessage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, jsonError } from '../test-support/fetch-mock.ts';
import { buildUser } from '../test-support/user.fixture.ts';
import {
  PushSubscribeError,
  SERVICE_WORKER_URL,
  decodeBase64Url,
  disablePushForLogout,
  enablePush,
  getPushState,
  resetPushForTests,
  startPush,
  syncPushSubscription,
  toPushState,
  usePushStore,
} from './push.ts';

/** A 65-byte P-256 public key, base64url, like the site's push_public_key. */
const SITE_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const OTHER_KEY = 'BOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKeyOtherKe';

type FakeSubscription = {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => PushSubscriptionJSON;
  unsubscribe: ReturnType<typeof vi.fn>;
};

function fakeSubscription(key: string, endpoint = 'https://push.example.com/send/abc'): FakeSubscription {
  return {
    endpoint,
    options: { applicationServerKey: decodeBase64Url(key).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

type FakeBrowser = {
  permission: NotificationPermission;
  /** What the permission prompt answers. */
  answer: NotificationPermission;
  subscription: FakeSubscription | null;
  subscribe: ReturnType<typeof vi.fn>;
  register: ReturnType<typeof vi.fn>;
  requestPermission: ReturnType<typeof vi.fn>;
  listeners: ((event: MessageEvent) => void)[];
};

function installFakeBrowser(
  initial: Partial<Pick<FakeBrowser, 'permission' | 'answer' | 'subscription'>> = {},
): FakeBrowser {
  const browser = {
    permission: 'default',
    answer: 'granted',
    subscription: null,
    listeners: [],
    ...initial,
  } as unknown as FakeBrowser;
  browser.subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    const key = btoa(String.fromCharCode(...new Uint8Array(options.applicationServerKey as Uint8Array)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    browser.subscription = fakeSubscription(key, 'https://push.example.com/send/new');
    return browser.subscription;
  });
  browser.requestPermission = vi.fn(async () => {
    browser.permission = browser.answer;
    return browser.answer;
  });
  const registration = {
    pushManager: { getSubscription: async () => browser.subscription, subscribe: browser.subscribe },
  };
  browser.register = vi.fn(async () => registration);
  class FakeNotification {
    static get permission() {
      return browser.permission;
    }
    static requestPermission = browser.requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: browser.register,
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
      addEventListener: (_type: string, listener: (event: MessageEvent) => void) => browser.listeners.push(listener),
      startMessages: () => undefined,
    },
  });
  return browser;
}

function answerPushSaves() {
  return mockFetch(({ method, url, body }) => {
    if (method === 'POST' && url.pathname === '/api/user.php' && url.searchParams.get('push') === '1') {
      const isSaved = (body as { subscription: unknown }).subscription !== null;
      return { body: { user: buildUser({ push_subscribed: isSaved }) } };
    }
    return undefined;
  });
}

beforeEach(async () => {
  // The API client checks answers against the contracts, loaded by a dynamic import.
  await import('@app/contracts');
  resetPushForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push states (SPEC section 4)', () => {
  it('maps the permission and the subscription to a state', () => {
    expect(toPushState('default', false)).toBe('unknown');
    expect(toPushState('denied', false)).toBe('denied');
    expect(toPushState('granted', false)).toBe('granted');
    expect(toPushState('granted', true)).toBe('subscribed');
  });

  it('is unsupported without the Push API', async () => {
    installFakeBrowser();
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    expect(await startPush()).toBe('unsupported');
    expect(usePushStore.getState().isChecked).toBe(true);
  });

  it.each([
    ['default', null, 'unknown'],
    ['denied', null, 'denied'],
    ['granted', null, 'granted'],
    ['granted', fakeSubscription(SITE_KEY), 'subscribed'],
  ] as const)(
    'reads %s with subscription %j as %s and registers the worker at its stable URL',
    async (permission, subscription, expected) => {
      const browser = installFakeBrowser({ permission, subscription });
      expect(usePushStore.getState().isChecked).toBe(false);
      expect(await startPush()).toBe(expected);
      expect(getPushState()).toBe(expected);
      expect(browser.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
    },
  );
});

describe('enablePush', () => {
  it('asks, subscribes with the site key and stores the subscription on the account', async () => {
    const browser = installFakeBrowser();
    const { calls } = answerPushSaves();
    const onSaved = vi.fn();
    expect(await enablePush({ publicKey: SITE_KEY, isLoggedIn: true, onSaved })).toBe('subscribed');
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(decodeBase64Url(SITE_KEY)));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/user.php?push=1',
        body: {
          subscription: {
            endpoint: 'https://push.example.com/send/new',
            expirationTime: null,
            keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
          },
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ push_subscribed: true }));
    expect(getPushState()).toBe('subscribed');
  });

  it('subscribes a visitor without telling the server', async () => {
    installFakeBrowser({ permission: 'granted' });
    const { calls } = answerPushSaves();
    expect(await enablePush({ publicKey: SITE_KEY, isLoggedIn: false })).toBe('subscribed');
    expect(calls).toEqual([]);
  });

  it('stops at a refusal: denied, nothing subscribed or sent', async () => {
    const browser = installFakeBrowser({ answer: 'denied' });
    const { calls } = answerPushSaves();
    expect(await enablePush({ publicKey: SITE_KEY, isLoggedIn: true })).toBe('denied');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('reports a push service that refuses and stays granted', async () => {
    const browser = installFakeBrowser({ permission: 'granted' });
    browser.subscribe.mockRejectedValueOnce(new DOMException('Registration failed - push service error', 'AbortError'));
    await expect(enablePush({ publicKey: SITE_KEY, isLoggedIn: true })).rejects.toBeInstanceOf(PushSubscribeError);
    expect(getPushState()).toBe('granted');
  });

  it('renews a subscription made with another key', async () => {
    const old = fakeSubscription(OTHER_KEY, 'https://push.example.com/send/old');
    const browser = installFakeBrowser({ permission: 'granted', subscription: old });
    answerPushSaves();
    expect(await enablePush({ publicKey: SITE_KEY, isLoggedIn: true })).toBe('subscribed');
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
  });

  it('is unsupported on a site without a push key', async () => {
    installFakeBrowser();
    expect(await enablePush({ publicKey: '', isLoggedIn: true })).toBe('unsupported');
  });
});

describe('the account and this browser', () => {
  it('stores an existing subscription after a login, and nothing when the browser has none', async () => {
    installFakeBrowser({ permission: 'granted', subscription: fakeSubscription(SITE_KEY) });
    const { calls } = answerPushSaves();
    expect(await syncPushSubscription(SITE_KEY)).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/user.php?push=1']);
    expect((calls[0]?.body as { subscription: { endpoint: string } }).subscription.endpoint).toBe(
      'https://push.example.com/send/abc',
    );

    resetPushForTests();
    installFakeBrowser({ permission: 'granted' });
    const second = answerPushSaves();
    expect(await syncPushSubscription(SITE_KEY)).toBe(false);
    expect(second.calls).toEqual([]);
  });

  it('on logout tells the server first (null), then unsubscribes the browser', async () => {
    const subscription = fakeSubscription(SITE_KEY);
    installFakeBrowser({ permission: 'granted', subscription });
    const order: string[] = [];
    mockFetch(({ body }) => {
      order.push(`POST ${JSON.stringify(body)}`);
      return { body: { user: buildUser() } };
    });
    subscription.unsubscribe.mockImplementation(async () => {
      order.push('unsubscribe');
      return true;
    });
    await startPush();
    expect(getPushState()).toBe('subscribed');
    await disablePushForLogout();
    // Only this browser's subscription: the member's other devices keep theirs.
    expect(order).toEqual([
      `POST ${JSON.stringify({ subscription: null, endpoint: subscription.endpoint })}`,
      'unsubscribe',
    ]);
  });

  it('on logout waits for a subscription still being stored, so the removal comes last', async () => {
    installFakeBrowser({ permission: 'granted', subscription: fakeSubscription(SITE_KEY) });
    const sent: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const isSubscription = !String(init?.body).includes('"subscription":null');
        sent.push(isSubscription ? 'save' : 'remove');
        if (isSubscription) await firstHeld;
        return new Response(JSON.stringify({ user: buildUser() }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const sync = syncPushSubscription(SITE_KEY);
    await vi.waitFor(() => expect(sent).toEqual(['save']));
    const logout = disablePushForLogout();
    // Every step of a removal is a promise (the fake browser and the fetch stub answer at once): one that did not wait
    // for the save would have been sent before the next macrotask. A zero timeout is that task, not a time allowance.
    await new Promise<void>((resolve) => setTimeout(resolve));
    expect(sent).toEqual(['save']);
    releaseFirst();
    await Promise.all([sync, logout]);
    expect(sent).toEqual(['save', 'remove']);
  });

  it('drops a save asked for before the logout that had not started yet', async () => {
    installFakeBrowser({ permission: 'granted', subscription: fakeSubscription(SITE_KEY) });
    const { calls } = answerPushSaves();
    // The page's sync starts (still reading the browser) when the member logs out.
    const sync = syncPushSubscription(SITE_KEY);
    const logout = disablePushForLogout();
    expect(await sync).toBe(false);
    await logout;
    expect(calls.map((call) => call.body)).toEqual([
      { subscription: null, endpoint: 'https://push.example.com/send/abc' },
    ]);
  });

  it('still unsubscribes when the session was already gone', async () => {
    const subscription = fakeSubscription(SITE_KEY);
    installFakeBrowser({ permission: 'granted', subscription });
    mockFetch(() => jsonError(403, 'authentication_required', { authentication_required: true }));
    await disablePushForLogout();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('messages from the service worker', () => {
  it('keeps the last push as lastMessage', async () => {
    const browser = installFakeBrowser({ permission: 'granted' });
    await startPush();
    const payload = { v: 2, type: 'like', title: 'New like!', body: 'Bo likes you.', url: '/members/5', tag: 'like-5' };
    browser.listeners.forEach((listener) => listener(new MessageEvent('message', { data: { type: 'push', payload } })));
    expect(usePushStore.getState().lastMessage).toEqual(payload);
    browser.listeners.forEach((listener) => listener(new MessageEvent('message', { data: { type: 'other' } })));
    expect(usePushStore.getState().lastMessage).toEqual(payload);
  });
});
