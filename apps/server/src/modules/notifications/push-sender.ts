import { createHash } from 'node:crypto';
import type { PushPayload } from '@swapu/shared/push';
import type { PushConfig } from '../../lib/vapid';

/** What became of one push: taken by the push service, the device gone for good, worth another try, or refused for good. */
export type PushResult =
  { status: 'sent' } | { status: 'gone'; error: string } | { status: 'retry'; error: string } | { status: 'failed'; error: string };

/** A push service holds an undelivered push this long (a day), then drops it: the bell still has it. */
export const PUSH_TTL_SECONDS = 86_400;
const SEND_TIMEOUT_MS = 10_000;

/** RFC 8030's Topic: at most 32 base64url characters; a newer push with the same topic replaces an undelivered one. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Sends one push: web-push encrypts the payload for the device (aes128gcm, RFC 8291) and signs the
 * request with the VAPID key (RFC 8292); the request itself goes out through fetch, with a
 * timeout and no redirects followed (an endpoint was checked before it was stored, a redirect
 * from it is not).
 */
export async function sendPush(
  device: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  vapid: PushConfig,
): Promise<PushResult> {
  const { default: webpush } = await import('web-push');
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: payload.kind === 'message' ? 'high' : 'normal',
      topic: topicOf(payload.tag),
      contentEncoding: 'aes128gcm',
    },
  );
  // fetch sets the length itself from the body.
  const headers = Object.fromEntries(
    Object.entries(details.headers as Record<string, string | number>)
      .filter(([k]) => k.toLowerCase() !== 'content-length')
      .map(([k, v]) => [k, String(v)]),
  );
  let res: Response;
  try {
    res = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (err) {
    return { status: 'retry', error: err instanceof Error ? err.message : String(err) };
  }
  const text = (await res.text().catch(() => '')).slice(0, 300);
  if (res.status >= 200 && res.status < 300) return { status: 'sent' };
  const error = `${res.status} ${text}`.trim();
  // 404 and 410: the subscription expired or the person unsubscribed in the browser (RFC 8030 §7.3).
  if (res.status === 404 || res.status === 410) return { status: 'gone', error };
  if (res.status === 429 || res.status >= 500) return { status: 'retry', error };
  return { status: 'failed', error };
}
