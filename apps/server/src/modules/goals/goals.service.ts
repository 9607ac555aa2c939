import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PostCard } from '@swapu/shared/api';
import { CATEGORIES } from '@swapu/shared/constants';
import type { Goal, GoalBody, GoalPatch } from '@swapu/shared/engagement';
import type { Tx } from '../../db/client';
import { goals, goalSteps, posts, users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { publishedVisibleTo, type Viewer } from '../../lib/viewer';
import { cardColumns, toCard, type CardRow } from '../posts/index';
import { goalProgress } from './goal-progress';

/**
 * Goal trackers (spec section 3 "Goal tracker": goal name, goal item, goal cash value, start
 * item; issue 18): a member's goals, written and read; the trade-up itself is goal-advance.ts,
 * the suggestions goal-suggestions.ts.
 */

export type GoalRow = typeof goals.$inferSelect;
type StepRow = typeof goalSteps.$inferSelect;
type GoalCardRow = CardRow & { ownerId: string };

const isCategory = (c: string): boolean => (CATEGORIES as readonly string[]).includes(c);

/** Keywords as stored: trimmed, each once (whatever its case), in the order given. */
function cleanKeywords(words: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words ?? []) {
    const word = w.trim().replace(/\s+/g, ' ');
    if (word && !seen.has(word.toLowerCase())) {
      seen.add(word.toLowerCase());
      out.push(word);
    }
  }
  return out;
}

/** The value a goal holds now: the item received at its newest step, else its start item's. */
const currentValue = (steps: readonly StepRow[], start: PostCard) => steps.at(-1)?.valueCents ?? start.cashValueCents;

/** Cards of these listings, whatever their state (a goal shows the items it went through). */
async function cardsOf(db: Tx, ids: string[], now: Date): Promise<Map<string, { card: PostCard; row: GoalCardRow }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ ...cardColumns, ownerId: posts.ownerId })
    .from(posts)
    .where(inArray(posts.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => {
      const { state: _state, ...card } = toCard(r, now);
      return [r.id, { card, row: r }];
    }),
  );
}

/**
 * The goals as the API shows them, in the order given. `seen` (a public profile) leaves out a
 * goal showing any listing the viewer may not see (a draft, a withdrawn one, one in early access).
 */
async function present(db: Tx, rows: GoalRow[], now: Date, seen?: (row: GoalCardRow) => boolean): Promise<Goal[]> {
  if (rows.length === 0) return [];
  const steps = await db
    .select()
    .from(goalSteps)
    .where(
      inArray(
        goalSteps.goalId,
        rows.map((g) => g.id),
      ),
    )
    .orderBy(asc(goalSteps.goalId), asc(goalSteps.seq));
  const cards = await cardsOf(
    db,
    [...rows.flatMap((g) => [g.startPostId, g.currentPostId]), ...steps.flatMap((s) => [s.fromPostId, s.toPostId])],
    now,
  );
  const out: Goal[] = [];
  for (const g of rows) {
    const own = steps.filter((s) => s.goalId === g.id);
    const ids = [g.startPostId, g.currentPostId, ...own.flatMap((s) => [s.fromPostId, s.toPostId])];
    // Listings cascade away with their goals and steps, so each is here; a check costs nothing.
    if (ids.some((id) => !cards.has(id) || (seen && !seen(cards.get(id)!.row)))) continue;
    const start = cards.get(g.startPostId)!.card;
    out.push({
      id: g.id,
      name: g.name,
      goalItem: g.goalItem,
      goalCategory: g.goalCategory,
      goalKeywords: g.goalKeywords,
      goalValueCents: g.goalValueCents,
      state: g.state as Goal['state'],
      showOnProfile: g.showOnProfile,
      start,
      current: cards.get(g.currentPostId)!.card,
      progress: goalProgress(currentValue(own, start), g.goalValueCents, g.state),
      steps: own.map((s) => ({
        offerId: s.offerId,
        from: cards.get(s.fromPostId)!.card,
        to: cards.get(s.toPostId)!.card,
        valueCents: s.valueCents,
        at: s.createdAt.toISOString(),
      })),
      createdAt: g.createdAt.toISOString(),
      completedAt: g.completedAt?.toISOString() ?? null,
    });
  }
  return out;
}

/** One of the member's goals, or 404 (someone else's is not found either). */
export async function ownGoal(db: Tx, userId: string, goalId: string, lock = false): Promise<GoalRow> {
  const query = db
    .select()
    .from(goals)
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)));
  const [g] = lock ? await query.for('update') : await query;
  if (!g) throw errors.notFound();
  return g;
}

/** My goals, newest first, in every state. */
export async function listMyGoals(db: Tx, userId: string, now: Date): Promise<{ items: Goal[] }> {
  const rows = await db.select().from(goals).where(eq(goals.userId, userId)).orderBy(desc(goals.createdAt), desc(goals.id));
  return { items: await present(db, rows, now) };
}

/**
 * Sets a goal from one of my published items. The goal value must be more than the start item's
 * (a goal already reached is no goal); the category, when given, one of the 36.
 */
export async function createGoal(db: Tx, userId: string, body: GoalBody, now: Date): Promise<Goal> {
  if (body.goalCategory && !isCategory(body.goalCategory))
    throw errors.badRequest('data_invalid', { goalCategory: 'Choose one of the categories.' });
  const [start] = await db
    .select({ id: posts.id, value: posts.cashValueCents })
    .from(posts)
    .where(and(eq(posts.id, body.startPostId), eq(posts.ownerId, userId), eq(posts.state, 'published')));
  if (!start) throw new AppError(400, 'goal_start_item', { startPostId: 'Choose one of your published items.' });
  if (body.goalValueCents <= (start.value ?? 0))
    throw new AppError(400, 'cash_value_invalid', { goalValueCents: 'The goal value must be more than the start item’s value.' });
  const id = newId();
  await db.insert(goals).values({
    id,
    userId,
    name: body.name,
    goalItem: body.goalItem,
    goalCategory: body.goalCategory ?? null,
    goalKeywords: cleanKeywords(body.goalKeywords),
    goalValueCents: body.goalValueCents,
    startPostId: start.id,
    currentPostId: start.id,
    state: 'active',
    showOnProfile: body.showOnProfile ?? false,
    createdAt: now,
  });
  return (await present(db, [await ownGoal(db, userId, id)], now))[0]!;
}

/**
 * Renames a goal, shows it on my profile or not, archives it or makes it active again. A
 * completed goal stays completed: only its name and its place on my profile change.
 */
export async function updateGoal(db: Tx, userId: string, goalId: string, patch: GoalPatch, now: Date): Promise<Goal> {
  return db.transaction(async (tx) => {
    const g = await ownGoal(tx, userId, goalId, true);
    if (patch.state && patch.state !== g.state && g.state === 'completed')
      throw errors.badRequest('data_invalid', { state: 'A completed goal stays completed.' });
    const set: Partial<GoalRow> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.showOnProfile !== undefined) set.showOnProfile = patch.showOnProfile;
    if (patch.state !== undefined && g.state !== 'completed') set.state = patch.state;
    const [row] = Object.keys(set).length ? await tx.update(goals).set(set).where(eq(goals.id, g.id)).returning() : [g];
    return (await present(tx, [row!], now))[0]!;
  });
}

/**
 * A member's goals on their profile: those they chose to show, active or completed (never
 * archived), each only if the viewer may see every listing it shows. Unknown or deleted member: 404.
 */
export async function publicGoals(db: Tx, viewer: Viewer, userId: string, now: Date): Promise<{ items: Goal[] }> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  if (!u) throw errors.notFound();
  const rows = await db
    .select()
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.showOnProfile, true), inArray(goals.state, ['active', 'completed'])))
    .orderBy(desc(goals.createdAt), desc(goals.id));
  const seen = (p: GoalCardRow) =>
    viewer.role === 'admin' ||
    viewer.userId === p.ownerId ||
    (p.state !== 'draft' &&
      p.state !== 'archived' &&
      p.publishedAt !== null &&
      publishedVisibleTo(viewer, { ownerId: p.ownerId, publishedAt: p.publishedAt }, now));
  return { items: await present(db, rows, now, seen) };
}
