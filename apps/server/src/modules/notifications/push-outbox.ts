import { sql } from 'drizzle-orm';
import { PUSH_MESSAGE_GRACE_MS, type PushKind } from '@swapu/shared/push';
import type { Tx } from '../../db/client';

/** The in-app notification kinds that are also pushed, and the switch (push_preferences column) each answers to. */
export const PUSHED_KINDS = { message: 'messages', offer: 'offers', match: 'matches', chain: 'chains' } as const satisfies Record<
  string,
  PushKind
>;
export type PushedKind = keyof typeof PUSHED_KINDS;
export const isPushedKind = (kind: string): kind is PushedKind => Object.hasOwn(PUSHED_KINDS, kind);

/**
 * Queues a notice's push for each of the member's devices, in the caller's transaction (so it
 * commits or vanishes with the change it is about), unless the member switched that kind off.
 * One statement; a member with no device writes nothing.
 */
export async function queuePush(
  tx: Tx,
  notice: { userId: string; kind: PushedKind; data: Record<string, string>; link: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await tx.execute(sql`
    insert into push_outbox (id, subscription_id, user_id, kind, data, link, created_at, due_at)
    select gen_random_uuid()::text, ps.id, ps.user_id, ${notice.kind}, ${JSON.stringify(notice.data)}::jsonb, ${notice.link},
      ${at}::timestamptz, ${at}::timestamptz
    from push_subscriptions ps
    where ps.user_id = ${notice.userId}
      and coalesce((select pp.${sql.identifier(PUSHED_KINDS[notice.kind])} from push_preferences pp where pp.user_id = ${notice.userId}), true)`);
}

/**
 * The chat send statement's part (chat.service.ts SEND_SQL, as a CTE after `m`, the message, and
 * `ok`, the recipient): one push per device of the recipient, due PUSH_MESSAGE_GRACE_MS later, so a
 * member looking at the room has seen the message by then and is not pushed (decision 0053).
 * $1 is the room, $5 the time, $11 the room's link.
 */
export const MESSAGE_PUSH_CTE = `push as (
    insert into push_outbox (id, subscription_id, user_id, kind, data, link, created_at, due_at)
    select gen_random_uuid()::text, ps.id, ps.user_id, 'message',
      jsonb_build_object('roomId', $1::text, 'messageId', m.id, 'seq', m.seq::text), $11, $5::timestamptz,
      $5::timestamptz + interval '${PUSH_MESSAGE_GRACE_MS} milliseconds'
    from m cross join ok join push_subscriptions ps on ps.user_id = ok.other
    where coalesce((select pp.messages from push_preferences pp where pp.user_id = ok.other), true)
  )`;
