// The site's service worker (SPEC section 9: push service worker version 2): shows web pushes and opens their screen,
// keeps the app shell's built files, and shows an offline page when a page cannot load.
// Served at the stable URL /sw.js with `Cache-Control: no-cache` and registered with updateViaCache 'none', so the
// browser sees a new version on the next page load. Plain script (no build step, no imports): the functions below are
// globals of the worker, which the browser test calls directly (e2e/push-service-worker.e2e.ts).
'use strict';

/** Raise with every change of behaviour; the page can ask for it ({ type: 'GET_VERSION' }). */
const SW_VERSION = 2;
/** Caches this worker owns carry this prefix and their own version; activation deletes any other of ours. */
const CACHE_PREFIX = 'site-sw-';
/** The offline page and its script, kept from installation on (shown when a page cannot load). */
const OFFLINE_CACHE = `${CACHE_PREFIX}offline-v1`;
const OFFLINE_URLS = ['/offline.html', '/offline.js'];
/** The app shell's built files (content-hashed names under /assets/, never changed): served from here first. */
const ASSETS_CACHE = `${CACHE_PREFIX}assets-v1`;
/** Enough for two releases of the app's chunks; the oldest go first. */
const ASSETS_CACHE_MAX_ENTRIES = 120;
const CURRENT_CACHES = new Set([OFFLINE_CACHE, ASSETS_CACHE]);
/** The push types of the payload (packages/contracts/src/notifications.ts, PUSH_NOTIFICATION_TYPES). */
const PUSH_TYPES = new Set(['new_conversations', 'new_messages', 'like']);

// ---------------------------------------------------------------------------------------------
// Life cycle
// ---------------------------------------------------------------------------------------------

// Taking over at once cannot mix two releases in one page: the worker never answers index.html or an API call from a
// cache (pages always come from the network; the cached offline page only when the network fails), and the assets it
// keeps are content-hashed, so a page only ever asks for its own release's files. skipWaiting and clients.claim make
// a fix reach open tabs without waiting for all of them to close.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(OFFLINE_URLS))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([deleteOldCaches(), self.clients.claim()]));
});

async function deleteOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && !CURRENT_CACHES.has(name))
      .map((name) => caches.delete(name)),
  );
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'GET_VERSION' && event.source)
    event.source.postMessage({ type: 'VERSION', version: SW_VERSION });
});

// ---------------------------------------------------------------------------------------------
// Push
// ---------------------------------------------------------------------------------------------

/** A same-origin path, or null: a payload may never send a click to another site. */
function toSamePath(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? `${target.pathname}${target.search}${target.hash}` : null;
  } catch {
    return null;
  }
}

/** The version-2 payload ({ v, type, title, body, url, tag, icon? }), or null when the data is anything else. */
function readPayload(data) {
  let payload;
  try {
    payload = data ? data.json() : null;
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object' || payload.v !== 2 || !PUSH_TYPES.has(payload.type)) return null;
  const url = toSamePath(payload.url);
  if (typeof payload.title !== 'string' || typeof payload.body !== 'string' || typeof payload.tag !== 'string' || !url)
    return null;
  const icon = typeof payload.icon === 'string' && payload.icon !== '' ? payload.icon : undefined;
  return { v: 2, type: payload.type, title: payload.title, body: payload.body, url, tag: payload.tag, icon };
}

async function windowClients() {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return clients.filter((client) => new URL(client.url).origin === self.location.origin);
}

/**
 * Shows the notification and tells open tabs (the app keeps it as push `lastMessage`, SPEC section 3). A payload
 * this version cannot read shows nothing of ours: the browser then shows its own, translated, generic notice.
 */
async function handlePush(data) {
  const payload = readPayload(data);
  if (!payload) return;
  const options = {
    body: payload.body,
    tag: payload.tag,
    renotify: true,
    data: { url: payload.url, type: payload.type },
    timestamp: Date.now(),
  };
  if (payload.icon) options.icon = payload.icon;
  await self.registration.showNotification(payload.title, options);
  for (const client of await windowClients()) client.postMessage({ type: 'push', payload });
}

self.addEventListener('push', (event) => {
  event.waitUntil(handlePush(event.data));
});

// ---------------------------------------------------------------------------------------------
// Click
// ---------------------------------------------------------------------------------------------

/**
 * Opens `url` in a tab of the site that is already open (the one showing it, else the focused or visible one, else
 * any), focused, instead of a second tab; opens a window only when none is open. A tab this worker does not control
 * (opened with a forced reload) cannot be navigated from here: it is asked to go there itself.
 */
async function openNotificationTarget(url) {
  const path = toSamePath(url) || '/';
  const target = new URL(path, self.location.origin).href;
  const clients = await windowClients();
  const client =
    clients.find((candidate) => candidate.url === target) ||
    clients.find((candidate) => candidate.focused) ||
    clients.find((candidate) => candidate.visibilityState === 'visible') ||
    clients[0];
  if (!client) return self.clients.openWindow(target);
  let focused = client;
  try {
    focused = (await client.focus()) || client;
  } catch {
    // Focusing needs the click's user activation; without it the tab still goes to the screen.
  }
  if (focused.url === target) return focused;
  try {
    return (await focused.navigate(target)) || focused;
  } catch {
    focused.postMessage({ type: 'navigate', url: path });
    return focused;
  }
}

function handleNotificationClick(notification) {
  notification.close();
  return openNotificationTarget(notification.data && notification.data.url);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(handleNotificationClick(event.notification));
});

// ---------------------------------------------------------------------------------------------
// Fetch: the app shell's files from the cache, the offline page when a page cannot load
// ---------------------------------------------------------------------------------------------

/** A page: from the network always; when that fails (offline), the offline page kept at installation. */
async function handleNavigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match('/offline.html', { cacheName: OFFLINE_CACHE });
    if (offline) return offline;
    throw error;
  }
}

/** A built file (/assets/<name>-<hash>.<ext>): the cached copy, else the network's, kept for next time. */
async function handleAsset(request) {
  const cache = await caches.open(ASSETS_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    await Promise.all(
      keys.slice(0, Math.max(0, keys.length - ASSETS_CACHE_MAX_ENTRIES)).map((key) => cache.delete(key)),
    );
  }
  return response;
}

function handleFetch(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/')) return handleNavigation(request);
  if (url.pathname.startsWith('/assets/')) return handleAsset(request);
  return null;
}

self.addEventListener('fetch', (event) => {
  const response = handleFetch(event.request);
  if (response) event.respondWith(response);
});
