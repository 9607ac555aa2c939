import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { refreshTokens, users } from '../../db/schema/index';
import type { Hub } from '../../lib/hub';

/**
 * Ends every session of an account at once: the account's token version moves on (so access
 * tokens already handed out stop opening anything, on every instance, before they expire) and
 * every refresh token is revoked. Call it inside the transaction of the change that causes it
 * (ban, deletion, password reset, sign-out everywhere, a takeover-proofing link), then
 * `announceSessionsEnded` after commit so open WebSockets close at once.
 */
export async function endSessions(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Tells every server instance to close the account's WebSockets (after the change committed). */
export async function announceSessionsEnded(hub: Hub | null, userId: string): Promise<void> {
  await hub?.publish({ users: [userId], kind: 'sessions-ended' });
}
