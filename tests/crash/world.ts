import { sql } from 'drizzle-orm';
import type { Tx } from '../../apps/server/src/db/client';
import { call, must } from './http';

// The crash test's members, listings, rooms, coupons and chains (tests/crash/run.ts).

// ---------------------------------------------------------------------------------------------
// Members and their material, made once before the kills

export interface Member {
  id: string;
  token: string;
  items: string[];
}
let signed = 0;
async function signUp(): Promise<Member> {
  const n = ++signed;
  const email = `crash-${process.pid}-${n}@example.com`;
  const a = must(
    await call<{ localId: string; idToken: string }>('POST', '/identity/v1/accounts:signUp', {
      body: { email, password: 'crash-pass-1', acceptTerms: true, returnSecureToken: true },
    }),
    200,
    'sign-up',
  );
  const letters = (n: number): string => (n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26) - 1) + letters(n % 26));
  must(
    await call('PATCH', '/api/v1/me', {
      token: a.idToken,
      body: { displayName: `Crash ${letters(n)}`, address: { suburb: 'Fitzroy', postcode: '3065' } },
    }),
    200,
    'profile',
  );
  return { id: a.localId, token: a.idToken, items: [] };
}

const LISTING = {
  description: 'Looked after, works perfectly. Pick up in Fitzroy or courier.',
  categories: ['bicycles'],
  keywords: ['bike'],
  cashValueCents: 30_000,
  weightKg: 0.6,
  lengthCm: 30,
  widthCm: 25,
  heightCm: 20,
  location: { suburb: 'Fitzroy', postcode: '3065' },
  condition: 'used-good',
  deliveryOption: 'sendle',
  openToSelling: false,
};
async function listItem(m: Member, title: string) {
  const created = must(
    await call<{ id: string }>('POST', '/api/v1/posts', { token: m.token, body: { ...LISTING, title } }),
    201,
    'listing',
  );
  must(await call('POST', `/api/v1/posts/${created.id}/publish`, { token: m.token }), 200, 'publish');
  m.items.push(created.id);
  return created.id;
}

const MEMBERS = 12;
export const ITEMS_EACH = 4;
export const COUPONS = ['CRASHA', 'CRASHB', 'CRASHC'];
export interface World {
  members: Member[];
  rooms: Array<{ id: string; a: Member; b: Member }>;
  chains: Array<{ id: string; members: Member[] }>;
}

export async function setUp(): Promise<World> {
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i += 4) members.push(...(await Promise.all([0, 1, 2, 3].map(() => signUp()))));
  for (const m of members)
    for (let j = 0; j < ITEMS_EACH; j++) await listItem(m, `Crash item ${m.items.length + 1} of ${m.id.slice(0, 4)}`);
  const rooms: World['rooms'] = [];
  for (let i = 0; i + 1 < members.length; i += 2) {
    const [a, b] = [members[i]!, members[i + 1]!];
    const room = await call<{ id: string }>('POST', '/api/v1/rooms', { token: a.token, body: { userId: b.id } });
    if (room.status !== 201 && room.status !== 200) throw new Error(`room: ${room.status}`);
    rooms.push({ id: room.body.id, a, b });
  }
  return { members, rooms, chains: [] };
}

/** With the server down: listings out of early access, coupons with few uses, chains of three waiting to be unlocked. */
export async function prepareInDatabase(db: Tx, w: World) {
  const all = w.members.flatMap((m) => m.items);
  await db.execute(
    sql`update posts set published_at = now() - interval '25 hours' where id in (${sql.join(
      all.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  for (const code of COUPONS)
    await db.execute(sql`insert into coupons (code, type, max_uses, used_times, created_at) values (${code}, 'months_3', 3, 0, now())`);
  // Rings of three over each member's last item: the items offers also want, so a chain's commit
  // races the accepts of offers on the same items.
  for (let c = 0; c + 3 <= w.members.length; c += 3) {
    const ring = w.members.slice(c, c + 3);
    const id = `crash-chain-${c / 3}`;
    await db.execute(
      sql`insert into swap_chains (id, state, created_at, expires_at) values (${id}, 'found', now(), now() + interval '48 hours')`,
    );
    for (const [i, m] of ring.entries()) {
      const next = ring[(i + 1) % 3]!;
      await db.execute(sql`insert into swap_chain_members (chain_id, position, user_id, gives_post_id, receives_post_id)
        values (${id}, ${i}, ${m.id}, ${m.items.at(-1)!}, ${next.items.at(-1)!})`);
    }
    w.chains.push({ id, members: ring });
  }
}
