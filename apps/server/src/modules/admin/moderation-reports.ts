import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { postReports, posts, userReports, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { AppError, errors } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';

/** What the moderation service needs of the app. */
export type ModerationDeps = Pick<AppContext, 'database' | 'storage' | 'hub' | 'viewers' | 'config'>;

/** How an admin closed a report (post_reports / user_reports.resolution). */
type Resolution = 'dismissed' | 'hidden' | 'warned' | 'banned';

/** The reason an admin must give (hide, remove a photo, warn, ban, resolve a dispute), trimmed; empty is refused. */
export function required(reason: string | undefined): string {
  const r = (reason ?? '').trim();
  if (!r) throw new AppError(400, 'moderation_reason_required', { reason: 'moderation_reason_required' });
  return r;
}

// ---- Closing reports ----------------------------------------------------------------------------

export async function resolvePostReports(tx: Tx, postId: string, resolution: Resolution, adminId: string, now: Date): Promise<number> {
  const closed = await tx
    .update(postReports)
    .set({ status: 'resolved', resolution, resolvedBy: adminId, resolvedAt: now })
    .where(and(eq(postReports.postId, postId), eq(postReports.status, 'open')))
    .returning({ id: postReports.id });
  return closed.length;
}

export async function resolveUserReports(tx: Tx, userId: string, resolution: Resolution, adminId: string, now: Date): Promise<number> {
  const closed = await tx
    .update(userReports)
    .set({ status: 'resolved', resolution, resolvedBy: adminId, resolvedAt: now })
    .where(and(eq(userReports.reportedId, userId), eq(userReports.status, 'open')))
    .returning({ id: userReports.id });
  return closed.length;
}

/**
 * Dismisses the open reports about a listing or a member: they are closed, nothing else changes
 * (the audit log records how many, when there were any).
 */
async function dismissReports(deps: ModerationDeps, adminId: string, target: 'post' | 'user', id: string, note: string, now: Date) {
  return deps.database.db.transaction(async (tx) => {
    const table = target === 'post' ? posts : users;
    const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!found) throw errors.notFound();
    const resolved =
      target === 'post'
        ? await resolvePostReports(tx, id, 'dismissed', adminId, now)
        : await resolveUserReports(tx, id, 'dismissed', adminId, now);
    if (resolved > 0)
      await recordAudit(
        tx,
        {
          actorId: adminId,
          action: 'report.dismiss',
          targetType: target,
          targetId: id,
          after: { resolvedReports: resolved },
          reason: note,
        },
        now,
      );
    return { resolvedReports: resolved };
  });
}

/** Dismisses a listing's open reports. */
export const dismissPostReports = (deps: ModerationDeps, adminId: string, postId: string, note: string, now: Date) =>
  dismissReports(deps, adminId, 'post', postId, note, now);

/** Dismisses the open reports about a member. */
export const dismissUserReports = (deps: ModerationDeps, adminId: string, userId: string, note: string, now: Date) =>
  dismissReports(deps, adminId, 'user', userId, note, now);
