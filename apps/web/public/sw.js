/* global self */
// Patio's service worker (scope '/'): shows the pushes the server sends through Web Push and opens
// the post's thread when one is clicked. A push is JSON {title, body, payload, post: {id, thread}},
// payload itself a JSON string (spec §3 Notification); a notice about no post (the bus approaching)
// carries instead `url`, the app path a click opens. Plain JavaScript: Vite copies it as it is.

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no cache that an open page could depend on.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
