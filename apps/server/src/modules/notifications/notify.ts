import { notifications } from '../../db/schema/index';
import type { Tx } from '../../db/client';
import type { Hub } from '../../lib/hub';
import { newId } from '../../lib/ids';
import { isPushedKind, queuePush } from './push-outbox';

/** One in-app notification: who hears it, what kind, what its text needs, where it leads. */
export interface Notice {
  userId: string;
  kind: 'offer' | 'match' | 'saved_search' | 'delivery' | 'goal' | 'chain' | 'moderation' | 'payment';
  data: Record<string, string>;
  link: string;
}

/**
 * The one way a module tells someone something in the app (the bell, /notification). A module
 * writes its notices inside its own transaction (`add`), so they commit or vanish with the change
 * they are about, then announces them through the hub after the commit (`announce`), so every
 * instance's open sockets hear at once. (Chat's "new message" notice is written by the message
 * send statement itself, one per unread room; decision 0010.)
 */
export class Notices {
  private readonly written: Array<{ id: string; userId: string }> = [];

  /** Writes a notice in the caller's transaction, and its push for each of the member's devices (offers, matches, chains). */
  async add(tx: Tx, notice: Notice, now: Date): Promise<string> {
    const id = newId();
    await tx
      .insert(notifications)
      .values({ id, userId: notice.userId, kind: notice.kind, data: notice.data, link: notice.link, createdAt: now });
    const { kind } = notice;
    if (isPushedKind(kind)) await queuePush(tx, { ...notice, kind }, now);
    this.written.push({ id, userId: notice.userId });
    return id;
  }

  /** After the commit: each recipient's sockets, on every instance, hear of their notice. */
  async announce(hub: Hub | null): Promise<void> {
    const written = this.written.splice(0);
    await Promise.all(written.map((n) => hub?.publish({ users: [n.userId], kind: 'notification', id: n.id })));
  }
}
