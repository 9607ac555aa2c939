import { sql } from 'drizzle-orm';
import {
  CHAIN_MAX_MEMBERS,
  CHAIN_MIN_MEMBERS,
  CHAIN_UNLOCK_HOURS,
  CHAIN_VALUE_BAND,
  type Chain,
  type ChainReason,
  type ChainState,
} from '@swapu/shared/chains';
import type { PostCard } from '@swapu/shared/api';
import { paths } from '@swapu/shared/paths';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';
import type { Database, Tx } from '../../db/client';
import { AppError, errors } from '../../lib/errors';
import type { Hub } from '../../lib/hub';
import { newId } from '../../lib/ids';
import { rowsOf } from '../../lib/sql-rows';
import { postChanged } from '../../lib/viewer-cache';
import type { Viewer } from '../../lib/viewer';
import { enqueueMail, chainMail, type ChainMailEvent } from '../mail/index';
import { Notices } from '../notifications/index';
import { cardColumnsSql, toHit, type RawCardRow } from '../posts/index';
import { distanceKmSql } from '../search/index';

/**
 * Swap chains' lifecycle (issue 19, decision 0028): a found ring waits CHAIN_UNLOCK_HOURS for
 * every member to unlock; the last unlock turns every leg into an accepted swap at once, reserving
 * every item as an accepted offer does (post_reservations), or dissolves the chain when an item is
 * no longer available; a decline or the window's end dissolves it. Every change is told to the
 * members in the app and by email.
 */

export interface ChainDeps {
  database: Database;
  publicUrl: string;
  hub?: Hub | null;
}

const HOUR = 3_600_000;
const noLongerOpen = () => new AppError(409, 'chain_no_longer_open');

/** One member of a proposed ring: who, and the item they give (to the member before them). */
export interface RingMember {
  userId: string;
  givesPostId: string;
}

interface MemberRow {
  chain_id: string;
  position: number;
  user_id: string;
  gives_post_id: string;
  receives_post_id: string;
  unlocked_at: string | null;
  declined_at: string | null;
  offer_id: string | null;
}

interface ChainRow {
  id: string;
  state: ChainState;
  reason: ChainReason | null;
  created_at: string;
  expires_at: string;
  settled_at: string | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Why a ring cannot be a chain, checked in the database whatever proposed it: 3–5 distinct
 * members, each giving their own published, unreserved item out of early access, each liking the
 * item they receive (the next member's), each receiving within ±30 % of the value they give, no
 * member suspended or deleted. Null when it can.
 */
export async function ringProblem(tx: Tx, ring: RingMember[], now: Date): Promise<string | null> {
  if (ring.length < CHAIN_MIN_MEMBERS || ring.length > CHAIN_MAX_MEMBERS) return 'size';
  if (new Set(ring.map((m) => m.userId)).size !== ring.length) return 'members repeat';
  if (new Set(ring.map((m) => m.givesPostId)).size !== ring.length) return 'items repeat';
  const settled = new Date(now.getTime() - EARLY_ACCESS_MS).toISOString();
  const rows = await rowsOf<{ id: string; owner_id: string; value: number | null; ok: boolean }>(
    tx,
    sql`select p.id, p.owner_id, p.cash_value_cents as value,
        (p.state = 'published' and p.published_at <= ${settled}::timestamptz and not u.banned and u.deleted_at is null
          and not exists (select 1 from post_reservations r where r.post_id = p.id)) as ok
      from posts p join users u on u.id = p.owner_id
      where p.id in (${sql.join(
        ring.map((m) => sql`${m.givesPostId}`),
        sql`, `,
      )})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const m of ring) {
    const r = byId.get(m.givesPostId);
    if (!r || r.owner_id !== m.userId) return 'not their item';
    if (!r.ok) return 'item not available';
  }
  const likes = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from post_likes l join (values ${sql.join(
      ring.map((m, i) => sql`(${m.userId}, ${ring[(i + 1) % ring.length]!.givesPostId})`),
      sql`, `,
    )}) as want(user_id, post_id) on l.liked_by_id = want.user_id and l.post_id = want.post_id`,
  );
  if (Number(likes[0]?.n ?? 0) !== ring.length) return 'a member does not like what they receive';
  for (const [i, m] of ring.entries()) {
    const gives = byId.get(m.givesPostId)!.value ?? 0;
    const receives = byId.get(ring[(i + 1) % ring.length]!.givesPostId)!.value ?? 0;
    if (gives <= 0 || receives < gives * (1 - CHAIN_VALUE_BAND) || receives > gives * (1 + CHAIN_VALUE_BAND)) return 'value band';
  }
  return null;
}

/**
 * Proposes a found chain for `ring` (member i receives member i + 1's item, the last the first's),
 * after ringProblem's checks, and tells every member. Null when the ring cannot be a chain, or
 * when one of its items is already in another open chain (swap_chain_members_open_item_uq: the
 * loser of two concurrent proposals gets null, nothing written).
 */
export async function proposeChain(deps: ChainDeps, ring: RingMember[], now: Date): Promise<string | null> {
  const notices = new Notices();
  const id = await deps.database.db.transaction(async (tx) => {
    if (await ringProblem(tx, ring, now)) return null;
    const chainId = newId();
    try {
      await tx.transaction(async (sp) => {
        await sp.execute(
          sql`insert into swap_chains (id, state, created_at, expires_at) values (${chainId}, 'found', ${now.toISOString()}::timestamptz,
            ${new Date(now.getTime() + CHAIN_UNLOCK_HOURS * HOUR).toISOString()}::timestamptz)`,
        );
        await sp.execute(
          sql`insert into swap_chain_members (chain_id, position, user_id, gives_post_id, receives_post_id) values ${sql.join(
            ring.map((m, i) => sql`(${chainId}, ${i}, ${m.userId}, ${m.givesPostId}, ${ring[(i + 1) % ring.length]!.givesPostId})`),
            sql`, `,
          )}`,
        );
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') return null;
      throw err;
    }
    await tell(tx, notices, deps.publicUrl, chainId, 'found', { now });
    return chainId;
  });
  await notices.announce(deps.hub ?? null);
  return id;
}

/** Tells the chain's members (but `except`) about `event`: an in-app notification and an email each. */
async function tell(
  tx: Tx,
  notices: Notices,
  publicUrl: string,
  chainId: string,
  event: ChainMailEvent,
  o: { now: Date; actorId?: string; except?: string; reason?: ChainReason | null },
) {
  const people = await rowsOf<{ id: string; email: string | null; name: string; language: string; deleted_at: string | null }>(
    tx,
    sql`select u.id, u.email, u.display_name as name, u.language, u.deleted_at from swap_chain_members m join users u on u.id = m.user_id
      where m.chain_id = ${chainId} order by m.position`,
  );
  const actor = people.find((p) => p.id === o.actorId)?.name ?? 'SwapU';
  const link = event === 'committed' ? paths.offers : paths.swapChainLiked;
  for (const p of people) {
    if (p.id === o.except || p.deleted_at) continue;
    await notices.add(
      tx,
      { userId: p.id, kind: 'chain', data: { event, otherName: actor, size: String(people.length), reason: o.reason ?? '' }, link },
      o.now,
    );
    if (p.email)
      await enqueueMail(
        tx,
        p.email,
        `chain-${event}`,
        chainMail(p.language, event, {
          name: p.name,
          size: people.length,
          otherName: actor,
          reason: o.reason ?? null,
          url: `${publicUrl}${link}`,
        }),
        o.now,
      );
  }
}

/** Ends a found chain: its items leave it (free for the next search), and the members hear why. */
async function dissolve(tx: Tx, notices: Notices, publicUrl: string, chainId: string, reason: ChainReason, now: Date, actorId?: string) {
  await tx.execute(
    sql`update swap_chains set state = 'dissolved', reason = ${reason}, settled_at = ${now.toISOString()}::timestamptz where id = ${chainId}`,
  );
  await tx.execute(sql`update swap_chain_members set open = false where chain_id = ${chainId}`);
  await tell(tx, notices, publicUrl, chainId, 'dissolved', { now, actorId, except: reason === 'declined' ? actorId : undefined, reason });
}

/** The chain, locked for the change, with its members; not found for anyone outside it. */
async function lockedChain(tx: Tx, viewer: Viewer, chainId: string) {
  const [chain] = await rowsOf<ChainRow>(tx, sql`select * from swap_chains where id = ${chainId} for update`);
  if (!chain) throw errors.notFound();
  const members = await rowsOf<MemberRow>(tx, sql`select * from swap_chain_members where chain_id = ${chainId} order by position`);
  const me = members.find((m) => m.user_id === viewer.userId);
  if (!me) throw errors.notFound();
  return { chain, members, me };
}

class Unavailable extends Error {}

/**
 * Every leg becomes an accepted swap at once: the receiver is the offerer, the giver the owner,
 * the item the offer's post. Each item is reserved as an accepted offer reserves it (the primary
 * key of post_reservations), so an item reserved elsewhere meanwhile, or no longer published,
 * throws Unavailable and the caller's savepoint takes everything back. Resolves to the items.
 */
async function commitLegs(tx: Tx, chainId: string, members: MemberRow[], now: Date): Promise<string[]> {
  const items = members.map((m) => m.receives_post_id);
  const giverOf = new Map(members.map((m) => [m.gives_post_id, m.user_id]));
  for (const m of members) {
    const offerId = newId();
    await tx.execute(
      sql`insert into offers (id, post_id, offerer_id, owner_id, proposed_by, state, cash_kind, cash_cents, message, expires_at, chain_id, created_at, updated_at)
        values (${offerId}, ${m.receives_post_id}, ${m.user_id}, ${giverOf.get(m.receives_post_id)!}, 'offerer', 'accepted', 'none', 0, '',
          ${now.toISOString()}::timestamptz, ${chainId}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`,
    );
    await tx.execute(
      sql`insert into offer_events (id, offer_id, actor_id, transition, from_state, to_state, message, created_at)
        values (${newId()}, ${offerId}, null, 'chain_commit', null, 'accepted', '', ${now.toISOString()}::timestamptz)`,
    );
    const held = await rowsOf<{ post_id: string }>(
      tx,
      sql`insert into post_reservations (post_id, offer_id, created_at) values (${m.receives_post_id}, ${offerId}, ${now.toISOString()}::timestamptz)
        on conflict do nothing returning post_id`,
    );
    if (held.length !== 1) throw new Unavailable();
    await tx.execute(
      sql`update swap_chain_members set offer_id = ${offerId}, open = false where chain_id = ${chainId} and position = ${m.position}`,
    );
  }
  // After the reservations, in the order an accepted offer takes its locks (reservation, then the
  // post), so that the two never wait on each other in a circle.
  const live = await rowsOf<{ id: string }>(
    tx,
    sql`select id from posts where id in (${sql.join(
      items.map((id) => sql`${id}`),
      sql`, `,
    )}) and state = 'published' for update`,
  );
  if (live.length !== items.length) throw new Unavailable();
  await tx.execute(
    sql`update posts set state = 'reserved', updated_at = ${now.toISOString()}::timestamptz where id in (${sql.join(
      items.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  await tx.execute(sql`update swap_chains set state = 'committed', settled_at = ${now.toISOString()}::timestamptz where id = ${chainId}`);
  return items;
}

/**
 * A member unlocks (accepts) a found chain. The last unlock commits it (commitLegs); an item gone
 * meanwhile dissolves it instead ('unavailable'). A chain past its window dissolves ('lapsed') and
 * the unlock is refused; so is one that is no longer found. The chain's row lock orders unlocks
 * that arrive together: exactly one of them is the last.
 */
export async function unlockChain(deps: ChainDeps, viewer: Viewer, chainId: string, now: Date): Promise<Chain> {
  const notices = new Notices();
  const moved: string[] = [];
  const refused = await deps.database.db.transaction(async (tx) => {
    const { chain, members, me } = await lockedChain(tx, viewer, chainId);
    if (chain.state !== 'found') return true;
    if (new Date(chain.expires_at) <= now) {
      await dissolve(tx, notices, deps.publicUrl, chainId, 'lapsed', now);
      return true;
    }
    if (!me.unlocked_at) {
      await tx.execute(
        sql`update swap_chain_members set unlocked_at = ${now.toISOString()}::timestamptz where chain_id = ${chainId} and position = ${me.position}`,
      );
      me.unlocked_at = now.toISOString();
    }
    if (members.every((m) => m.unlocked_at)) {
      try {
        moved.push(...(await tx.transaction((sp) => commitLegs(sp, chainId, members, now))));
        await tell(tx, notices, deps.publicUrl, chainId, 'committed', { now, actorId: me.user_id });
      } catch (err) {
        if (!(err instanceof Unavailable)) throw err;
        await dissolve(tx, notices, deps.publicUrl, chainId, 'unavailable', now);
      }
    } else {
      await tell(tx, notices, deps.publicUrl, chainId, 'unlocked', { now, actorId: me.user_id, except: me.user_id });
    }
    return false;
  });
  await notices.announce(deps.hub ?? null);
  for (const id of moved) postChanged({ hub: deps.hub ?? null }, id);
  if (refused) throw noLongerOpen();
  return chainFor(deps.database.db, viewer, chainId, now);
}

/** A member declines a found chain: it dissolves, and the others hear who declined. */
export async function declineChain(deps: ChainDeps, viewer: Viewer, chainId: string, now: Date): Promise<Chain> {
  const notices = new Notices();
  const refused = await deps.database.db.transaction(async (tx) => {
    const { chain, me } = await lockedChain(tx, viewer, chainId);
    if (chain.state !== 'found') return true;
    await tx.execute(
      sql`update swap_chain_members set declined_at = ${now.toISOString()}::timestamptz where chain_id = ${chainId} and position = ${me.position}`,
    );
    await dissolve(tx, notices, deps.publicUrl, chainId, new Date(chain.expires_at) <= now ? 'lapsed' : 'declined', now, me.user_id);
    return false;
  });
  await notices.announce(deps.hub ?? null);
  if (refused) throw noLongerOpen();
  return chainFor(deps.database.db, viewer, chainId, now);
}

/** Dissolves every found chain whose window has passed ('lapsed'); the job's sweep. Resolves to their ids. */
export async function lapseDue(deps: ChainDeps, now: Date): Promise<string[]> {
  const notices = new Notices();
  const ids = await deps.database.db.transaction(async (tx) => {
    const due = await rowsOf<{ id: string }>(
      tx,
      sql`select id from swap_chains where state = 'found' and expires_at <= ${now.toISOString()}::timestamptz
        order by expires_at limit 200 for update skip locked`,
    );
    for (const c of due) await dissolve(tx, notices, deps.publicUrl, c.id, 'lapsed', now);
    return due.map((c) => c.id);
  });
  await notices.announce(deps.hub ?? null);
  return ids;
}

/** Chains settled this long ago still show on the member's list. */
const SHOWN_AFTER_SETTLED_MS = 30 * 24 * HOUR;

async function chainsOf(db: Tx, viewer: Viewer, now: Date, onlyId?: string): Promise<Chain[]> {
  const since = new Date(now.getTime() - SHOWN_AFTER_SETTLED_MS).toISOString();
  const chains = await rowsOf<ChainRow>(
    db,
    sql`select c.* from swap_chains c where exists (select 1 from swap_chain_members m where m.chain_id = c.id and m.user_id = ${viewer.userId!})
      and ${onlyId ? sql`c.id = ${onlyId}` : sql`(c.state = 'found' or c.settled_at > ${since}::timestamptz)`}
      order by c.created_at desc limit 50`,
  );
  if (chains.length === 0) return [];
  const ids = sql.join(
    chains.map((c) => sql`${c.id}`),
    sql`, `,
  );
  // How far each item is from the viewer (their profile's suburb), as the search shows it.
  const [place] = await rowsOf<{ lat: number | null; lng: number | null }>(
    db,
    sql`select lat, lng from users where id = ${viewer.userId!}`,
  );
  const origin = place?.lat != null && place.lng != null ? { label: '', lat: place.lat, lng: place.lng } : null;
  const members = await rowsOf<MemberRow & RawCardRow & { display_name: string }>(
    db,
    sql`select m.chain_id, m.position, m.user_id, m.gives_post_id, m.receives_post_id, m.unlocked_at, m.declined_at, m.offer_id,
        u.display_name, ${cardColumnsSql(origin ? distanceKmSql(origin) : null)}
      from swap_chain_members m join users u on u.id = m.user_id join posts on posts.id = m.gives_post_id
      where m.chain_id in (${ids}) order by m.chain_id, m.position`,
  );
  return chains.map((c) => {
    const mine = members.filter((m) => m.chain_id === c.id);
    const lapsed = c.state === 'found' && new Date(c.expires_at) <= now;
    const me = mine.findIndex((m) => m.user_id === viewer.userId);
    return {
      id: c.id,
      state: lapsed ? 'dissolved' : c.state,
      reason: lapsed ? 'lapsed' : c.reason,
      createdAt: iso(c.created_at)!,
      expiresAt: iso(c.expires_at)!,
      settledAt: lapsed ? iso(c.expires_at) : iso(c.settled_at),
      members: mine.map((m) => {
        const { distanceKm, ...gives } = toHit(m, now);
        return {
          userId: m.user_id,
          displayName: m.display_name,
          gives: gives satisfies PostCard,
          distanceKm: m.user_id === viewer.userId ? null : distanceKm,
          unlocked: m.unlocked_at !== null,
          declined: m.declined_at !== null,
        };
      }),
      me,
      myOfferId: mine[me]?.offer_id ?? null,
    };
  });
}

/** The member's chains: the found ones and those settled in the last 30 days, newest first. */
export async function listMyChains(db: Tx, viewer: Viewer, now: Date): Promise<{ items: Chain[] }> {
  return { items: await chainsOf(db, viewer, now) };
}

/** One chain of the member's; not found for anyone outside it. */
export async function chainFor(db: Tx, viewer: Viewer, chainId: string, now: Date): Promise<Chain> {
  const [chain] = await chainsOf(db, viewer, now, chainId);
  if (!chain) throw errors.notFound();
  return chain;
}
