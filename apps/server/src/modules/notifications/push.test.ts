import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUSH_DEVICES_MAX } from '@swapu/shared/push';
import { pushSubscriptions } from '../../db/schema/index';
import { loadConfig } from '../../config';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { startPushReceiver, type PushReceiver } from '../../test/push-receiver';
import { endpointAllowed } from './push-subscriptions';

let t: TestApp;
let rx: PushReceiver;
beforeAll(async () => {
  t = await createTestApp();
  rx = await startPushReceiver();
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

const subscribe = (m: TestMember, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/me/push-subscriptions', headers: m.headers, payload });
const devicesOf = (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('the VAPID key pair', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-vapid-'));
  const env = (dataDir: string, extra: Record<string, string> = {}) => ({ NODE_ENV: 'test', DATA_DIR: dataDir, ...extra });

  it('is generated once into DATA_DIR/vapid-keys (owner-only) and kept across starts', () => {
    const d = dir();
    const first = loadConfig(env(d)).push;
    expect(first).toMatchObject({ source: 'data-dir', subject: 'mailto:no-reply@swapu.au' });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(fs.statSync(path.join(d, 'vapid-keys')).mode & 0o777).toBe(0o600);
    expect(loadConfig(env(d)).push).toEqual(first);
    fs.rmSync(d, { recursive: true });
  });

  it('comes from the environment when both keys are set, and is refused when one is missing or they do not match', () => {
    const a = loadConfig(env(dir())).push;
    const b = loadConfig(env(dir())).push;
    expect(loadConfig(env(dir(), { VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: a.privateKey })).push).toMatchObject({
      source: 'env',
      publicKey: a.publicKey,
    });
    expect(() => loadConfig(env(dir(), { VAPID_PUBLIC_KEY: a.publicKey }))).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both/);
    expect(() => loadConfig(env(dir(), { VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: b.privateKey }))).toThrow(
      /are not one key pair/,
    );
    expect(() => loadConfig(env(dir(), { VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: b.privateKey }))).toThrow(/65 bytes/);
  });

  it('names a contact push services accept: VAPID_SUBJECT, else the address MAIL_FROM sends from', () => {
    expect(loadConfig(env(dir(), { MAIL_FROM: 'Swaps <hello@swaps.example>' })).push.subject).toBe('mailto:hello@swaps.example');
    expect(loadConfig(env(dir(), { VAPID_SUBJECT: 'https://swaps.example/contact' })).push.subject).toBe('https://swaps.example/contact');
    expect(() => loadConfig(env(dir(), { VAPID_SUBJECT: 'http://localhost:3000' }))).toThrow(
      /VAPID_SUBJECT: must be a mailto: address or an https: URL/,
    );
  });
});

describe('push endpoints', () => {
  it('posts only to known push services over https; a loopback-only server also to loopback (tests)', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ])
      expect(endpointAllowed(ok, false), ok).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:5432/',
      'https://localhost/push',
      'not a url',
    ])
      expect(endpointAllowed(bad, false), bad).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:4000/push/x', true)).toBe(true);
    expect(endpointAllowed('http://10.0.0.5/push/x', true)).toBe(false);
  });
});

describe('subscribing a device', () => {
  it('gives anyone the public key, stores a member’s device and answers their switches', async () => {
    const key = await t.app.inject({ url: '/api/v1/push/public-key' });
    expect(key.json()).toEqual({ publicKey: t.config.push.publicKey });
    expect(key.body).not.toContain(t.config.push.privateKey);

    const ana = await signUpMember(t.app);
    const device = rx.device();
    const res = await subscribe(ana, device.subscription);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ messages: true, offers: true, matches: true, chains: true, devices: 1 });
    // The same device again renews it.
    expect((await subscribe(ana, device.subscription)).json().devices).toBe(1);
    expect(await devicesOf(ana.id)).toMatchObject([{ endpoint: device.subscription.endpoint, p256dh: device.subscription.keys.p256dh }]);
  });

  it('refuses keys of the wrong size and a push service it does not post to', async () => {
    const ana = await signUpMember(t.app);
    const device = rx.device().subscription;
    const short = await subscribe(ana, { ...device, keys: { ...device.keys, p256dh: device.keys.p256dh.slice(0, 40) } });
    expect(short.statusCode).toBe(400);
    expect((await subscribe(ana, { ...device, keys: { ...device.keys, auth: 'AAAA' } })).statusCode).toBe(400);
    const elsewhere = await subscribe(ana, { ...device, endpoint: 'http://10.1.2.3/push/x' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toMatchObject({ code: 'push_service_refused', fields: { endpoint: 'push_service_refused' } });
    expect(await devicesOf(ana.id)).toHaveLength(0);
  });

  it('hands a browser’s endpoint to the member who subscribes with it last', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const device = rx.device().subscription;
    await subscribe(ana, device);
    await subscribe(ben, device);
    expect(await devicesOf(ana.id)).toHaveLength(0);
    expect(await devicesOf(ben.id)).toHaveLength(1);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices per member, dropping the one used longest ago, even when they subscribe at once`, async () => {
    const ana = await signUpMember(t.app);
    const first = rx.device().subscription;
    await subscribe(ana, first);
    t.clock.advance(1000);
    const others = Array.from({ length: PUSH_DEVICES_MAX + 2 }, () => rx.device().subscription);
    const answers = await Promise.all(others.map((d) => subscribe(ana, d)));
    expect(answers.map((a) => a.statusCode)).toEqual(others.map(() => 200));
    const kept = await devicesOf(ana.id);
    expect(kept).toHaveLength(PUSH_DEVICES_MAX);
    expect(kept.map((d) => d.endpoint)).not.toContain(first.endpoint);
  });

  it('unsubscribes only the member’s own device', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const device = rx.device().subscription;
    await subscribe(ana, device);
    const del = (m: TestMember) =>
      t.app.inject({ method: 'DELETE', url: '/api/v1/me/push-subscriptions', headers: m.headers, payload: { endpoint: device.endpoint } });
    expect((await del(ben)).statusCode).toBe(204);
    expect(await devicesOf(ana.id)).toHaveLength(1);
    expect((await del(ana)).statusCode).toBe(204);
    expect(await devicesOf(ana.id)).toHaveLength(0);
  });
});

describe('switches', () => {
  it('are all on at first; switching one off leaves the others as they were', async () => {
    const ana = await signUpMember(t.app);
    const get = () => t.app.inject({ url: '/api/v1/me/push-preferences', headers: ana.headers });
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/v1/me/push-preferences', headers: ana.headers, payload });
    expect((await get()).json()).toEqual({ messages: true, offers: true, matches: true, chains: true, devices: 0 });
    expect((await patch({ offers: false })).json()).toEqual({ messages: true, offers: false, matches: true, chains: true, devices: 0 });
    expect((await patch({ chains: false })).json()).toMatchObject({ offers: false, chains: false, messages: true });
    expect((await patch({ offers: true })).json()).toMatchObject({ offers: true, chains: false });
    expect((await get()).json()).toMatchObject({ offers: true, chains: false, messages: true, matches: true });
    expect((await patch({ offers: 'yes' })).statusCode).toBe(400);
  });
});
