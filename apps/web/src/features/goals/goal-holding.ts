import type { MyPost } from '@swapu/shared/api';
import type { Goal } from '@swapu/shared/engagement';

/**
 * Where a goal's current item stands for its member, which decides what the goal card offers:
 * - `live`: my published listing of it (the start item, or my listing again of an item I
 *   received): suggestions offer it in one tap;
 * - `received`: someone else's listing I received in a swap, not listed by me again yet;
 * - `in_swap`: my listing, reserved by an accepted offer;
 * - `gone`: my listing, swapped for cash, sold, or withdrawn: the goal cannot move from it.
 * The server recognises my new listing of a received item by the same rule (goal-progress.ts):
 * the same title, compared without case, accents, punctuation or extra spaces, listed since
 * the swap (the server goes by when the listing was made; the card here, when it went live).
 */
export type Holding =
  { kind: 'live'; post: MyPost } | { kind: 'received' } | { kind: 'in_swap'; post: MyPost } | { kind: 'gone'; post: MyPost };

/** A title as the matching rule compares it (as the server's itemTitleKey). */
export const itemTitleKey = (title: string): string =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export function holdingOf(goal: Pick<Goal, 'current' | 'steps'>, mine: readonly MyPost[]): Holding {
  const own = mine.find((p) => p.id === goal.current.id);
  if (own) {
    if (own.state === 'published') return { kind: 'live', post: own };
    return own.state === 'reserved' ? { kind: 'in_swap', post: own } : { kind: 'gone', post: own };
  }
  const key = itemTitleKey(goal.current.title);
  const movedAt = goal.steps.at(-1)?.at;
  const again = mine.find(
    (p) => p.state === 'published' && key !== '' && itemTitleKey(p.title) === key && (!movedAt || p.publishedAt >= movedAt),
  );
  return again ? { kind: 'live', post: again } : { kind: 'received' };
}

/** Dollars as typed ("800", "1,250.50", "A$ 900") → cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const s = text
    .trim()
    .replace(/^(A|AU)?\$\s*/i, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, fraction = ''] = s.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
