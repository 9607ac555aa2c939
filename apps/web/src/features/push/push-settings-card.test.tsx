import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import { PushSettingsCard } from './push-settings-card';

const KEY = 'BB3tMrCBUsX7GgAiEXT0Ob0YDWokA9qjWakEjq-jPcPwnhHAk9nebcxZZjcdDA75BaqW5PXT7gIoYIpXvO7KMFA';
const SUB = { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } };
const PREFS = { messages: true, offers: true, matches: true, chains: true, devices: 0 };

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sent = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init!.body)) as unknown }));

/** A browser with the Push API: a worker registration whose PushManager hands out SUB. */
function pushBrowser(permission: NotificationPermission) {
  let current: object | null = null;
  const subscription = {
    ...SUB,
    options: { applicationServerKey: null },
    toJSON: () => SUB,
    unsubscribe: vi.fn(async () => ((current = null), true)),
  };
  const pushManager = {
    getSubscription: async () => current,
    subscribe: vi.fn(async () => (current = subscription)),
  };
  const registration = { pushManager };
  const notification = { permission, requestPermission: vi.fn(async () => 'granted' as const) };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { pushManager, notification, subscription };
}

const renderCard = () => renderRoutes([{ path: '/', Component: PushSettingsCard }]);

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', 'ana');
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/me/push-preferences' && init?.method === 'PATCH')
      return json(200, { ...PREFS, ...(JSON.parse(String(init.body)) as object), devices: 1 });
    if (url === '/api/v1/me/push-preferences') return json(200, PREFS);
    if (url === '/api/v1/push/public-key') return json(200, { publicKey: KEY });
    if (url === '/api/v1/me/push-subscriptions' && init?.method === 'POST') return json(200, { ...PREFS, devices: 1 });
    if (url === '/api/v1/me/push-subscriptions' && init?.method === 'DELETE') return json(204);
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('notifications on this device', () => {
  it('says so when the browser cannot receive them', async () => {
    renderCard();
    expect(await screen.findByText("This browser can't receive notifications from SwapU.")).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('asks the browser, subscribes with the server’s key and tells the server; switching off forgets the device', async () => {
    const browser = pushBrowser('default');
    renderCard();
    const device = (await screen.findByRole('switch', { name: /Notify me on this device/ })) as HTMLInputElement;
    await waitFor(() => expect(device.disabled).toBe(false));
    expect(device.checked).toBe(false);
    await act(async () => fireEvent.click(device));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    await waitFor(() => expect(device.checked).toBe(true));
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(sent('POST')).toEqual([{ url: '/api/v1/me/push-subscriptions', body: SUB }]);
    expect(await screen.findByText('Notifications go to 1 device.')).toBeTruthy();

    await act(async () => fireEvent.click(device));
    await waitFor(() => expect(device.checked).toBe(false));
    expect(sent('DELETE')).toEqual([{ url: '/api/v1/me/push-subscriptions', body: { endpoint: SUB.endpoint } }]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('switches one kind for all the member’s devices', async () => {
    pushBrowser('granted');
    renderCard();
    const matches = (await screen.findByRole('switch', { name: 'Matches' })) as HTMLInputElement;
    await waitFor(() => expect(matches.disabled).toBe(false));
    expect(matches.checked).toBe(true);
    await act(async () => fireEvent.click(matches));
    await waitFor(() => expect(matches.checked).toBe(false));
    expect(sent('PATCH')).toEqual([{ url: '/api/v1/me/push-preferences', body: { matches: false } }]);
  });

  it('explains a browser that blocked notifications, and does not ask again', async () => {
    const browser = pushBrowser('denied');
    renderCard();
    expect(await screen.findByText(/Notifications are blocked for SwapU in this browser/)).toBeTruthy();
    const device = screen.getByRole('switch', { name: /Notify me on this device/ }) as HTMLInputElement;
    expect(device.disabled).toBe(true);
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });
});
