import { z } from 'zod';

/**
 * Web Push (issue 41 item 4, decision 0053): a device's subscription and which kinds of news a
 * member wants pushed. Every kind is on until the member switches it off.
 */
export const PUSH_KINDS = ['messages', 'offers', 'matches', 'chains'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** How long a chat message waits before it is pushed: the member looking at the room marks it seen meanwhile. */
export const PUSH_MESSAGE_GRACE_MS = 3000;
/** The most devices one member receives pushes on; subscribing another drops the one unused longest. */
export const PUSH_DEVICES_MAX = 10;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url')
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes, `${bytes} bytes`);

/** A browser's PushSubscription as its toJSON() gives it (the keys it encrypts with). */
export const PushSubscribeSchema = z.object({
  endpoint: z.string().url().max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscribe = z.infer<typeof PushSubscribeSchema>;

/** A device that no longer wants pushes (its subscription's endpoint). */
export const PushUnsubscribeSchema = z.object({ endpoint: z.string().max(1000) });

/** The server's VAPID public key (base64url), which browsers subscribe with. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/** Which kinds are pushed to the member's devices, and on how many devices they are subscribed. */
export const PushPreferencesSchema = z.object({
  messages: z.boolean(),
  offers: z.boolean(),
  matches: z.boolean(),
  chains: z.boolean(),
  devices: z.number().int(),
});
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;

/** Some kinds switched on or off. */
export const PushPreferencesUpdateSchema = z
  .object({ messages: z.boolean(), offers: z.boolean(), matches: z.boolean(), chains: z.boolean() })
  .partial()
  .strict();

/** What a push carries (encrypted for the device; the service worker shows it). */
export interface PushPayload {
  kind: 'message' | 'offer' | 'match' | 'chain';
  title: string;
  body: string;
  /** The page it opens (a path on this site). */
  url: string;
  /** Pushes with one tag replace each other on the device (a room's, an offer's). */
  tag: string;
}
