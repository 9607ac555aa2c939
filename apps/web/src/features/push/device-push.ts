import type { PushPreferences, PushSubscribe } from '@swapu/shared/push';
import { pushEndpoints } from '@swapu/shared/push-endpoints';
import { call } from '../../lib/api';

/**
 * This device's side of Web Push (decision 0053): the browser's permission and PushSubscription,
 * kept in step with the server's list of the member's devices.
 */

/** Can this browser receive pushes at all (a service worker, the Push API, notifications)? */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The person refused notifications (or dismissed the question) in the browser. */
export class PushBlockedError extends Error {}

const bytesOf = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};
const sameKey = (sub: PushSubscription, publicKey: string) => {
  const key = sub.options.applicationServerKey;
  if (!key) return false;
  const a = new Uint8Array(key);
  const b = bytesOf(publicKey);
  return a.length === b.length && a.every((x, i) => x === b[i]);
};

/** The service worker's registration, when it has one (the app registers it after the first page). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's subscription, or null. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/**
 * Turns pushes on for this device: asks the browser's permission (from the person's click), then
 * subscribes with the server's key and tells the server. Answers the member's switches.
 */
export async function enableDevicePush(): Promise<PushPreferences> {
  if (!pushSupported()) throw new PushBlockedError('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushBlockedError('denied');
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await call(pushEndpoints.pushPublicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, publicKey)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) });
  return call(pushEndpoints.pushSubscribe, { body: sub.toJSON() as PushSubscribe });
}

/** Turns pushes off for this device: the server forgets it, and the browser's subscription ends. */
export async function disableDevicePush(): Promise<void> {
  const sub = await deviceSubscription();
  if (!sub) return;
  await call(pushEndpoints.pushUnsubscribe, { body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}

/**
 * Ends this device's subscription without the server (the member signed out: their pushes must
 * stop here). The server removes the device when its push service next answers "gone".
 */
export async function forgetDevicePush(): Promise<void> {
  await (await deviceSubscription())?.unsubscribe();
}

const CHECKED_KEY = 'swapu.push.checked';
const CHECK_EVERY_MS = 86_400_000;

/**
 * Once a day, for a signed-in member whose device is subscribed: tells the server again (it drops
 * a device its push service said was gone, or after the member's device limit), and subscribes
 * anew if the server's key changed (a restore onto new keys). Never asks for permission.
 */
export async function keepDevicePushCurrent(userId: string): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const last = Number(localStorage.getItem(CHECKED_KEY)?.split(' ')[1] ?? 0);
  if (localStorage.getItem(CHECKED_KEY)?.startsWith(`${userId} `) && Date.now() - last < CHECK_EVERY_MS) return;
  const reg = await registration();
  let sub = await reg?.pushManager.getSubscription();
  if (!reg || !sub) return;
  const { publicKey } = await call(pushEndpoints.pushPublicKey);
  if (!sameKey(sub, publicKey)) {
    await sub.unsubscribe();
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) });
  }
  await call(pushEndpoints.pushSubscribe, { body: sub.toJSON() as PushSubscribe });
  localStorage.setItem(CHECKED_KEY, `${userId} ${Date.now()}`);
}
