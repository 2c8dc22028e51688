/* global self, caches */
// Patio's service worker (scope '/'): shows the pushes the server sends through Web Push and opens
// the post's thread when one is clicked; and keeps the app shell (index.html and the hashed JS/CSS)
// so that the installed app starts without a network (issue 15: the roll call works offline).
// A push is JSON {title, body, payload, post: {id, thread}}, payload itself a JSON string (spec §3
// Notification); a notice about no post (the bus approaching) carries instead `url`, the app path a
// click opens. Plain JavaScript: Vite copies it as it is, with APP_SHELL below filled in.

// The build writes the shell's files and a version made from them on this line (apps/web/vite.config.ts,
// precacheAppShell). As it stands (the dev server, unit tests) there is no shell: nothing is cached.
const APP_SHELL = { version: 'dev', files: [] };

const SHELL_CACHE_PREFIX = 'patio-shell-';
const SHELL_CACHE = SHELL_CACHE_PREFIX + APP_SHELL.version;
const INDEX_HTML = '/index.html';
const hasShell = APP_SHELL.files.length > 0;

/** Fetches and stores every file of this build's shell; the install fails (and is tried again) if one is missing. */
async function precacheShell() {
  if (!hasShell) return;
  const cache = await caches.open(SHELL_CACHE);
  // index.html is revalidated, not taken from the HTTP cache; hashed files never change.
  await cache.addAll(APP_SHELL.files.map((path) => new Request(path, { cache: path === INDEX_HTML ? 'no-cache' : 'default' })));
}

/** Drops the shells of earlier builds (and their hashed files, which the server no longer has either). */
async function deleteOldShells() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)));
}

// Update policy: a new build is a new sw.js (its APP_SHELL differs), which the browser finds on the next
// navigation. Once its shell is stored it takes over at once (skipWaiting) and claims the open pages:
// they keep the code they already run, their next navigation asks the network first, and the offline
// fallback is always the newest shell, so nobody stays on an old one. A page of the old build that then
// loads a lazy chunk the new build dropped fails as it would without a worker (the server dropped it too).
self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([deleteOldShells(), self.clients.claim()]));
});

/** A screen of the app: the network's index.html, or the stored one when there is no network. */
async function openScreen(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(INDEX_HTML, { cacheName: SHELL_CACHE, ignoreVary: true });
    if (shell) return shell;
    throw error;
  }
}

/** A file of the shell: the stored copy, else the network's (kept when it is a hashed asset). */
async function readShellFile(request, isHashed) {
  const cache = await caches.open(SHELL_CACHE);
  const stored = await cache.match(request, { ignoreVary: true });
  if (stored) return stored;
  const response = await fetch(request);
  if (isHashed && response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (!hasShell || request.method !== 'GET') return;
  const url = new URL(request.url);
  // The API is never answered from a cache: another person on the same device must not read a stored
  // answer; the screens keep what they need offline themselves (the roll, the queued marks).
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(openScreen(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(readShellFile(request, true));
  else if (APP_SHELL.files.includes(url.pathname)) event.respondWith(readShellFile(request, false));
});

/** The badge counts the notifications still shown (spec §7: it grows with each one). */
async function updateBadge() {
  if (!self.navigator.setAppBadge) return;
  try {
    const shown = await self.registration.getNotifications();
    if (shown.length > 0) await self.navigator.setAppBadge(shown.length);
    else await self.navigator.clearAppBadge?.();
  } catch {
    // No badge on this platform.
  }
}

/** A path of this site (never another origin's address), or null. */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : null;
}

function readPush(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return { title: 'Patio', body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = readPush(event);
  if (!message) return;
  const post = message.post ?? null;
  const data = { post, payload: message.payload ?? null };
  const url = appPath(message.url);
  if (url) data.url = url;
  const options = { body: message.body ?? '', data, icon: '/favicon.svg' };
  // One notification per post: a later push about the same post replaces it.
  if (post && post.id !== undefined) options.tag = `post-${post.id}`;
  event.waitUntil(self.registration.showNotification(message.title || 'Patio', options).then(updateBadge));
});

/** Brings a window of this site to the thread, or opens one. */
async function openThread(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((candidate) => new URL(candidate.url).origin === self.location.origin);
  if (client) {
    try {
      await client.focus();
    } catch {
      // Focusing needs the click's user activation, which some browsers (and tests) do not pass on.
    }
    try {
      await client.navigate(url);
      return;
    } catch {
      // navigate() works only for windows this worker controls: open a new one instead.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const thread = event.notification.data?.post?.thread;
  const url = appPath(event.notification.data?.url);
  const path = url ?? (thread !== undefined && thread !== null ? `/threads/feed/${thread}` : '/inbox');
  event.waitUntil(openThread(path).then(updateBadge));
});

self.addEventListener('notificationclose', (event) => {
  event.waitUntil(updateBadge());
});
