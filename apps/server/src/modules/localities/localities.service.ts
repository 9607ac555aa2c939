import { asc, like, sql } from 'drizzle-orm';
import type { Locality } from '@swapu/shared/api';
import type { Tx } from '../../db/client';
import { localities } from '../../db/schema/index';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Suburbs starting with the text, or postcodes starting with the digits typed. */
export async function suggestLocalities(db: Tx, q: string, limit: number): Promise<Locality[]> {
  const text = q.trim().toLowerCase();
  const where = /^\d+$/.test(text)
    ? like(localities.postcode, `${escapeLike(text)}%`)
    : sql`lower(${localities.suburb}) like ${`${escapeLike(text)}%`}`;
  const rows = await db
    .select()
    .from(localities)
    .where(where)
    .orderBy(asc(sql`length(${localities.suburb})`), asc(localities.suburb), asc(localities.postcode))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    suburb: r.suburb,
    postcode: r.postcode,
    state: r.auState,
    lat: r.lat,
    lng: r.lng,
  }));
}
