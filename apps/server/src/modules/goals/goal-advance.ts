import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { GOAL_COMPLETED_POINTS } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import type { Tx } from '../../db/client';
import { goals, goalSteps, offerItems, offers, posts, swapChainMembers } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { Notices } from '../notifications/index';
import { awardPoints } from '../points/index';
import { tradeUpStep, type GoalFacts, type ItemFacts } from './goal-progress';

type OfferRow = typeof offers.$inferSelect;

/**
 * A swap completed (offers.service `complete`, in its transaction): each active goal of either
 * party whose current item that party gave moves to the item they received (in a swap chain's
 * leg, the receiver's goal moves from the item they give in the chain) (goal-progress.ts
 * has the rules). A goal reaching its value is completed, once: its points and an in-app
 * notification (announced after commit by the caller's `notices`; without them, seen on the next
 * look at the bell). The goals are locked, so a
 * goal never takes two steps from one item at once; a step is recorded once per goal and offer.
 */
export async function advanceGoals(tx: Tx, o: OfferRow, now: Date, notices?: Notices): Promise<void> {
  const active = await tx
    .select()
    .from(goals)
    .where(and(inArray(goals.userId, [o.offererId, o.ownerId]), eq(goals.state, 'active')))
    .orderBy(asc(goals.id))
    .for('update');
  if (active.length === 0) return;

  const offered = await tx
    .select({ postId: offerItems.postId })
    .from(offerItems)
    .where(eq(offerItems.offerId, o.id))
    .orderBy(asc(offerItems.position));
  const offeredIds = offered.map((i) => i.postId);
  // A swap chain's leg (decision 0028) lists nothing offered: its receiver (the offerer) gave the
  // item they give in the chain, in another leg, and its giver receives in another leg.
  const chainGave = o.chainId
    ? (
        await tx
          .select({ postId: swapChainMembers.givesPostId })
          .from(swapChainMembers)
          .where(and(eq(swapChainMembers.chainId, o.chainId), eq(swapChainMembers.userId, o.offererId)))
      ).map((r) => r.postId)
    : [];
  const ids = [...new Set([o.postId, ...offeredIds, ...chainGave, ...active.map((g) => g.currentPostId)])];
  const items = new Map(
    (
      await tx
        .select({ id: posts.id, ownerId: posts.ownerId, title: posts.title, value: posts.cashValueCents, createdAt: posts.createdAt })
        .from(posts)
        .where(inArray(posts.id, ids))
    ).map((p): [string, ItemFacts] => [
      p.id,
      { id: p.id, ownerId: p.ownerId, title: p.title, valueCents: p.value ?? 0, createdAt: p.createdAt },
    ]),
  );
  const facts = (list: string[]) => list.map((id) => items.get(id)).filter((p): p is ItemFacts => !!p);
  // The offerer gave the offered items (or their chain item) for the target; the owner gave the
  // target for the offered items (for nothing in this leg of a chain).
  const swapOf = (userId: string) =>
    userId === o.offererId
      ? { gave: facts(o.chainId ? chainGave : offeredIds), received: facts([o.postId]) }
      : { gave: facts([o.postId]), received: facts(offeredIds) };

  const moved = new Map(
    (
      await tx
        .select({ goalId: goalSteps.goalId, at: max(goalSteps.createdAt), seq: max(goalSteps.seq) })
        .from(goalSteps)
        .where(
          inArray(
            goalSteps.goalId,
            active.map((g) => g.id),
          ),
        )
        .groupBy(goalSteps.goalId)
    ).map((r) => [r.goalId, r]),
  );

  for (const g of active) {
    const current = items.get(g.currentPostId);
    if (!current) continue;
    const goal: GoalFacts = { userId: g.userId, goalValueCents: g.goalValueCents, movedAt: moved.get(g.id)?.at ?? null };
    const step = tradeUpStep(goal, current, swapOf(g.userId));
    if (!step) continue;
    const recorded = await tx
      .insert(goalSteps)
      .values({
        id: newId(),
        goalId: g.id,
        offerId: o.id,
        fromPostId: step.fromPostId,
        toPostId: step.toPostId,
        valueCents: step.valueCents,
        // The goal is locked above, so the next number is free.
        seq: (moved.get(g.id)?.seq ?? 0) + 1,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: goalSteps.id });
    if (recorded.length === 0) continue;
    await tx
      .update(goals)
      .set({ currentPostId: step.toPostId, ...(step.reached ? { state: 'completed', completedAt: now } : {}) })
      .where(eq(goals.id, g.id));
    if (!step.reached) continue;
    await awardPoints(tx, { userId: g.userId, points: GOAL_COMPLETED_POINTS, reason: 'goal_completed', sourceId: g.id, now });
    const title = items.get(step.toPostId)?.title ?? '';
    await (notices ?? new Notices()).add(
      tx,
      {
        userId: g.userId,
        kind: 'goal',
        data: { event: 'completed', goalName: g.name, postTitle: title, goalId: g.id },
        link: paths.myGoals,
      },
      now,
    );
  }
}
