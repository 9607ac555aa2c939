import { sql } from 'drizzle-orm';
import type { SearchFilters } from '@swapu/shared/search';
import type { Database, Tx } from '../../db/client';
import { errors } from '../../lib/errors';
import { rowsOf } from '../../lib/sql-rows';
import type { Viewer } from '../../lib/viewer';
import { geoSample, memo, type GeoSample } from './position-sample';

/**
 * Places: where distances are measured from (a locality, the browser's position or the member's
 * own suburb), and the place cells (lexemes of a grid over the map, in the search vector) that let
 * the search index narrow a radius beside words and categories.
 */

export interface Origin {
  label: string;
  lat: number;
  lng: number;
}

const LOCATION_LABEL = 'Your location';

/**
 * A browser position to a ten-millionth of a degree (about a centimetre): finer means nothing on a
 * map, and a denormal such as 3.5e-323 makes earthdistance's trigonometry underflow (a 500).
 */
const toMicrodegrees = (v: number) => Math.round(v * 1e7) / 1e7 || 0;

/** "Newtown", "2042", "Newtown 2042" or "Newtown, NSW 2042" → the locality's coordinates. */
export async function resolveNear(db: Tx, near: string): Promise<Origin | null> {
  const postcode = near.match(/\b(\d{4})\b/)?.[1];
  const name = near
    .replace(/\b\d{4}\b/, '')
    .replace(/\b(NSW|VIC|QLD|SA|WA|TAS|NT|ACT)\b/i, '')
    .replace(/[,]+/g, ' ')
    .trim()
    .toLowerCase();
  if (!postcode && !name) return null;
  const [r] = await rowsOf<{ suburb: string; postcode: string; au_state: string; lat: number; lng: number }>(
    db,
    sql`select suburb, postcode, au_state, lat, lng from localities
      where ${postcode ? sql`postcode = ${postcode}` : sql`true`}
        and ${name ? sql`lower(suburb) = ${name}` : sql`true`}
      order by suburb limit 1`,
  );
  return r ? { label: `${r.suburb} ${r.au_state} ${r.postcode}`, lat: r.lat, lng: r.lng } : null;
}

export async function resolveOrigin(db: Tx, viewer: Viewer, f: SearchFilters): Promise<Origin | null> {
  if (f.lat !== undefined && f.lng !== undefined) return { label: LOCATION_LABEL, lat: toMicrodegrees(f.lat), lng: toMicrodegrees(f.lng) };
  if (f.near) {
    const found = await resolveNear(db, f.near);
    if (!found) throw errors.badRequest('address_invalid', { near: 'address_invalid' });
    return found;
  }
  if (!viewer.userId) return null;
  const [me] = await rowsOf<{
    suburb: string | null;
    au_state: string | null;
    postcode: string | null;
    lat: number | null;
    lng: number | null;
  }>(db, sql`select suburb, au_state, postcode, lat, lng from users where id = ${viewer.userId}`);
  if (!me || me.lat === null || me.lng === null) return null;
  return { label: [me.suburb, me.au_state, me.postcode].filter(Boolean).join(' '), lat: me.lat, lng: me.lng };
}

/** The grids of the cell lexemes written by posts_search_fields (migration 0013), finest first. */
const CELL_GRIDS = [
  { name: 'g1', deg: 0.05 },
  { name: 'g2', deg: 0.25 },
  { name: 'g3', deg: 1.25 },
];
const MAX_CELLS = 36;
/**
 * A radius alone estimated to hold this many live items or more is not narrowed by cells: reading
 * its items through the cells (rows scattered over the table) then costs more than walking the
 * newest items and keeping those inside. Where the two meet was measured at a million listings
 * (decision 0011, "Measurements").
 */
export const CELLS_BELOW_ITEMS = 2_500;

/** A rectangle of cells of one grid that covers a circle. */
export interface CellCover {
  grid: (typeof CELL_GRIDS)[number];
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
const coverSize = (c: CellCover) => (c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1);

/** The covers of a circle in at most MAX_CELLS cells, finest grid first. */
export function cellCovers(o: { lat: number; lng: number }, km: number): CellCover[] {
  const dLat = km / 111.2;
  const dLng = km / (111.2 * Math.max(0.05, Math.cos((o.lat * Math.PI) / 180)));
  const out: CellCover[] = [];
  for (const grid of CELL_GRIDS) {
    const cover = {
      grid,
      x0: Math.floor((Math.max(-90, o.lat - dLat) + 90) / grid.deg),
      x1: Math.floor((Math.min(90, o.lat + dLat) + 90) / grid.deg),
      y0: Math.floor((o.lng - dLng + 180) / grid.deg),
      y1: Math.floor((o.lng + dLng + 180) / grid.deg),
    };
    if (coverSize(cover) <= MAX_CELLS) out.push(cover);
  }
  return out;
}

/** A cover as tsquery text: one OR of its cell lexemes. */
export function coverQuery(c: CellCover): string {
  const cells: string[] = [];
  for (let x = c.x0; x <= c.x1; x++) for (let y = c.y0; y <= c.y1; y++) cells.push(`'${c.grid.name}x${x}y${y}'`);
  return cells.join(' | ');
}

/** The cells of the finest grid covering a circle in at most MAX_CELLS, as tsquery text. */
export function cellsQuery(o: { lat: number; lng: number }, km: number): string | null {
  const first = cellCovers(o, km)[0];
  return first ? coverQuery(first) : null;
}

/**
 * What one cell costs, in heap rows, when the cells narrow other index conditions (words,
 * categories, 'boosted'): GIN advances every cell of the OR to each candidate the other conditions
 * find, which is cheap but not free beside fetching and rechecking a row (the ratio was measured,
 * decision 0011, "Measurements").
 */
const CELL_COST_ROWS_PER_LIVE = 1 / 140;

/**
 * The cover of a circle that is cheapest to scan. Alone, the cells cost the rows they hold, so the
 * finest cover wins. Beside other conditions every cell also costs an advance per candidate, so a
 * coarser cover with a few more rows but far fewer cells wins; the rows each cover holds come from
 * the position sample.
 */
export async function bestCells(database: Database, o: { lat: number; lng: number }, km: number, alone: boolean): Promise<string | null> {
  const covers = cellCovers(o, km);
  if (covers.length <= 1 || alone) return covers[0] ? coverQuery(covers[0]) : null;
  const s = await geoSample(database);
  if (!s.lat.length) return coverQuery(covers[0]!);
  return memo(s, `cells:${o.lat}:${o.lng}:${km}`, () => coverQuery(cheapestCover(s, covers)));
}

function cheapestCover(s: GeoSample, covers: CellCover[]): CellCover {
  const scale = s.live / s.lat.length;
  let best = covers[0]!;
  let bestCost = Infinity;
  for (const c of covers) {
    const lat0 = c.x0 * c.grid.deg - 90;
    const lat1 = (c.x1 + 1) * c.grid.deg - 90;
    const lng0 = c.y0 * c.grid.deg - 180;
    const lng1 = (c.y1 + 1) * c.grid.deg - 180;
    let inside = 0;
    for (let i = 0; i < s.lat.length; i++) {
      const la = s.lat[i]!;
      const ln = s.lng[i]!;
      if (la >= lat0 && la < lat1 && ln >= lng0 && ln < lng1) inside++;
    }
    const cost = inside * scale + coverSize(c) * s.live * CELL_COST_ROWS_PER_LIVE;
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}
