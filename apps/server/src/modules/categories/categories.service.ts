import { asc } from 'drizzle-orm';
import type { CategoryCount } from '@swapu/shared/api';
import type { Tx } from '../../db/client';
import { categories } from '../../db/schema/index';
import type { Viewer } from '../../lib/viewer';
import { countByCategory } from '../posts/index';

/** Every category in display order with the number of posts this viewer can see in it. */
export async function listCategories(db: Tx, viewer: Viewer, now: Date): Promise<CategoryCount[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position)),
    countByCategory(db, viewer, now),
  ]);
  return rows.map((c) => ({ slug: c.slug, special: c.special, count: counts.get(c.slug) ?? 0 }));
}
