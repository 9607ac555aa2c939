import { eq } from 'drizzle-orm';
import { paths } from '@swapu/shared/paths';
import type { Tx } from '../../db/client';
import { posts, users } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { postSupport } from '../chat/index';
import { Notices } from '../notifications/index';
import { announceBan, banUser } from './ban';
import { recordAudit } from '../../lib/audit';
import { type ModerationDeps, required, resolvePostReports, resolveUserReports } from './moderation-reports';

// ---- Members --------------------------------------------------------------------------------------

/** A member other than the admin, still there; and the reported listing named with the action, which must be theirs. */
async function target(tx: Tx, adminId: string, userId: string, postId: string | undefined) {
  const [member] = await tx
    .select({ id: users.id, language: users.language, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!member || member.deletedAt) throw errors.notFound();
  if (userId === adminId) throw errors.badRequest('data_invalid', { id: 'You cannot do this to your own account.' });
  if (postId) {
    const [post] = await tx.select({ ownerId: posts.ownerId }).from(posts).where(eq(posts.id, postId));
    if (!post) throw errors.notFound();
    if (post.ownerId !== userId) throw errors.badRequest('data_invalid', { postId: 'That listing is not this member’s.' });
  }
  return member;
}

function warningText(language: string, reason: string) {
  return language.startsWith('pt')
    ? `Aviso da equipa SwapU: ${reason}\nSe voltar a acontecer, a sua conta pode ser suspensa. Responda aqui se tiver dúvidas.`
    : `A warning from the SwapU team: ${reason}\nIf it happens again your account may be suspended. Reply here if you have questions.`;
}

/**
 * Warns a member: a message from the team in their support thread with the reason, and a
 * notification; their open reports (and the named listing's) are closed as 'warned'.
 */
export async function warnUser(
  deps: ModerationDeps,
  adminId: string,
  userId: string,
  reasonIn: string,
  postId: string | undefined,
  now: Date,
) {
  const reason = required(reasonIn);
  const notices = new Notices();
  const out = await deps.database.db.transaction(async (tx) => {
    const member = await target(tx, adminId, userId, postId);
    const message = await postSupport(tx, null, userId, adminId, true, warningText(member.language, reason), now);
    await notices.add(tx, { userId, kind: 'moderation', data: { event: 'warned', reason }, link: paths.support }, now);
    const resolved =
      (await resolveUserReports(tx, userId, 'warned', adminId, now)) +
      (postId ? await resolvePostReports(tx, postId, 'warned', adminId, now) : 0);
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'user.warn',
        targetType: 'user',
        targetId: userId,
        after: { postId: postId ?? null, resolvedReports: resolved },
        reason,
      },
      now,
    );
    return { messageId: message.id, resolvedReports: resolved };
  });
  await notices.announce(deps.hub);
  await deps.hub?.publish({ users: [userId], kind: 'support', id: out.messageId, admins: true }).catch(() => undefined);
  return { resolvedReports: out.resolvedReports };
}

/** Suspends a member through the one ban path (admin/ban.ts); their open reports (and the named listing's) close as 'banned'. */
export async function banFromQueue(
  deps: ModerationDeps,
  adminId: string,
  userId: string,
  reasonIn: string,
  postId: string | undefined,
  now: Date,
) {
  const reason = required(reasonIn);
  const out = await deps.database.db.transaction(async (tx) => {
    await target(tx, adminId, userId, postId);
    const outcome = await banUser(tx, { actorId: adminId, userId, banned: true, reason }, now);
    if (!outcome) throw errors.notFound();
    const resolved =
      (await resolveUserReports(tx, userId, 'banned', adminId, now)) +
      (postId ? await resolvePostReports(tx, postId, 'banned', adminId, now) : 0);
    // Already suspended: banUser wrote nothing, but closing the reports is still an admin's change.
    if (!outcome.changed && resolved > 0)
      await recordAudit(
        tx,
        {
          actorId: adminId,
          action: 'user.ban',
          targetType: 'user',
          targetId: userId,
          after: { alreadyBanned: true, resolvedReports: resolved },
          reason,
        },
        now,
      );
    return { outcome, resolvedReports: resolved };
  });
  await announceBan(deps, out.outcome);
  return { resolvedReports: out.resolvedReports };
}
