import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { adminAudit, users } from '../db/schema/index';

import { AUDIT_ACTIONS, type AuditAction } from '@swapu/shared/audit';

export { AUDIT_ACTIONS, type AuditAction };

export type AuditEntry = {
  actorId: string;
  action: AuditAction;
  targetType: 'user' | 'post' | 'image' | 'report' | 'offer' | 'coupon' | 'design' | 'campaign' | 'blog' | 'support' | 'checkout';
  targetId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string;
};

/**
 * Writes one admin action to the append-only audit log. Call it inside the transaction that makes
 * the change, so the change and its record commit (or roll back) together. The actor's name is
 * copied from their account at that moment.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry, now: Date): Promise<void> {
  await tx.insert(adminAudit).values({
    actorId: entry.actorId,
    actorName: sql`coalesce((select ${users.displayName} from ${users} where ${users.id} = ${entry.actorId}), '')`,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? '',
    createdAt: now,
  });
}

export type AuditRow = typeof adminAudit.$inferSelect;

/** Newest first, keyset-paged on (created_at, id); optionally one target's history. */
export async function listAudit(
  db: Tx,
  opts: { limit: number; before?: { at: Date; id: number } | null; targetType?: string; targetId?: string; action?: string },
): Promise<AuditRow[]> {
  const where = and(
    opts.before
      ? or(lt(adminAudit.createdAt, opts.before.at), and(eq(adminAudit.createdAt, opts.before.at), lt(adminAudit.id, opts.before.id)))
      : undefined,
    opts.targetType ? eq(adminAudit.targetType, opts.targetType) : undefined,
    opts.targetId ? eq(adminAudit.targetId, opts.targetId) : undefined,
    opts.action ? eq(adminAudit.action, opts.action) : undefined,
  );
  return db.select().from(adminAudit).where(where).orderBy(desc(adminAudit.createdAt), desc(adminAudit.id)).limit(opts.limit);
}
