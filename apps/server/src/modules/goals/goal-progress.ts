import { GOAL_STEP_UP } from '@swapu/shared/engagement';

/**
 * The trade-up rules of a goal tracker (issue 18), without the database: which completed swap
 * moves a goal, to which item, and how far along the goal is.
 *
 * A goal holds one item at a time (its current item: the start item until a swap). A completed
 * swap in which the member gave that item moves the goal to what they received:
 * - several items received: the most valuable (the first offered among equals);
 * - cash received together with items: the items count, the cash does not (the goal measures the
 *   item held, which is what the next swap can start from);
 * - cash only received: no step. There is no item to trade up from; the goal stays at the item
 *   that went, and the page says so (the member archives it or starts another goal).
 *
 * A listing stays its owner's after a swap (it is marked swapped), so an item the member received
 * is someone else's listing: to trade it on, the member lists it again. Their new listing stands
 * for the received item when it carries the same title (compared without case, punctuation or
 * extra spaces) and was listed after they received it.
 */

/** What the rules read of a listing. */
export interface ItemFacts {
  id: string;
  ownerId: string;
  title: string;
  valueCents: number;
  createdAt: Date;
}

/** What the rules read of a goal. */
export interface GoalFacts {
  userId: string;
  goalValueCents: number;
  /** When the goal last moved (its newest step), or null while it holds its start item. */
  movedAt: Date | null;
}

export interface TradeUpStep {
  /** The goal's current item the swap started from. */
  fromPostId: string;
  toPostId: string;
  /** The received item's value when the swap completed. */
  valueCents: number;
  /** The received item reaches the goal value. */
  reached: boolean;
}

/** A title as the matching rule compares it: lower case, letters and digits, single spaces. */
export const itemTitleKey = (title: string): string =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The member's own listing `item` stands for the goal's current item: it is that item, or — the
 * current item being one they received — their listing of it again (same title, listed since).
 */
export function standsForCurrent(goal: GoalFacts, current: ItemFacts, item: ItemFacts): boolean {
  if (item.id === current.id) return true;
  if (current.ownerId === goal.userId || item.ownerId !== goal.userId) return false;
  if (goal.movedAt && item.createdAt.getTime() < goal.movedAt.getTime()) return false;
  const key = itemTitleKey(item.title);
  return key !== '' && key === itemTitleKey(current.title);
}

/** The item a goal moves to from what the member received: the most valuable, the first among equals. */
export function pickReceived(received: readonly ItemFacts[]): ItemFacts | null {
  let best: ItemFacts | null = null;
  for (const r of received) if (!best || r.valueCents > best.valueCents) best = r;
  return best;
}

/**
 * The step a completed swap makes on a goal: null unless the member gave the goal's current
 * item (or their listing of it) and received at least one item.
 */
export function tradeUpStep(
  goal: GoalFacts,
  current: ItemFacts,
  swap: { gave: readonly ItemFacts[]; received: readonly ItemFacts[] },
): TradeUpStep | null {
  if (!swap.gave.some((item) => standsForCurrent(goal, current, item))) return null;
  const to = pickReceived(swap.received);
  if (!to) return null;
  return { fromPostId: current.id, toPostId: to.id, valueCents: to.valueCents, reached: to.valueCents >= goal.goalValueCents };
}

/** How far along a goal is, 0..1: the current item's value over the goal value (1 once completed). */
export function goalProgress(currentValueCents: number, goalValueCents: number, state: string): number {
  if (state === 'completed') return 1;
  if (goalValueCents <= 0) return 0;
  return Math.min(1, Math.max(0, currentValueCents / goalValueCents));
}

/** The values a suggestion may have: 10–50 % more than the current item's (whole cents, inclusive). */
export function stepUpRange(currentValueCents: number): { min: number; max: number } {
  const value = Math.max(0, currentValueCents);
  // Rounded to hundredths of a cent first: 10,000 × 1.1 is 11,000.000000000002 in floating point.
  const times = (ratio: number) => Math.round(value * (1 + ratio) * 100) / 100;
  return { min: Math.ceil(times(GOAL_STEP_UP.min)), max: Math.floor(times(GOAL_STEP_UP.max)) };
}
