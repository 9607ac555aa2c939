import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import type { Hub } from '../../lib/hub';
import { accountsChanged, type ViewerCache } from '../../lib/viewer-cache';
import { recordAudit } from '../../lib/audit';
import { announceSessionsEnded, endSessions } from '../auth/index';
import { postSupport } from '../chat/index';
import { returnPoints, withdrawPoints } from '../points/index';

/** What an admin decided about an account: suspend it (banned) or lift the suspension, and why. */
export interface BanChange {
  actorId: string;
  userId: string;
  banned: boolean;
  /** Shown to the member in their support thread and kept in the audit log; may be empty. */
  reason: string;
}

export interface BanOutcome {
  id: string;
  banned: boolean;
  /** False when the account was already in that state (nothing was written). */
  changed: boolean;
  /** The team's message in the member's support thread, to announce after commit. */
  supportMessageId: string | null;
}

/** The team's words in the member's support thread, in their language. */
function banMessage(language: string, banned: boolean, reason: string): string {
  const pt = language.startsWith('pt');
  const head = banned
    ? pt
      ? 'A sua conta foi suspensa pela equipa SwapU.'
      : 'Your account has been suspended by the SwapU team.'
    : pt
      ? 'A suspensão da sua conta foi levantada. Bem-vindo de volta!'
      : 'The suspension of your account has been lifted. Welcome back!';
  if (!reason) return head;
  return `${head}\n${pt ? 'Motivo' : 'Reason'}: ${reason}`;
}

/**
 * Suspends an account or lifts its suspension, inside the caller's transaction: the flag, its
 * reason and time; a ban ends every session at once (signing in again shows the contact-support
 * message) and takes the member off the leaderboards, lifting it brings them back; the team tells
 * the member in their support thread; the audit log records it. The one ban path: the admin users
 * route (PUT /api/v1/admin/users/:id/ban) and the moderation queue both call it. Resolves to null
 * for an unknown (or deleted) account. Call `announceBan` after the commit.
 */
export async function banUser(tx: Tx, change: BanChange, now: Date): Promise<BanOutcome | null> {
  const [before] = await tx
    .select({ id: users.id, banned: users.banned, reason: users.bannedReason, language: users.language, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, change.userId))
    .for('update');
  if (!before || before.deletedAt) return null;
  if (before.banned === change.banned) return { id: before.id, banned: before.banned, changed: false, supportMessageId: null };
  await tx
    .update(users)
    .set({
      banned: change.banned,
      bannedReason: change.banned ? change.reason || null : null,
      bannedAt: change.banned ? now : null,
      updatedAt: now,
    })
    .where(eq(users.id, change.userId));
  if (change.banned) {
    await endSessions(tx, change.userId, now);
    await withdrawPoints(tx, change.userId);
  } else await returnPoints(tx, change.userId);
  const message = await postSupport(
    tx,
    null,
    change.userId,
    change.actorId,
    true,
    banMessage(before.language, change.banned, change.reason),
    now,
  );
  await recordAudit(
    tx,
    {
      actorId: change.actorId,
      action: change.banned ? 'user.ban' : 'user.unban',
      targetType: 'user',
      targetId: change.userId,
      before: { banned: before.banned, bannedReason: before.reason },
      after: { banned: change.banned, bannedReason: change.banned ? change.reason || null : null },
      reason: change.reason,
    },
    now,
  );
  return { id: before.id, banned: change.banned, changed: true, supportMessageId: message.id };
}

/** After the ban's commit: open sockets close (ban) or the account is read afresh (lifted); the support thread hears. */
export async function announceBan(ctx: { hub: Hub | null; viewers: ViewerCache }, outcome: BanOutcome): Promise<void> {
  if (!outcome.changed) return;
  if (outcome.banned) await announceSessionsEnded(ctx.hub, outcome.id);
  accountsChanged(ctx, [outcome.id]);
  if (outcome.supportMessageId)
    await ctx.hub?.publish({ users: [outcome.id], kind: 'support', id: outcome.supportMessageId, admins: true }).catch(() => undefined);
}
