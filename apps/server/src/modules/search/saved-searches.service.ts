import { and, asc, count, eq, sql } from 'drizzle-orm';
import { paths } from '@swapu/shared/paths';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';
import { SAVED_SEARCHES_MAX, SearchFiltersBodySchema, type SavedSearch, type SearchFiltersBody } from '@swapu/shared/search';
import { searchUrlQuery } from '@swapu/shared/search-url';
import type { Database, Tx } from '../../db/client';
import { savedSearchHits, savedSearches, searchAlertState, users } from '../../db/schema/index';
import type { Hub } from '../../lib/hub';
import { Notices } from '../notifications/index';
import { errors } from '../../lib/errors';
import { guard } from '../../lib/guards';
import { newId } from '../../lib/ids';
import type { Viewer } from '../../lib/viewer';
import { enqueueMail, savedSearchMail } from '../mail/index';
import { baseCondition, categoryCondition } from './search-conditions';
import { planSearch } from './search.service';
import { rowsOf } from '../../lib/sql-rows';

type Filters = SearchFiltersBody;

const toDto = (r: typeof savedSearches.$inferSelect, hits: number): SavedSearch => ({
  id: r.id,
  name: r.name,
  filters: r.filters,
  createdAt: r.createdAt.toISOString(),
  hits,
});

export async function listSavedSearches(db: Tx, userId: string): Promise<SavedSearch[]> {
  const list = await db
    .select({
      s: savedSearches,
      hits: sql<number>`(select count(*)::int from saved_search_hits h where h.saved_search_id = ${savedSearches.id})`,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return list.map((r) => toDto(r.s, r.hits));
}

/**
 * Saves a search. Its filters are planned like a real search first, so a search that could not
 * run (no term, an unknown suburb) is refused with the search's own message.
 */
export async function createSavedSearch(
  database: Database,
  viewer: Viewer,
  now: Date,
  input: { name: string; filters: Filters },
): Promise<SavedSearch> {
  const userId = viewer.userId!;
  await planSearch(database, viewer, now, input.filters);
  const filters = Object.fromEntries(Object.entries(input.filters).filter(([, v]) => v !== undefined));
  return database.db.transaction(async (tx) => {
    // One at a time per person, so two saves at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-searches:' || ${userId}))`);
    const [{ n }] = (await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId))) as [{ n: number }];
    if (n >= SAVED_SEARCHES_MAX) throw errors.badRequest('saved_searches_limit');
    const [row] = await tx.insert(savedSearches).values({ id: newId(), userId, name: input.name, filters, createdAt: now }).returning();
    return toDto(row!, 0);
  });
}

export async function deleteSavedSearch(db: Tx, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), guard('saved-search-owner') ? eq(savedSearches.userId, userId) : undefined))
    .returning({ id: savedSearches.id });
  if (!gone.length) throw errors.notFound();
}

// ---------------------------------------------------------------------------------------------
// Alerts. A sweep looks at items published since it last looked, per audience: 'early' covers
// subscribers at publish time; 'everyone' covers everybody once an item is 24 hours old (the
// early-access rule). A hit is recorded once per saved search and item (primary key), so
// overlapping or repeated sweeps never alert twice.

export const ALERT_AUDIENCES = ['early', 'everyone'] as const;
type Audience = (typeof ALERT_AUDIENCES)[number];
/** Each sweep looks this far behind its watermark, for items whose publish committed late. */
const OVERLAP_MS = 2 * 60_000;
const BATCH = 500;

interface AlertDeps {
  database: Database;
  publicUrl: string;
  /** Announces the alerts' notifications after commit (absent: they are seen on the next look). */
  hub?: Hub | null;
}

export async function runSearchAlerts(deps: AlertDeps, now: Date): Promise<{ notified: number }> {
  let notified = 0;
  for (const audience of ALERT_AUDIENCES) notified += await sweepAudience(deps, audience, now);
  return { notified };
}

async function sweepAudience(deps: AlertDeps, audience: Audience, now: Date): Promise<number> {
  const { database } = deps;
  const db = database.db;
  const upper = audience === 'early' ? now : new Date(now.getTime() - EARLY_ACCESS_MS);
  // The first sweep ever starts from now: saved searches alert about new items only.
  await db.insert(searchAlertState).values({ audience, watermark: upper }).onConflictDoNothing();
  const [state] = await db.select().from(searchAlertState).where(eq(searchAlertState.audience, audience));
  const watermark = state!.watermark;
  if (watermark >= upper) return 0;
  const lower = new Date(watermark.getTime() - OVERLAP_MS);
  const batch = await rowsOf<{ id: string; published_at: Date | string }>(
    db,
    sql`select id, published_at from posts where state = 'published'
      and published_at > ${lower.toISOString()}::timestamptz and published_at <= ${upper.toISOString()}::timestamptz
      order by published_at asc, id asc limit ${BATCH}`,
  );
  const full = batch.length === BATCH;
  const reached = full ? new Date(batch.at(-1)!.published_at) : upper;

  // Match outside the write transaction (planning a search reads through the pool).
  const found: {
    search: typeof savedSearches.$inferSelect;
    user: { email: string; name: string; language: string };
    posts: { id: string; title: string }[];
  }[] = [];
  if (batch.length) {
    const ids = batch.map((b) => b.id);
    const searches = await db
      .select({ s: savedSearches, email: users.email, name: users.displayName, language: users.language })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(
        and(
          eq(users.banned, false),
          sql`${users.deletedAt} is null`,
          audience === 'early'
            ? sql`exists (select 1 from subscriptions sub where sub.user_id = ${savedSearches.userId}
                and sub.status in ('active', 'cancelled') and sub.current_period_end > ${now.toISOString()}::timestamptz)`
            : undefined,
        ),
      );
    for (const row of searches) {
      const viewer: Viewer = { userId: row.s.userId, role: 'user', subscriber: audience === 'early' };
      const parsed = SearchFiltersBodySchema.safeParse(row.s.filters);
      if (!parsed.success) continue;
      let plan;
      try {
        plan = await planSearch(database, viewer, now, parsed.data);
      } catch {
        continue; // e.g. its suburb is no longer known: nothing to match
      }
      const cat = categoryCondition(plan);
      const hits = await rowsOf<{ id: string; title: string }>(
        db,
        sql`select posts.id, posts.title from posts
          where ${baseCondition(plan)} ${cat ? sql`and ${cat}` : sql``}
            and posts.owner_id <> ${row.s.userId}
            and posts.id = any(${`{${ids.join(',')}}`}::text[])
          order by posts.published_at asc, posts.id asc`,
      );
      if (hits.length) found.push({ search: row.s, user: { email: row.email, name: row.name, language: row.language }, posts: hits });
    }
  }

  const notices = new Notices();
  const count = await db.transaction(async (tx) => {
    // Sweeps on several instances take turns; hits already recorded are skipped below.
    await tx.execute(sql`select watermark from search_alert_state where audience = ${audience} for update`);
    let count = 0;
    for (const f of found) {
      const fresh = await tx
        .insert(savedSearchHits)
        .values(f.posts.map((p) => ({ savedSearchId: f.search.id, postId: p.id, notifiedAt: now })))
        .onConflictDoNothing()
        .returning({ postId: savedSearchHits.postId });
      if (!fresh.length) continue;
      const freshIds = new Set(fresh.map((r) => r.postId));
      const items = f.posts.filter((p) => freshIds.has(p.id));
      const first = items[0]!;
      const link =
        items.length === 1
          ? paths.viewPost(first.id)
          : `${paths.search}${searchUrlQuery({ ...(f.search.filters as Filters), sort: 'recent' })}`;
      await notices.add(
        tx,
        {
          userId: f.search.userId,
          kind: 'saved_search',
          data: { name: f.search.name, count: String(items.length), postId: first.id, postTitle: first.title },
          link,
        },
        now,
      );
      if (f.user.email) {
        await enqueueMail(
          tx,
          f.user.email,
          'saved_search',
          savedSearchMail(f.user.language, {
            name: f.user.name,
            searchName: f.search.name,
            items: items.slice(0, 10).map((p) => ({ title: p.title, url: `${deps.publicUrl}${paths.viewPost(p.id)}` })),
            more: Math.max(0, items.length - 10),
            url: `${deps.publicUrl}${link}`,
          }),
          now,
        );
      }
      count += 1;
    }
    await tx
      .update(searchAlertState)
      .set({ watermark: reached })
      .where(and(eq(searchAlertState.audience, audience), sql`${searchAlertState.watermark} < ${reached.toISOString()}::timestamptz`));
    return count;
  });
  await notices.announce(deps.hub ?? null);
  return count;
}
