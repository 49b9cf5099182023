// The service worker (apps/web/public/sw.js, version 2) run in a fake worker scope: which payloads it shows, where a click goes, its life cycle.
// The real browser runs it in e2e/push-service-worker.e2e.ts.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = fs.readFileSync(path.resolve(__dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://site.test';

type FakeClient = {
  url: string;
  focused: boolean;
  visibilityState: 'visible' | 'hidden';
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
};

function fakeClient(
  pathname: string,
  state: Partial<Pick<FakeClient, 'focused' | 'visibilityState'>> = {},
): FakeClient {
  const client: FakeClient = {
    url: new URL(pathname, ORIGIN).href,
    focused: false,
    visibilityState: 'hidden',
    ...state,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (url: string) => ({ ...client, url })),
    postMessage: vi.fn(),
  };
  return client;
}

type WorkerEvent = { waitUntil: (promise: Promise<unknown>) => void; data?: unknown; notification?: unknown };

function loadWorker(clients: FakeClient[] = [], cacheNames: string[] = []) {
  const handlers = new Map<string, (event: WorkerEvent) => void>();
  const scope = {
    location: new URL('/sw.js', ORIGIN),
    addEventListener: (type: string, handler: (event: WorkerEvent) => void) => handlers.set(type, handler),
    skipWaiting: vi.fn(async () => undefined),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async (url: string) => fakeClient(url)),
      claim: vi.fn(async () => undefined),
    },
  };
  // An in-memory CacheStorage: named caches of URL -> body text.
  const stores = new Map<string, Map<string, string>>(cacheNames.map((name) => [name, new Map()]));
  const fakeResponse = (body: string, init: { ok?: boolean; type?: string } = {}) => ({
    body,
    ok: init.ok ?? true,
    type: init.type ?? 'basic',
    clone: () => fakeResponse(body, init),
  });
  const keyOf = (request: string | { url: string }) =>
    new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
  const openStore = (name: string) => {
    const store = stores.get(name) ?? new Map<string, string>();
    stores.set(name, store);
    return {
      match: vi.fn(async (request: string | { url: string }) =>
        store.has(keyOf(request)) ? fakeResponse(store.get(keyOf(request))!) : undefined,
      ),
      put: vi.fn(
        async (request: string | { url: string }, response: { body: string }) =>
          void store.set(keyOf(request), response.body),
      ),
      addAll: vi.fn(async (urls: string[]) => {
        for (const url of urls) store.set(keyOf(url), (await network(url)).body);
      }),
      keys: vi.fn(async () => [...store.keys()].map((url) => ({ url }))),
      delete: vi.fn(async (request: string | { url: string }) => store.delete(keyOf(request))),
    };
  };
  const caches = {
    keys: vi.fn(async () => [...stores.keys()]),
    delete: vi.fn(async (name: string) => stores.delete(name)),
    open: vi.fn(async (name: string) => openStore(name)),
    match: vi.fn(async (request: string, options: { cacheName: string }) =>
      stores.get(options.cacheName)?.has(keyOf(request))
        ? fakeResponse(stores.get(options.cacheName)!.get(keyOf(request))!)
        : undefined,
    ),
  };
  /** The network: answers `network:<path>` unless the test takes it down. */
  let isOnline = true;
  const network = vi.fn(async (request: string | { url: string }) => {
    if (!isOnline) throw new TypeError('Failed to fetch');
    return fakeResponse(`network:${new URL(keyOf(request)).pathname}`);
  });
  const context = vm.createContext({ self: scope, caches, fetch: network, URL, Date, Promise, Set, Math, console });
  vm.runInContext(SOURCE, context);

  async function dispatch(type: string, extra: Partial<WorkerEvent> = {}) {
    const pending: Promise<unknown>[] = [];
    handlers.get(type)?.({ waitUntil: (promise) => pending.push(promise), ...extra });
    await Promise.all(pending);
  }
  const push = (payload: unknown) =>
    dispatch('push', { data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) } });
  const click = (url: unknown) => {
    const notification = { data: { url }, close: vi.fn() };
    return dispatch('notificationclick', { notification }).then(() => notification);
  };
  /** A fetch event: what the worker answers (undefined when it leaves the request to the browser). */
  async function request(url: string, init: { mode?: string; method?: string } = {}) {
    let answer: Promise<{ body: string }> | undefined;
    handlers.get('fetch')?.({
      waitUntil: () => undefined,
      request: { url: new URL(url, ORIGIN).href, mode: init.mode ?? 'cors', method: init.method ?? 'GET' },
      respondWith: (response: Promise<{ body: string }>) => void (answer = response),
    } as unknown as WorkerEvent);
    return answer ? (await answer).body : undefined;
  }
  const setOnline = (value: boolean) => void (isOnline = value);
  return { scope, caches, stores, network, context, dispatch, push, click, request, setOnline };
}

const PAYLOAD = {
  v: 2,
  type: 'new_messages',
  title: 'New message',
  body: 'Bo sent you a message.',
  url: '/chats/12',
  tag: 'chat-12',
  icon: '/media/bo-thumb.jpg',
};

describe('service worker: push', () => {
  it('shows a version-2 payload with its title, body, icon and tag, and tells open tabs', async () => {
    const tab = fakeClient('/members');
    const worker = loadWorker([tab, fakeClient('https://other.test/')]);
    await worker.push(PAYLOAD);
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith('New message', {
      body: 'Bo sent you a message.',
      tag: 'chat-12',
      renotify: true,
      icon: '/media/bo-thumb.jpg',
      data: { url: '/chats/12', type: 'new_messages' },
      timestamp: expect.any(Number),
    });
    expect(tab.postMessage).toHaveBeenCalledWith({ type: 'push', payload: PAYLOAD });
  });

  it('shows a payload without an icon without one', async () => {
    const worker = loadWorker();
    const { icon: _icon, ...withoutIcon } = PAYLOAD;
    await worker.push(withoutIcon);
    const [call] = worker.scope.registration.showNotification.mock.calls as unknown as [
      string,
      Record<string, unknown>,
    ][];
    const options = call?.[1];
    expect(options).not.toHaveProperty('icon');
  });

  it.each([
    ['version 1', { ...PAYLOAD, v: 1 }],
    ['an unknown type', { ...PAYLOAD, type: 'promotions' }],
    ['another site', { ...PAYLOAD, url: 'https://evil.test/chats/12' }],
    ['a protocol-relative address', { ...PAYLOAD, url: '//evil.test/x' }],
    ['no title', { ...PAYLOAD, title: undefined }],
    ['no tag', { ...PAYLOAD, tag: 3 }],
    ['not JSON', '{oops'],
  ])('shows nothing of its own for %s', async (_name, payload) => {
    const worker = loadWorker();
    if (typeof payload === 'string') {
      await worker.dispatch('push', { data: { json: () => JSON.parse(payload) } });
    } else await worker.push(payload);
    expect(worker.scope.registration.showNotification).not.toHaveBeenCalled();
  });
});

describe('service worker: click', () => {
  it('focuses the open tab and sends it to the screen instead of opening a second one', async () => {
    const background = fakeClient('/likes');
    const active = fakeClient('/members', { focused: true, visibilityState: 'visible' });
    const worker = loadWorker([background, active]);
    const notification = await worker.click('/chats/12');
    expect(notification.close).toHaveBeenCalled();
    expect(active.focus).toHaveBeenCalled();
    expect(active.navigate).toHaveBeenCalledWith(`${ORIGIN}/chats/12`);
    expect(background.navigate).not.toHaveBeenCalled();
    expect(worker.scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('prefers a tab already showing the screen, and leaves it where it is', async () => {
    const other = fakeClient('/members', { focused: true });
    const showing = fakeClient('/members/5');
    const worker = loadWorker([other, showing]);
    await worker.click('/members/5');
    expect(showing.focus).toHaveBeenCalled();
    expect(showing.navigate).not.toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
  });

  it('opens a window when no tab of the site is open', async () => {
    const worker = loadWorker([fakeClient('https://other.test/page')]);
    await worker.click('/members/5');
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/members/5`);
  });

  it('asks a tab it does not control to go there itself', async () => {
    const tab = fakeClient('/members', { visibilityState: 'visible' });
    tab.navigate.mockRejectedValue(new TypeError('not controlled'));
    tab.focus.mockRejectedValue(new DOMException('no activation', 'InvalidAccessError'));
    const worker = loadWorker([tab]);
    await worker.click('/chats/3');
    expect(tab.postMessage).toHaveBeenCalledWith({ type: 'navigate', url: '/chats/3' });
  });

  it('never leaves the site, whatever the notification says', async () => {
    const worker = loadWorker();
    await worker.click('https://evil.test/');
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});

describe('service worker: life cycle', () => {
  it('takes over at once and drops only its own caches of older versions', async () => {
    const worker = loadWorker([], ['site-sw-shell-v1', 'someone-else']);
    await worker.dispatch('install');
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
    await worker.dispatch('activate');
    expect(worker.scope.clients.claim).toHaveBeenCalled();
    expect(worker.caches.delete).toHaveBeenCalledWith('site-sw-shell-v1');
    expect(worker.caches.delete).not.toHaveBeenCalledWith('someone-else');
    expect([...worker.stores.keys()].sort()).toEqual(['site-sw-offline-v1', 'someone-else']);
  });

  it('is version 2 (SPEC section 9)', async () => {
    const worker = loadWorker();
    const source = { postMessage: vi.fn() };
    await worker.dispatch('message', { data: { type: 'GET_VERSION' }, ...({ source } as object) });
    expect(source.postMessage).toHaveBeenCalledWith({ type: 'VERSION', version: 2 });
  });
});

describe('service worker: app shell and offline page', () => {
  it('keeps the offline page and its script from installation on', async () => {
    const worker = loadWorker();
    await worker.dispatch('install');
    expect([...worker.stores.get('site-sw-offline-v1')!.keys()]).toEqual([
      `${ORIGIN}/offline.html`,
      `${ORIGIN}/offline.js`,
    ]);
  });

  it('loads pages from the network, and shows the offline page when the network fails', async () => {
    const worker = loadWorker();
    await worker.dispatch('install');
    expect(await worker.request('/members/12', { mode: 'navigate' })).toBe('network:/members/12');
    worker.setOnline(false);
    expect(await worker.request('/members/12', { mode: 'navigate' })).toBe('network:/offline.html');
  });

  it('serves a built file from its cache after the first load, without the network', async () => {
    const worker = loadWorker();
    expect(await worker.request('/assets/app-abc123.js')).toBe('network:/assets/app-abc123.js');
    worker.setOnline(false);
    expect(await worker.request('/assets/app-abc123.js')).toBe('network:/assets/app-abc123.js');
    expect(worker.network).toHaveBeenCalledTimes(1);
  });

  it('leaves API calls, other methods, other sites and other files to the browser', async () => {
    const worker = loadWorker();
    expect(await worker.request('/api/user.php')).toBeUndefined();
    expect(await worker.request('/api/user.php', { mode: 'navigate' })).toBeUndefined();
    expect(await worker.request('/api/message.php', { method: 'POST' })).toBeUndefined();
    expect(await worker.request('https://cdn.example/assets/x.js')).toBeUndefined();
    expect(await worker.request('/favicon.svg')).toBeUndefined();
    expect(worker.network).not.toHaveBeenCalled();
  });
});
