import type { SearchFilters } from '@swapu/shared/search';
import type { Viewer } from '../../lib/viewer';
import type { Origin } from './search-places';
import type { TextQuery } from './search-text';

/** Everything a search's SQL needs, worked out once by planSearch (search.service.ts). */
export interface SearchPlan {
  viewer: Viewer;
  now: Date;
  filters: SearchFilters;
  text: TextQuery;
  origin: Origin | null;
  /** The signed-in person's own categories and keywords ("wants what I have"). */
  mine: { categories: string[]; keywords: string[] } | null;
  /** How many live items the radius holds, estimated from the position sample. */
  radiusItems?: number;
  /** The place cells that narrow the radius inside the search index, when they are worth it. */
  radiusCells?: string | null;
  /** The cells for the radius beside 'boosted' (the boosted phase), always worth it. */
  boostedCells?: string | null;
  /**
   * Only a radius, holding few items: they are all read through the cells, then ordered. The
   * planner cannot know how few the cells hold, and walking a sort's index through them would
   * read the whole country's items one by one.
   */
  fewInPlace?: boolean;
  /**
   * Rank windows look among the last this-many weeks' matches first (week lexemes, migration
   * 0016; 0 for none): a one-word search whose word enough items use that a few weeks hold two
   * windows of them.
   */
  weeksFirst?: number;
  /**
   * Rank windows look among the last this-many days' matches first (day lexemes, migration 0045; 0
   * for none), before weeks: a one-word search whose word so many items use that a few days hold
   * two windows of them.
   */
  daysFirst?: number;
  /**
   * Rank windows ask this many months before the newest months one at a time (one month lexeme
   * each) before the rest of the table (0 for none): words the statistics say those months should
   * hold a window of.
   */
  earlierMonths?: number;
}
