import { devices, type Browser, type Locator, type Page } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { auth, backdate, listItem, member, type Member } from './support/fixtures';
import { signInWithStorage } from './support/accounts';
import { startPushReceiver, type PushDevice, type PushReceiver } from '../apps/server/src/test/push-receiver';

/**
 * SwapU on the home screen (issue 41 item 4, decision 0053), on a phone, in both languages: the
 * manifest and its icons, the service worker, a reload with no signal (the app shell, the last
 * feed, "You're offline"), the update prompt when a new worker waits, and notifications on this
 * device. Chromium here has no push service (and its headless shell no notification permission),
 * so the page's PushManager is replaced by one that hands out a device of the test's own push service (apps/server/src/test/push-receiver.ts): the
 * server's real pushes reach it, and it checks their VAPID signature and decrypts them.
 */

const TEXTS = {
  'en-US': {
    manifest: '/manifest.webmanifest',
    description: /swap marketplace/,
    offline: "You're offline",
    update: 'Update available',
    reload: 'Reload',
    pushTitle: 'Notifications on this device',
    device: 'Notify me on this device',
    on: 'Notifications are on for this device',
    kinds: { messages: 'Chat messages', offers: 'Offers and their changes', matches: 'Matches', chains: 'Swap chains' },
    offerPush: (name: string, title: string) => ({ title: 'Offer update', body: `${name} made an offer for ${title}` }),
  },
  'pt-PT': {
    manifest: '/manifest.pt-PT.webmanifest',
    description: /mercado de trocas/,
    offline: 'Está sem ligação',
    update: 'Atualização disponível',
    reload: 'Recarregar',
    pushTitle: 'Notificações neste dispositivo',
    device: 'Notificar-me neste dispositivo',
    on: 'As notificações estão ativas neste dispositivo',
    kinds: { messages: 'Mensagens do chat', offers: 'Ofertas e as suas alterações', matches: 'Novos matches', chains: 'Cadeias de trocas' },
    offerPush: (name: string, title: string) => ({ title: 'Novidades da oferta', body: `${name} fez uma oferta por ${title}` }),
  },
} as const;
type Lang = keyof typeof TEXTS;

/** A phone in this language; with `push`, notifications allowed and the test's push service standing in for the browser's. */
async function phone(browser: Browser, lang: Lang, opts: { account?: Member; push?: PushDevice } = {}) {
  const { defaultBrowserType: _b, ...pixel } = devices['Pixel 7'];
  // The journeys run without service workers (playwright.config.ts); these are about the worker.
  const context = await browser.newContext({
    ...pixel,
    locale: lang,
    permissions: opts.push ? ['notifications'] : [],
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  if (opts.account) await signInWithStorage(page, opts.account);
  await page.addInitScript((l) => window.localStorage.setItem('swapu.lang', l), lang);
  if (opts.push)
    await page.addInitScript((json) => {
      // The headless shell the journeys may run in denies notifications whatever the context grants.
      if (Notification.permission !== 'granted') {
        Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
        Notification.requestPermission = async () => 'granted';
      }
      // A PushManager whose subscription is the test's device (kept across reloads, as a browser keeps it).
      const KEY = 'e2e-push-subscription';
      const make = (s: { key: number[] }) => ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(s.key).buffer },
        toJSON: () => json,
        getKey: () => null,
        unsubscribe: async () => (window.localStorage.removeItem(KEY), true),
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const s = { key: [...new Uint8Array(options!.applicationServerKey as ArrayBuffer)] };
        window.localStorage.setItem(KEY, JSON.stringify(s));
        return make(s) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const s = window.localStorage.getItem(KEY);
        return (s ? make(JSON.parse(s)) : null) as unknown as PushSubscription;
      };
    }, opts.push.subscription);
  return { context, page };
}

/** The service worker controls the page (installed after the page loaded, its precache filled). */
const controlled = (page: Page) =>
  page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: budget(90_000), polling: 250 });

/** The pushes the device has received so far, once there are `n`. */
async function pushesOnce(rx: PushReceiver, device: PushDevice, n: number) {
  await expect.poll(() => rx.pushesTo(device).length, { timeout: budget(20_000) }).toBe(n);
  return rx.pushesTo(device).map((p) => p.payload);
}

/**
 * The element lies within the page's width, edge to edge (the header fitting the phone in both
 * languages is e2e/header-fit.spec.ts's).
 */
async function fitsThePhone(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  const width = await page.evaluate(() => window.innerWidth);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** A little longer than the server holds a chat message (3 s) plus a turn of its worker (1 s). */
const PUSH_WAIT_MS = 6000;

for (const lang of ['en-US', 'pt-PT'] as const) {
  const t = TEXTS[lang];

  test(`installable, and opens with no signal showing the last feed and that it is offline (${lang}) @phone`, async ({
    browser,
    request,
  }, info) => {
    test.skip(info.project.name !== 'phone', 'a phone journey: it opens phone-sized contexts of its own');
    test.setTimeout(budget(180_000));
    const { context, page } = await phone(browser, lang);
    await page.goto('/');

    // The manifest of the page's language, and every icon it names.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe(t.manifest);
    const res = await request.get(href!);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'SwapU',
      short_name: 'SwapU',
      lang,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#2f9e5b',
    });
    expect(manifest.description).toMatch(t.description);
    const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const png = await request.get(icon.src);
      expect(png.headers()['content-type']).toBe('image/png');
      const body = await png.body();
      // The PNG's own width and height (IHDR) are what the manifest says.
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

    // The worker takes the page; the feed's first page is kept for later.
    await controlled(page);
    const firstTitle = (await page.getByTestId('post-card').first().locator('[data-user-content]').innerText()).trim();
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('swapu-feed')).keys()).length), { timeout: budget(20_000) })
      .toBeGreaterThan(0);
    // Once more online, now through the worker: the photos it shows are kept too.
    await page.reload();

    // No signal: a reload still opens SwapU, says it is offline, and shows the last feed.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(t.offline)).toBeVisible();
    await fitsThePhone(page, page.getByRole('alert').filter({ hasText: t.offline }));
    await expect(page.locator('html')).toHaveAttribute('data-swapu-offline', '');
    await expect(page.getByRole('link', { name: 'SwapU' }).first()).toBeVisible();
    await expect(page.getByTestId('post-card').first()).toContainText(firstTitle);
    await page.screenshot({ path: info.outputPath(`offline-${lang}.png`) });

    // The signal comes back: the notice goes.
    await context.setOffline(false);
    await expect(page.getByText(t.offline)).toBeHidden();

    // A new version's worker installs and waits: nothing changes until the person says so.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?release=next'));
    const prompt = page.getByRole('alert').filter({ hasText: t.update });
    await expect(prompt).toBeVisible({ timeout: budget(30_000) });
    await fitsThePhone(page, prompt);
    expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toMatch(/\/sw\.js$/);
    await page.screenshot({ path: info.outputPath(`update-${lang}.png`) });
    await prompt.getByRole('button', { name: t.reload }).click();
    await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('?release=next'), undefined, {
      timeout: budget(30_000),
    });
    await expect(page.getByText(t.update)).toBeHidden();
  });

  test(`notifications on this device: switched on, each kind saved, pushes arrive encrypted in the member's language (${lang}) @phone`, async ({
    browser,
    request,
  }, info) => {
    test.skip(info.project.name !== 'phone', 'a phone journey: it opens phone-sized contexts of its own');
    test.setTimeout(budget(180_000));
    const rx = await startPushReceiver();
    try {
      const device = rx.device();
      const ben = await member(request, lang === 'pt-PT' ? 'Rui Ramos' : 'Ben Okafor');
      const ana = await member(request, lang === 'pt-PT' ? 'Ana Sousa' : 'Ana Lee');
      expect((await request.patch('/api/v1/me', { headers: auth(ben), data: { language: lang } })).status()).toBe(200);
      const { page } = await phone(browser, lang, { account: ben, push: device });
      await page.goto(`/user-detail/${ben.id}`);
      await controlled(page);

      const card = page.getByTestId('push-settings');
      await expect(card.getByRole('heading', { name: t.pushTitle })).toBeVisible();
      const onThisDevice = card.getByRole('switch', { name: t.device });
      await expect(onThisDevice).not.toBeChecked();
      await onThisDevice.click();
      await expect(page.getByText(t.on)).toBeVisible();
      await expect(onThisDevice).toBeChecked();
      await fitsThePhone(page, card);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`push-settings-${lang}.png`) });

      // Matches off: saved on the server, still off after a reload; the device still on.
      const matches = card.getByRole('switch', { name: t.kinds.matches, exact: true });
      await matches.click();
      await expect(matches).not.toBeChecked();
      await expect
        .poll(async () => (await (await request.get('/api/v1/me/push-preferences', { headers: auth(ben) })).json()).matches)
        .toBe(false);
      await page.reload();
      await expect(card.getByRole('switch', { name: t.kinds.matches, exact: true })).not.toBeChecked();
      await expect(card.getByRole('switch', { name: t.kinds.offers, exact: true })).toBeChecked();
      await expect(card.getByRole('switch', { name: t.device })).toBeChecked();
      expect((await (await request.get('/api/v1/me/push-preferences', { headers: auth(ben) })).json()).devices).toBe(1);

      // An offer for Ben's item: pushed to this device, in Ben's language, signed with the server's key.
      const title = lang === 'pt-PT' ? 'Bicicleta de estrada' : 'Road bike';
      const bike = await listItem(request, ben, title);
      // Past early access (24 h), so Ana, not a subscriber, may offer for it.
      await backdate(request, bike, 25);
      const made = await request.post('/api/v1/offers', { headers: auth(ana), data: { postId: bike, cashKind: 'add', cashCents: 5000 } });
      expect(made.status(), await made.text()).toBe(201);
      const [offer] = await pushesOnce(rx, device, 1);
      expect(offer).toMatchObject({ kind: 'offer', ...t.offerPush(ana.displayName, title), url: `/swap-offer/${(await made.json()).id}` });
      const { publicKey } = await (await request.get('/api/v1/push/public-key')).json();
      expect(rx.pushesTo(device)[0]!.vapid.publicKey).toBe(publicKey);

      // A chat message while Ben has the conversation open in front of him: not pushed.
      const roomId = (await (await request.post('/api/v1/rooms', { headers: auth(ana), data: { userId: ben.id } })).json()).id as string;
      await page.goto(`/discuss/${roomId}`);
      await expect(page.getByTestId('room')).toBeVisible();
      const say = (body: string) => request.post(`/api/v1/rooms/${roomId}/messages`, { headers: auth(ana), data: { body } });
      expect((await say('Is it still available?')).status()).toBe(201);
      await expect(page.getByTestId('message-body').filter({ hasText: 'Is it still available?' })).toBeVisible();
      await page.waitForTimeout(PUSH_WAIT_MS);
      expect(rx.pushesTo(device)).toHaveLength(1);

      // Away from it, the next one is.
      await page.goto('/');
      expect((await say('I can pick it up today')).status()).toBe(201);
      const [, message] = await pushesOnce(rx, device, 2);
      expect(message).toMatchObject({ kind: 'message', title: ana.displayName, body: 'I can pick it up today', url: `/discuss/${roomId}` });

      // Chat messages switched off: no more.
      await page.goto(`/user-detail/${ben.id}`);
      const messages = page.getByTestId('push-settings').getByRole('switch', { name: t.kinds.messages, exact: true });
      await messages.click();
      await expect(messages).not.toBeChecked();
      await expect
        .poll(async () => (await (await request.get('/api/v1/me/push-preferences', { headers: auth(ben) })).json()).messages)
        .toBe(false);
      expect((await say('Hello?')).status()).toBe(201);
      await page.waitForTimeout(PUSH_WAIT_MS);
      expect(rx.pushesTo(device)).toHaveLength(2);
      expect(rx.rejected).toEqual([]);
    } finally {
      await rx.close();
    }
  });
}
