import { effectiveAssistUntilSql } from '../assist/index';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { MyPost } from '@swapu/shared/api';
import type { ErrorCode } from '@swapu/shared/errors';
import type { PostFields } from '@swapu/shared/listing';
import { cardColumns, toCard } from './post-card';
import { materialsError, parseCashValue, parseMeasure, publishErrors } from '@swapu/shared/listing-rules';
import { SIZE_PRESETS, type PostState, type SizePreset } from '@swapu/shared/constants';
import type { Db, Tx } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { localities, posts, users } from '../../db/schema/index';
import { POINTS } from '@swapu/shared/offers';
import { awardPoints } from '../points/index';
import { AppError, errors } from '../../lib/errors';
import { guard } from '../../lib/guards';
import { newId } from '../../lib/ids';
import type { Viewer } from '../../lib/viewer';
import { rowsOf } from '../../lib/sql-rows';

type PostRow = typeof posts.$inferSelect;
type PostSet = Partial<typeof posts.$inferInsert>;

/** The post, if the viewer may change it: its owner (or an admin). */
export async function ownPost(db: Tx, viewer: Viewer, id: string): Promise<PostRow> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
  if (!row) throw errors.notFound();
  if (row.ownerId !== viewer.userId && viewer.role !== 'admin' && guard('post-owner')) throw errors.forbidden('permission_denied');
  return row;
}

/** Turns form fields into column values, refusing bad ones with the spec's messages. */
async function toColumns(db: Tx, f: PostFields): Promise<PostSet> {
  const set: PostSet = {};
  if (f.title !== undefined) set.title = f.title;
  if (f.description !== undefined) set.description = f.description;
  if (f.categories !== undefined) set.categories = [...new Set(f.categories)];
  if (f.keywords !== undefined) set.keywords = [...new Set(f.keywords)];
  if (f.wishCategories !== undefined) set.wishCategories = [...new Set(f.wishCategories)];
  if (f.wishKeywords !== undefined) set.wishKeywords = [...new Set(f.wishKeywords)];
  if (f.condition !== undefined) set.condition = f.condition;
  if (f.openToSelling !== undefined) set.openToSelling = f.openToSelling;
  if (f.openToSwapAnything !== undefined) set.openToSwapAnything = f.openToSwapAnything;
  if (f.deliveryOption !== undefined) set.deliveryOption = f.deliveryOption;
  if (f.cashValueCents !== undefined) {
    const cash = parseCashValue(f.cashValueCents);
    if (cash.error) throw new AppError(400, cash.error, { cashValueCents: cash.error });
    set.cashValueCents = cash.cents;
  }
  if (f.sizePreset !== undefined) {
    set.sizePreset = f.sizePreset;
    // A preset fills in the size it stands for; explicit measures below still win.
    const preset = f.sizePreset ? SIZE_PRESETS[f.sizePreset as SizePreset] : undefined;
    if (preset) Object.assign(set, { lengthCm: preset.lengthCm, widthCm: preset.widthCm, heightCm: preset.heightCm });
  }
  const measure = (key: 'weightKg' | 'lengthCm' | 'widthCm' | 'heightCm', code: 'weight_required' | 'dimensions_required') => {
    const raw = f[key];
    if (raw === undefined) return;
    const value = parseMeasure(raw);
    if (value === null && raw !== null && raw !== '') throw new AppError(400, code, { [key]: code });
    set[key] = value;
  };
  measure('weightKg', 'weight_required');
  measure('lengthCm', 'dimensions_required');
  measure('widthCm', 'dimensions_required');
  measure('heightCm', 'dimensions_required');
  if (f.materials !== undefined) {
    const rows = f.materials.filter((m) => m.material || m.percent !== null);
    const error = materialsError(rows);
    if (error) throw new AppError(400, error, { materials: error });
    set.materials = rows.map((m) => ({ material: m.material!, percent: m.percent! }));
  }
  if (f.location !== undefined) {
    if (f.location === null) Object.assign(set, { suburb: null, postcode: null, auState: null, lat: null, lng: null });
    else {
      const [loc] = await db
        .select()
        .from(localities)
        .where(and(sql`lower(${localities.suburb}) = ${f.location.suburb.toLowerCase()}`, eq(localities.postcode, f.location.postcode)))
        .limit(1);
      if (!loc) throw new AppError(400, 'address_invalid', { location: 'address_invalid' });
      Object.assign(set, { suburb: loc.suburb, postcode: loc.postcode, auState: loc.auState, lat: loc.lat, lng: loc.lng });
    }
  }
  return set;
}

function firstPublishError(row: PostRow): AppError | null {
  const errs: Record<string, ErrorCode> = publishErrors(row);
  // A live listing has a place people can find it by (suburb and postcode, never an address).
  if (!row.suburb || !row.postcode) errs.location = 'address_invalid';
  const entries = Object.entries(errs);
  if (entries.length === 0) return null;
  return new AppError(400, entries[0]![1], Object.fromEntries(entries));
}

/** Starts a draft owned by the caller, located at their suburb unless told otherwise. */
export async function createDraft(db: Tx, userId: string, fields: PostFields, now: Date): Promise<string> {
  const set = await toColumns(db, fields);
  const [owner] = await db.select().from(users).where(eq(users.id, userId));
  const id = newId();
  await db.insert(posts).values({
    id,
    ownerId: userId,
    state: 'draft',
    suburb: owner?.suburb ?? null,
    postcode: owner?.postcode ?? null,
    auState: owner?.auState ?? null,
    lat: owner?.lat ?? null,
    lng: owner?.lng ?? null,
    ...set,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** Saves form fields; a listing that is live must still meet every publishing rule afterwards. */
export async function updatePost(db: Tx, viewer: Viewer, id: string, fields: PostFields, now: Date): Promise<void> {
  const row = await ownPost(db, viewer, id);
  if (row.state !== 'draft' && row.state !== 'published') throw new AppError(409, 'form_issue');
  const set = await toColumns(db, fields);
  if (row.state === 'published') {
    const error = firstPublishError({ ...row, ...set } as PostRow);
    if (error) throw error;
  }
  await db
    .update(posts)
    .set({ ...set, updatedAt: now })
    .where(eq(posts.id, id));
}

/** Publishes a complete draft; it becomes visible under the early-access rule from now. */
export async function publishPost(db: Tx, viewer: Viewer, id: string, now: Date): Promise<void> {
  const row = await ownPost(db, viewer, id);
  if (row.state === 'published') return;
  // A listing the team hid stays archived until an admin lifts it (modules/admin/moderation.service.ts).
  if (row.hiddenReason !== null) throw new AppError(409, 'listing_hidden');
  if (row.state !== 'draft' && row.state !== 'archived') throw new AppError(409, 'form_issue');
  const error = firstPublishError(row);
  if (error) throw error;
  // Conditional: an admin hiding it meanwhile wins, and the publish is refused.
  const [published] = await db
    .update(posts)
    .set({ state: 'published', publishedAt: now, updatedAt: now })
    .where(and(eq(posts.id, id), isNull(posts.hiddenReason)))
    .returning({ id: posts.id });
  if (!published) throw new AppError(409, 'listing_hidden');
  // Points for listing (PRODUCT.md), once per listing however often it is republished.
  await awardPoints(db, { userId: row.ownerId, points: POINTS.listing, reason: 'listing', sourceId: id, now });
}

/** Owner actions that end a listing: withdraw (archive), mark swapped or sold. */
export async function setPostState(
  db: Tx,
  viewer: Viewer,
  id: string,
  state: Extract<PostState, 'archived' | 'swapped' | 'sold'>,
  now: Date,
) {
  const row = await ownPost(db, viewer, id);
  if (row.state !== 'published' && row.state !== 'reserved') throw new AppError(409, 'form_issue');
  await db.update(posts).set({ state, updatedAt: now }).where(eq(posts.id, id));
}

/** What deleting a listing did: removed it for good, or archived it to keep its swap history. */
export type DeleteOutcome = 'deleted' | 'archived';

/** States in which a listing is out of circulation already: an archive changes nothing. */
const ENDED: ReadonlySet<string> = new Set(['swapped', 'sold', 'archived']);

/**
 * Deletes the caller's listing, unless it has swap history: a listing that is reserved, swapped
 * or sold, or that any offer names (as its target or as an offered item), is archived instead,
 * so other people's offers, their history, reviews and swap counts keep what they point at (the
 * offers' foreign keys are RESTRICT: no code path can cascade them away). A really deleted
 * listing's photos are removed from storage after the row is gone.
 */
export async function deletePost(db: Db, storage: Storage, viewer: Viewer, id: string, now: Date): Promise<DeleteOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const row = await ownPost(tx, viewer, id);
    // Locked, so an offer cannot start naming it between the check and the delete.
    await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).for('update');
    const [history] = await rowsOf<{ has: boolean }>(
      tx,
      sql`select (
        exists (select 1 from offers where post_id = ${id})
        or exists (select 1 from offer_items where post_id = ${id})
        or exists (select 1 from post_reservations where post_id = ${id})
      ) as has`,
    );
    if (history?.has || row.state === 'reserved' || row.state === 'swapped' || row.state === 'sold') {
      if (!ENDED.has(row.state)) await tx.update(posts).set({ state: 'archived', updatedAt: now }).where(eq(posts.id, id));
      return 'archived' as const;
    }
    await tx.delete(posts).where(eq(posts.id, id));
    return 'deleted' as const;
  });
  // After commit: at worst a crash leaves orphan files, never a listing pointing at missing ones.
  if (outcome === 'deleted') await storage.remove(`posts/${id}/`);
  return outcome;
}

/** A raw timestamp (a Date, or a string from a sql`` column) as ISO, when still in the future. */
function activeUntil(v: Date | string | null, now: Date): string | null {
  if (!v) return null;
  const d = v instanceof Date ? v : new Date(v);
  return d > now ? d.toISOString() : null;
}

/** The caller's own listings, most recently changed first, optionally of one state. */
export async function listMyPosts(db: Tx, userId: string, now: Date, state?: PostState): Promise<MyPost[]> {
  const rows = await db
    .select({
      ...cardColumns,
      updatedAt: posts.updatedAt,
      likeCount: sql<number>`(select count(*)::int from post_likes pl where pl.post_id = "posts"."id")`,
      assistUntil: effectiveAssistUntilSql(sql`"posts"`),
    })
    .from(posts)
    .where(and(eq(posts.ownerId, userId), state ? eq(posts.state, state) : undefined))
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(500);
  return rows.map((r) => ({
    ...toCard(r, now),
    updatedAt: r.updatedAt.toISOString(),
    likeCount: r.likeCount,
    boostedUntil: r.boostedUntil && r.boostedUntil > now ? r.boostedUntil.toISOString() : null,
    swapAssistUntil: activeUntil(r.assistUntil, now),
  }));
}
