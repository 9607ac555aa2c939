/// <reference lib="webworker" />
/**
 * SwapU's service worker (issue 41 item 4, decision 0053), built by vite-plugin-pwa (injectManifest)
 * into dist/sw.js with the build's list of files to precache.
 * - Precache: the app shell (index.html) and the hashed assets every member's page may need (the
 *   admin console's big chunks are left out), so the app opens with no signal.
 * - Pages: always from the network (the server renders them, in the person's language); with no
 *   network, the precached shell marked offline, which the app boots from and says so.
 * - The feed's API answer: network first, the last answer kept (a phone with no signal shows the
 *   last feed it saw); listing photos once seen (cache first: their addresses never change).
 * - Updates: a new worker waits until the person chooses "Reload" (the page posts SKIP_WAITING), so
 *   a page never runs with assets of two versions.
 * - Pushes: shown as notifications, except a chat message for the conversation the person has open
 *   in front of them; a click opens (or focuses) the page it is about.
 */
import { endpoints } from '@swapu/shared/endpoints';
import type { PushPayload } from '@swapu/shared/push';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import * as navigationPreload from 'workbox-navigation-preload';
import { FEED_CACHE, OFFLINE_ATTRIBUTE } from './sw-names';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const SHELL = '/index.html';

// directoryIndex '': "/" is a page the server renders, never the precached shell while online.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first worker controls the page that installed it (nothing was there before it); an update
// waits for the person's "Reload" instead (no skipWaiting here).
clientsClaim();
navigationPreload.enable();

/** The precached shell, marked offline (the app shows it is), for a page that could not be fetched. */
async function offlineShell(): Promise<Response> {
  const shell = await matchPrecache(SHELL);
  if (!shell) return Response.error();
  const html = (await shell.text()).replace('<html ', `<html ${OFFLINE_ATTRIBUTE} `);
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

registerRoute(
  new NavigationRoute(new NetworkOnly({ plugins: [{ handlerDidError: offlineShell }] }), {
    denylist: [/^\/(api|media|identity|dev)(\/|$)/],
  }),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname === endpoints.feed.pattern,
  new NetworkFirst({
    cacheName: FEED_CACHE,
    // Slow signal: the last feed after 6 s, the network's answer still updates it for next time.
    networkTimeoutSeconds: 6,
    // The answer varies with the token and language headers; offline, any kept answer is better than none.
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 7 * 86_400 })],
  }),
);

// Listing photos seen while the worker was there: an offline feed shows them rather than broken images.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.destination === 'image' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'swapu-photos',
    plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true })],
  }),
);

// Hashed chunks not precached (the admin console's) are kept once fetched: a page open across a
// release still finds the chunks of its own version.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'swapu-assets', plugins: [new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Is the person looking at this page right now (a visible window of ours showing it)? */
async function lookingAt(path: string): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some((w) => w.visibilityState === 'visible' && new URL(w.url).pathname === path);
}

self.addEventListener('push', (event) => {
  let push: PushPayload;
  try {
    push = event.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!push?.title) return;
  event.waitUntil(
    (async () => {
      // The server held the message back while the room was being read; this catches a reader
      // whose "seen" had not reached it in time.
      if (push.kind === 'message' && (await lookingAt(push.url))) return;
      await self.registration.showNotification(push.title, {
        body: push.body,
        tag: push.tag,
        icon: '/pwa-192.png',
        badge: '/pwa-badge-96.png',
        data: { url: push.url },
        // A newer message of the same conversation replaces the last one, and still alerts.
        ...(push.kind === 'message' ? { renotify: true } : {}),
      } as NotificationOptions);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  if (!sameOrigin(url)) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      const open = windows.find((w) => new URL(w.url).pathname === url.pathname) ?? windows[0];
      if (!open) return void (await self.clients.openWindow(url.href));
      const focused = await open.focus();
      if (new URL(focused.url).pathname !== url.pathname) await focused.navigate(url.href);
    })(),
  );
});
