import { and, count, eq, sql } from 'drizzle-orm';
import { PUSH_DEVICES_MAX, type PushPreferences, type PushSubscribe } from '@swapu/shared/push';
import type { Database, Tx } from '../../db/client';
import { pushPreferences, pushSubscriptions } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isLoopbackHost } from '../../lib/deployment';
import { newId } from '../../lib/ids';

/**
 * The push services SwapU posts to (Chrome, Edge, Firefox, Safari and the browsers built on them).
 * The server sends a request to whatever endpoint a member subscribes with, so any other address
 * is refused: an endpoint is never a way to make the server call into its own network. A leading
 * dot matches the domain's subdomains.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

/** May the server post to this endpoint? https to a known push service; on a loopback-only server also a loopback address (tests, journeys). */
export function endpointAllowed(endpoint: string, localOnly: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (localOnly && isLoopbackHost(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  return PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));
}

/** The member's switches (every kind on without a row) and how many devices are subscribed. */
export async function pushPreferencesOf(db: Tx, userId: string): Promise<PushPreferences> {
  const [prefs] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  const [devices] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return {
    messages: prefs?.messages ?? true,
    offers: prefs?.offers ?? true,
    matches: prefs?.matches ?? true,
    chains: prefs?.chains ?? true,
    devices: devices?.n ?? 0,
  };
}

/**
 * Subscribes a device (or renews it: the same endpoint again). An endpoint another member had is
 * theirs no more, and nothing queued for them goes to it. Past PUSH_DEVICES_MAX the device unused
 * longest is dropped; the member's row is locked meanwhile, so two devices subscribing at once
 * count each other.
 */
export async function subscribePush(
  database: Database,
  userId: string,
  sub: PushSubscribe,
  now: Date,
  localOnly: boolean,
): Promise<PushPreferences> {
  if (!endpointAllowed(sub.endpoint, localOnly)) throw new AppError(400, 'push_service_refused', { endpoint: 'push_service_refused' });
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ id: newId(), userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, createdAt: now, usedAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, usedAt: now },
      })
      .returning({ id: pushSubscriptions.id });
    // Another member's pushes waiting for this device stay theirs: they are not sent to it.
    await tx.execute(sql`delete from push_outbox where subscription_id = ${row!.id} and user_id <> ${userId} and done_at is null`);
    await tx.execute(sql`
      delete from push_subscriptions where user_id = ${userId} and id not in (
        select id from push_subscriptions where user_id = ${userId} order by used_at desc, id limit ${PUSH_DEVICES_MAX})`);
    return pushPreferencesOf(tx, userId);
  });
}

/** This device no longer gets the member's pushes (nothing happens for an endpoint that is not theirs). */
export async function unsubscribePush(db: Tx, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Switches kinds on or off; the others stay as they were. */
export async function updatePushPreferences(
  db: Tx,
  userId: string,
  change: Partial<Record<'messages' | 'offers' | 'matches' | 'chains', boolean>>,
  now: Date,
): Promise<PushPreferences> {
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => typeof v === 'boolean'));
  await db
    .insert(pushPreferences)
    .values({ userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { ...set, updatedAt: now } });
  return pushPreferencesOf(db, userId);
}
