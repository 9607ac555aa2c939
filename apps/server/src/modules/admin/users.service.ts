import { eq, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, AdminUserList, AdminUserListQuery, AdminUserSort, UserRole } from '@swapu/shared/admin-users';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { rowsOf } from '../../lib/sql-rows';
import { profileImageUrl } from '../members/index';
import { type BanOutcome, banUser } from './ban';
import { recordAudit } from '../../lib/audit';

/**
 * The admin console's users (issue 20): the table (search, sort and page in SQL), its CSV, and the
 * admin's changes to an account — suspend or restore it, grant or revoke admin — each written to
 * the audit log in the same transaction.
 */

type Row = {
  id: string;
  display_name: string;
  email: string;
  avatar_key: string | null;
  created_at: Date | string;
  role: string;
  banned: boolean;
  banned_reason: string | null;
  banned_at: Date | string | null;
  deleted_at: Date | string | null;
  listings: number | string;
  swaps: number | string;
  rating: number | string | null;
  reviews: number | string;
  reports: number | string;
};

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

const present = (r: Row): AdminUser => ({
  id: r.id,
  displayName: r.display_name,
  email: r.email,
  avatarUrl: profileImageUrl(r.avatar_key),
  joinedAt: iso(r.created_at),
  listings: Number(r.listings),
  swaps: Number(r.swaps),
  rating: r.rating === null ? null : Math.round(Number(r.rating) * 10) / 10,
  reviews: Number(r.reviews),
  reports: Number(r.reports),
  role: r.role === 'admin' ? 'admin' : 'user',
  status: r.deleted_at ? 'deleted' : r.banned ? 'banned' : 'active',
  bannedReason: r.banned_reason,
  bannedAt: r.banned_at ? iso(r.banned_at) : null,
});

/** Name or email containing the words typed, case-insensitively (% and _ typed are literal). */
function searchOf(q: string): SQL {
  if (!q) return sql`true`;
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(u.display_name) like ${pattern} escape '\\' or lower(u.email) like ${pattern} escape '\\')`;
}

const STATUS = sql`(case when u.deleted_at is not null then 2 when u.banned then 1 else 0 end)`;

/** The sort key of each column; the id breaks ties so pages never overlap. */
function orderOf(sort: AdminUserSort, dir: 'asc' | 'desc'): SQL {
  const d = sql.raw(dir);
  const key: Record<AdminUserSort, SQL> = {
    name: sql`lower(u.display_name) ${d}`,
    email: sql`lower(u.email) ${d}`,
    joined: sql`u.created_at ${d}`,
    listings: sql`listings ${d}`,
    swaps: sql`swaps ${d}`,
    // Members without reviews last, whichever way.
    rating: sql`rating ${d} nulls last`,
    reports: sql`reports ${d}`,
    // Admins above members when descending.
    role: sql`(u.role = 'admin') ${d}`,
    status: sql`${STATUS} ${d}`,
  };
  return sql`${key[sort]}, u.id ${d}`;
}

type Figure = 'l' | 's' | 'r' | 'rep';

/**
 * The figures of the members in `scope` (a set of user ids as SQL, or every member): listings (l),
 * completed swaps (s), rating and reviews (r), open reports (rep). Each is one grouped aggregate,
 * joined by id: 100k members cost a few hash joins, not a subquery per row.
 */
function figure(name: Figure, scope: SQL | null): SQL {
  const inScope = (column: SQL) => (scope ? sql`and ${column} in (${scope})` : sql``);
  switch (name) {
    case 'l':
      return sql`l as (select owner_id as id, count(*) as n from posts where state in ('published', 'reserved') ${inScope(sql`owner_id`)} group by owner_id)`;
    case 's':
      return sql`s as (
        select x.id, count(*) as n from (
          select offerer_id as id from offers where state = 'completed' ${inScope(sql`offerer_id`)}
          union all
          select owner_id from offers where state = 'completed' ${inScope(sql`owner_id`)}
        ) x group by x.id
      )`;
    case 'r':
      return sql`r as (select reviewee_id as id, avg(stars)::float8 as avg, count(*) as n from reviews where true ${inScope(sql`reviewee_id`)} group by reviewee_id)`;
    case 'rep':
      return sql`rep as (
        select x.id, sum(x.n) as n from (
          select reported_id as id, count(*) as n from user_reports where status = 'open' ${inScope(sql`reported_id`)} group by reported_id
          union all
          select p.owner_id, count(*) from post_reports pr join posts p on p.id = pr.post_id
            where pr.status = 'open' ${inScope(sql`p.owner_id`)} group by p.owner_id
        ) x group by x.id
      )`;
  }
}
const FIGURES: Figure[] = ['l', 's', 'r', 'rep'];
/** The figure each aggregate column sorts by, and its value as the sort reads it. */
const SORT_FIGURE: Partial<Record<AdminUserSort, { figure: Figure; value: SQL }>> = {
  listings: { figure: 'l', value: sql`coalesce(l.n, 0) as listings` },
  swaps: { figure: 's', value: sql`coalesce(s.n, 0) as swaps` },
  rating: { figure: 'r', value: sql`r.avg as rating` },
  reports: { figure: 'rep', value: sql`coalesce(rep.n, 0) as reports` },
};

const COLUMNS = sql`u.id, u.display_name, u.email, u.avatar_key, u.created_at, u.role, u.banned, u.banned_reason, u.banned_at, u.deleted_at,
  coalesce(l.n, 0)::int as listings, coalesce(s.n, 0)::int as swaps, r.avg as rating, coalesce(r.n, 0)::int as reviews,
  coalesce(rep.n, 0)::int as reports`;
const JOINS = sql`left join l on l.id = u.id left join s on s.id = u.id left join r on r.id = u.id left join rep on rep.id = u.id`;

/**
 * One page (or, with no limit, every row) of members in the table's order. A page is chosen first
 * — by the account's own columns, or by the one figure it is sorted by, counted for everyone —
 * and the other figures are counted for that page's members only.
 */
async function selectUsers(db: Tx, q: { q: string; sort: AdminUserSort; dir: 'asc' | 'desc' }, limit: number | null, offset: number) {
  const where = searchOf(q.q);
  const order = orderOf(q.sort, q.dir);
  if (limit === null) {
    const all = sql.join(
      FIGURES.map((f) => figure(f, null)),
      sql`, `,
    );
    return rowsOf<Row>(db, sql`with ${all} select ${COLUMNS} from users u ${JOINS} where ${where} order by ${order}`);
  }
  const page = sql`limit ${limit} offset ${offset}`;
  const key = SORT_FIGURE[q.sort];
  const inPage = sql`select id from pg`;
  const rest = sql.join(
    FIGURES.filter((f) => f !== key?.figure).map((f) => figure(f, inPage)),
    sql`, `,
  );
  const pg = key
    ? sql`${figure(key.figure, null)}, pg as (select u.id, ${key.value} from users u left join ${sql.raw(key.figure)} on ${sql.raw(key.figure)}.id = u.id where ${where} order by ${order} ${page})`
    : sql`pg as (select u.id from users u where ${where} order by ${order} ${page})`;
  return rowsOf<Row>(db, sql`with ${pg}, ${rest} select ${COLUMNS} from pg join users u on u.id = pg.id ${JOINS} order by ${order}`);
}

/** The table: search (name or email), sort, page, and how many members match. */
export async function listAdminUsers(db: Tx, q: AdminUserListQuery): Promise<AdminUserList> {
  const [rows, [count]] = await Promise.all([
    selectUsers(db, q, q.pageSize, (q.page - 1) * q.pageSize),
    rowsOf<{ n: number | string }>(db, sql`select count(*) as n from users u where ${searchOf(q.q)}`),
  ]);
  return { items: rows.map(present), total: Number(count?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/**
 * A cell as CSV: quoted when it holds a comma, quote or line break; and a text a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe.
 */
export function csvCell(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Every member matching the search, in the table's order, as CSV (RFC 4180). */
export async function adminUsersCsv(db: Tx, q: Pick<AdminUserListQuery, 'q' | 'sort' | 'dir'>): Promise<string> {
  const rows = (await selectUsers(db, q, null, 0)).map(present);
  const lines: Array<Array<string | number | null>> = [
    ['id', 'name', 'email', 'joined', 'listings', 'swaps', 'rating', 'reviews', 'reports', 'role', 'status', 'banned_reason', 'banned_at'],
  ];
  for (const u of rows) {
    lines.push([
      u.id,
      u.displayName,
      u.email,
      u.joinedAt,
      u.listings,
      u.swaps,
      u.rating,
      u.reviews,
      u.reports,
      u.role,
      u.status,
      u.bannedReason,
      u.bannedAt,
    ]);
  }
  return lines.map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Locks the rows of every active admin (in id order, so two admins' changes queue rather than
 * deadlock) and checks the actor is still one of them: the guard's role comes from a cache, and a
 * change made meanwhile (their own demotion or suspension) must stop them. Two admins demoting or
 * suspending each other at once: the second waits for the first, then finds it is no longer an
 * admin. Resolves to the active admins' ids.
 */
async function lockAdmins(tx: Tx, actorId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`select id from users where role = 'admin' and not banned and deleted_at is null order by id for update`,
  );
  const ids = rows.map((r) => r.id);
  if (!ids.includes(actorId)) throw errors.forbidden('permission_denied');
  return ids;
}

/** Suspends an account (a reason required) or lifts the suspension; see admin/ban.ts for what follows. */
export async function adminBan(
  db: Db,
  change: { actorId: string; userId: string; banned: boolean; reason: string },
  now: Date,
): Promise<BanOutcome> {
  if (change.actorId === change.userId) throw errors.badRequest('admin_self_ban', { id: 'admin_self_ban' });
  if (change.banned && (change.reason.length < 1 || change.reason.length > 500))
    throw errors.badRequest('ban_reason_required', { reason: 'ban_reason_required' });
  return db.transaction(async (tx) => {
    await lockAdmins(tx, change.actorId);
    const outcome = await banUser(tx, change, now);
    if (!outcome) throw errors.notFound();
    return outcome;
  });
}

/**
 * Grants or revokes admin. Never one's own role; never the last admin (checked under the admins'
 * row locks); never a suspended member made admin. Unchanged when the role is already that.
 */
export async function setRole(
  db: Db,
  actorId: string,
  userId: string,
  role: UserRole,
  now: Date,
): Promise<{ id: string; role: UserRole; changed: boolean }> {
  if (actorId === userId) throw errors.badRequest('admin_self_role', { id: 'admin_self_role' });
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, actorId);
    const [target] = await tx
      .select({ id: users.id, role: users.role, banned: users.banned, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target || target.deletedAt) throw errors.notFound();
    if (target.role === role) return { id: target.id, role, changed: false };
    if (role === 'admin' && target.banned) throw errors.conflict('admin_role_banned');
    if (target.role === 'admin' && admins.filter((id) => id !== userId).length < 1) throw errors.conflict('admin_last');
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
    await recordAudit(
      tx,
      { actorId, action: 'user.role', targetType: 'user', targetId: userId, before: { role: target.role }, after: { role } },
      now,
    );
    return { id: target.id, role, changed: true };
  });
}
