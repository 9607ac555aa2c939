import { sql, type SQL } from 'drizzle-orm';
import type { Fairness, FairnessItem, FairnessSide, FairnessTermsQuery } from '@swapu/shared/fairness';
import {
  cashPayer,
  checkedValue,
  FAIRNESS_MIN_COMPARABLES,
  FAIRNESS_SAMPLE_MAX,
  fairnessVerdict,
  type OfferSide,
} from '@swapu/shared/fairness-rules';
import type { CashKind } from '@swapu/shared/offers';
import type { Tx } from '../../db/client';
import { AppError, errors } from '../../lib/errors';
import { guard } from '../../lib/guards';
import { rowsOf } from '../../lib/sql-rows';
import { publishedVisibleTo, type Viewer } from '../../lib/viewer';
import { textArray } from '../search/index';

/**
 * The fair-swap meter (issue 41 item 1, decision 0051): both sides of an offer, or of a draft
 * offer, with each item's market estimate, in ONE statement: the deal and its items, and for each
 * item a LATERAL scan of posts_fair_idx (migration 0042) for its comparables, at most
 * FAIRNESS_SAMPLE_MAX of them, whose median is its estimate. Reads only: it never holds up an offer.
 */

interface FairRow {
  /** The deal: who offers, who owns the target, the cash. One row per item (pos 0: the target). */
  offerer_id: string;
  owner_id: string;
  cash_kind: CashKind;
  cash_cents: number;
  pos: number | null;
  post_id: string | null;
  post_owner_id: string | null;
  state: string | null;
  published_at: Date | string | null;
  title: string | null;
  stated_cents: number | null;
  comparables: number | null;
  median_cents: number | null;
}

/**
 * The statement: `deal` is one row (offerer_id, owner_id, cash_kind, cash_cents), `subjects` the
 * items (pos, post_id), the target at 0. Comparables are published or swapped, in posts_fair_idx,
 * and listed by neither party (their own listings are no evidence of the market).
 */
function fairnessStatement(deal: SQL, subjects: SQL): SQL {
  return sql`
    with deal as (${deal}),
    subjects as (${subjects}),
    s as materialized (
      select sub.pos, p.id, p.owner_id, p.state, p.published_at, p.title, p.cash_value_cents,
        fair_query(p.title, p.categories, p.condition) as q
      from subjects sub join posts p on p.id = sub.post_id
    )
    select deal.offerer_id, deal.owner_id, deal.cash_kind, deal.cash_cents,
      s.pos::int as pos, s.id as post_id, s.owner_id as post_owner_id, s.state, s.published_at, s.title,
      s.cash_value_cents as stated_cents, e.comparables, e.median_cents
    from deal
    left join s on true
    left join lateral (
      select count(*)::int as comparables, round(percentile_cont(0.5) within group (order by c.v))::int as median_cents
      from (
        select c.cash_value_cents as v from posts c
        where fair_vector(c.title, c.categories, c.condition) @@ s.q
          and c.state in ('published', 'swapped')
          and c.owner_id <> deal.offerer_id and c.owner_id <> deal.owner_id and c.id <> s.id
        limit ${FAIRNESS_SAMPLE_MAX}
      ) c
    ) e on s.q is not null
    order by s.pos`;
}

const itemsAt = (ids: string[], from = 1) =>
  ids.length
    ? sql`select (u.n + ${from - 1})::int as pos, u.post_id from unnest(${textArray(ids)}) with ordinality as u(post_id, n)`
    : sql`select null::int as pos, null::text as post_id where false`;

function itemOf(r: FairRow): FairnessItem {
  const comparables = r.comparables ?? 0;
  return {
    postId: r.post_id!,
    title: r.title!,
    statedCents: r.stated_cents ?? 0,
    estimateCents: comparables >= FAIRNESS_MIN_COMPARABLES ? r.median_cents : null,
    comparables,
  };
}

/** The two sides and the verdict, from the viewer's side (the offerer's when the viewer is neither: a guard switched off). */
function present(rows: FairRow[], viewerId: string | null): Fairness {
  const deal = rows[0]!;
  const target = rows.find((r) => r.pos === 0);
  const payer = cashPayer(deal.cash_kind, deal.cash_cents);
  const side = (party: OfferSide, items: FairnessItem[]): FairnessSide => {
    const cashCents = payer === party ? deal.cash_cents : 0;
    const sum = (f: (i: FairnessItem) => number) => items.reduce((a, i) => a + f(i), cashCents);
    return { party, items, cashCents, statedCents: sum((i) => i.statedCents), marketCents: sum(checkedValue) };
  };
  // Cash only: any items named are not part of the offer.
  const given = deal.cash_kind === 'only' ? [] : rows.filter((r) => r.pos !== null && r.pos > 0).map(itemOf);
  const offerer = side('offerer', given);
  const owner = side('owner', target ? [itemOf(target)] : []);
  const viewerIsOwner = viewerId === deal.owner_id;
  const yours = viewerIsOwner ? owner : offerer;
  const theirs = viewerIsOwner ? offerer : owner;
  return { yours, theirs, ...fairnessVerdict(yours.marketCents, theirs.marketCents) };
}

/** The offerer's items of draft terms: theirs, published, and not the target itself. */
function checkItems(rows: FairRow[], itemIds: string[], offererId: string) {
  const items = rows.filter((r) => r.pos !== null && r.pos > 0);
  if (items.some((r) => r.post_id === rows.find((x) => x.pos === 0)?.post_id))
    throw errors.badRequest('data_invalid', { items: 'The item itself cannot be offered for it.' });
  if (items.length !== itemIds.length || (items.some((r) => r.post_owner_id !== offererId) && guard('offer-items-owner')))
    throw errors.forbidden('permission_denied');
  if (items.some((r) => r.state !== 'published')) throw new AppError(409, 'offer_no_longer_valid');
}

/**
 * The meter of an offer, for its two parties only (anyone else: 404, as the offer itself). With
 * `terms.cashKind` set, of draft terms instead: a counter-offer's, whose items are the offerer's.
 */
export async function offerFairness(db: Tx, viewer: Viewer, offerId: string, terms: FairnessTermsQuery): Promise<Fairness> {
  const me = viewer.userId!;
  const party = guard('offer-party') ? sql`and ${me} in (o.offerer_id, o.owner_id)` : sql``;
  const draft = terms.cashKind !== undefined;
  const itemIds = terms.items ?? [];
  const deal = draft
    ? sql`select o.offerer_id, o.owner_id, ${terms.cashKind}::text as cash_kind, ${terms.cashCents ?? 0}::int as cash_cents, o.post_id
        from offers o where o.id = ${offerId} ${party}`
    : sql`select o.offerer_id, o.owner_id, o.cash_kind, o.cash_cents, o.post_id from offers o where o.id = ${offerId} ${party}`;
  const subjects = draft
    ? sql`select 0 as pos, post_id from deal union all ${itemsAt(itemIds)}`
    : sql`select 0 as pos, post_id from deal
        union all select oi.position + 1, oi.post_id from offer_items oi where oi.offer_id = ${offerId}`;
  const rows = await rowsOf<FairRow>(db, fairnessStatement(deal, subjects));
  if (!rows.length) throw errors.notFound();
  if (draft) checkItems(rows, itemIds, rows[0]!.offerer_id);
  return present(rows, me);
}

/**
 * The meter of a draft offer on a listing, for the member who would make it: the listing must be
 * one they may offer on (live, visible to them, not their own) and the items their own live ones.
 */
export async function draftFairness(db: Tx, viewer: Viewer, postId: string, terms: FairnessTermsQuery, now: Date): Promise<Fairness> {
  const me = viewer.userId!;
  const itemIds = terms.items ?? [];
  const deal = sql`select ${me}::text as offerer_id, p.owner_id, ${terms.cashKind ?? 'none'}::text as cash_kind,
      ${terms.cashCents ?? 0}::int as cash_cents
    from posts p where p.id = ${postId}`;
  const subjects = sql`select 0 as pos, ${postId}::text as post_id union all ${itemsAt(itemIds)}`;
  const rows = await rowsOf<FairRow>(db, fairnessStatement(deal, subjects));
  const target = rows.find((r) => r.pos === 0);
  const publishedAt = target?.published_at ? new Date(target.published_at) : null;
  if (
    !target ||
    !publishedAt ||
    target.state === 'draft' ||
    target.state === 'archived' ||
    (!publishedVisibleTo(viewer, { ownerId: target.post_owner_id!, publishedAt }, now) && guard('post-visible'))
  )
    throw errors.notFound();
  if (target.post_owner_id === me) throw new AppError(403, 'offer_own_post');
  if (target.state !== 'published') throw new AppError(409, 'offer_no_longer_valid');
  checkItems(rows, itemIds, me);
  return present(rows, me);
}
