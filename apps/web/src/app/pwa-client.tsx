import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import type { InfiniteData } from '@tanstack/react-query';
import type { PostList } from '@swapu/shared/api';
import { POSTS_LIMIT_DEFAULT } from '@swapu/shared/constants';
import { endpoints } from '@swapu/shared/endpoints';
import { forgetDevicePush, keepDevicePushCurrent } from '../features/push/device-push';
import { i18n } from '../i18n/index';
import { useTranslation } from '../i18n/react';
import { pathOf } from '../lib/api';
import { keyOf } from '../lib/query-keys';
import { getSession, GUEST_ID, subscribeSession } from '../lib/session';
import { FEED_CACHE, OFFLINE_ATTRIBUTE } from '../service-worker/sw-names';
import type { QueryClient } from '@tanstack/react-query';

/**
 * SwapU on the home screen, the page's side (issue 41 item 4, decision 0053). Loaded after the
 * first page has loaded (main.tsx), never part of its first JavaScript: registers the service
 * worker, offers the update it has waiting, says when the app is offline, keeps the last feed for
 * an offline start, and keeps this device's push subscription in step with who is signed in.
 */

const OFFLINE_ID = 'swapu-offline';
const UPDATE_ID = 'swapu-update';

function OfflineMessage() {
  const { t } = useTranslation('pwa');
  return <Text fz="sm">{t('offline.body')}</Text>;
}
function OfflineTitle() {
  const { t } = useTranslation('pwa');
  return <>{t('offline.title')}</>;
}

function UpdateMessage({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation('pwa');
  return (
    <Stack gap={8} align="flex-start">
      <Text fz="sm">{t('update.body')}</Text>
      <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden="true" />} onClick={onReload}>
        {t('update.reload')}
      </Button>
    </Stack>
  );
}
function UpdateTitle() {
  const { t } = useTranslation('pwa');
  return <>{t('update.title')}</>;
}

/** "You're offline" while the browser says so, or when the worker served the page from its shell. */
function watchConnection() {
  const show = () =>
    notifications.show({
      id: OFFLINE_ID,
      color: 'orange',
      icon: <IconWifiOff size={18} aria-hidden="true" />,
      title: <OfflineTitle />,
      message: <OfflineMessage />,
      autoClose: false,
      withCloseButton: false,
    });
  const root = document.documentElement;
  if (!navigator.onLine || root.hasAttribute(OFFLINE_ATTRIBUTE)) show();
  window.addEventListener('offline', show);
  window.addEventListener('online', () => {
    root.removeAttribute(OFFLINE_ATTRIBUTE);
    notifications.hide(OFFLINE_ID);
  });
}

/**
 * The first page of the home feed, as the browser would ask for it, kept in the worker's feed
 * cache: a page the server rendered carried it in its HTML (no API request the worker could keep),
 * so the page writes it there itself, and again whenever the feed's first page changes.
 */
function keepFeed(queryClient: QueryClient) {
  const key = keyOf(endpoints.feed, { query: {}, variant: 'pages' });
  const url = pathOf(endpoints.feed, { query: { limit: POSTS_LIMIT_DEFAULT } });
  let last: unknown;
  const save = () => {
    const first = queryClient.getQueryData<InfiniteData<PostList>>(key)?.pages[0];
    if (!first || first === last || !navigator.onLine || document.documentElement.hasAttribute(OFFLINE_ATTRIBUTE)) return;
    last = first;
    void caches
      .open(FEED_CACHE)
      .then((cache) => cache.put(url, new Response(JSON.stringify(first), { headers: { 'content-type': 'application/json' } })))
      .catch(() => {});
  };
  save();
  const hash = JSON.stringify(key);
  queryClient.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.query.queryHash === hash) save();
  });
}

/**
 * A member's pushes follow the member, not the device: when they sign out (or another member signs
 * in here), this device's subscription ends and the kept feed (which may hold their early-access
 * items) is dropped. Signed in, the subscription is renewed with the server once a day.
 */
function followSession() {
  let who = getSession().userId;
  if (who !== GUEST_ID) void keepDevicePushCurrent(who).catch(() => {});
  subscribeSession(() => {
    const now = getSession().userId;
    if (now === who) return;
    if (who !== GUEST_ID) {
      void forgetDevicePush().catch(() => {});
      void caches.delete(FEED_CACHE).catch(() => {});
    }
    who = now;
  });
}

/** Resolves when the browser has nothing better to do (or after `ms` at the latest). */
const idle = (ms: number) =>
  new Promise<void>((resolve) =>
    'requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: ms }) : setTimeout(resolve, 1),
  );

export async function startPwa(queryClient: QueryClient): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await i18n.loadNamespaces('pwa');
  watchConnection();
  // The worker's install fetches every precached file: after the page has settled, not while it
  // is still busy becoming interactive.
  await idle(5000);
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js');
  // A new version's worker is installed and waiting: it takes over only when the person says so,
  // then every tab reloads onto the new version together.
  wb.addEventListener('waiting', () => {
    wb.addEventListener('controlling', () => window.location.reload());
    notifications.show({
      id: UPDATE_ID,
      color: 'swapu',
      title: <UpdateTitle />,
      message: <UpdateMessage onReload={() => wb.messageSkipWaiting()} />,
      autoClose: false,
    });
  });
  try {
    await wb.register();
  } catch {
    // The browser refused the worker (private browsing, a policy, a test run that blocks workers):
    // SwapU works as a plain web page, without offline start or pushes on this device.
    return;
  }
  // A tab left open for days still hears of a release.
  setInterval(() => void wb.update().catch(() => {}), 3_600_000);
  if ('caches' in window) keepFeed(queryClient);
  followSession();
}
