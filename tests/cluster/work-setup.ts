// The work check's material, made through the balancer as members make it: listings (moved out
// of early access in the database, as a day would), offers, an accepted swap with a paid
// delivery, a campaign, an assisted listing with matches, and a ring of likes for a chain.
import type pg from 'pg';
import { call, expectStatus, LISTING, listItem, type Member, signUp } from './api';
import { type Cluster, LB_URL } from './cluster';

const DAY_MS = 86_400_000;
const CARD = { cardNumber: '4242 4242 4242 4242' };

/** Listings published a day and an hour ago (past early access: everyone sees them, chains may use them). */
export async function backdate(db: pg.Client, postIds: string[]) {
  await db.query(`update posts set published_at = now() - interval '25 hours' where id = any($1)`, [postIds]);
}

/** Pays a checkout with the local provider's approved card. */
async function pay(m: Member, checkoutId: string) {
  expectStatus(await call(LB_URL, 'POST', `/api/v1/checkouts/${checkoutId}/pay`, { token: m.token, body: CARD }), 200, 'payment');
}

/** Offers, each by its own member on another member's listing, given an item of the offerer's. */
export async function offers(db: pg.Client, n: number) {
  const owners = await Promise.all(Array.from({ length: n }, () => signUp('owner')));
  const offerers = await Promise.all(Array.from({ length: n }, () => signUp('offerer')));
  const targets = await Promise.all(owners.map((o, i) => listItem(o, `Offer target ${i}`)));
  const given = await Promise.all(offerers.map((o, i) => listItem(o, `Offered item ${i}`)));
  await backdate(db, [...targets, ...given]);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const offer = await call<{ id: string }>(LB_URL, 'POST', '/api/v1/offers', {
      token: offerers[i]!.token,
      body: { postId: targets[i], itemIds: [given[i]], expiryDays: 1 },
    });
    ids.push(expectStatus(offer, 201, 'offer').id);
  }
  return { ids, people: [...owners, ...offerers] };
}

/** An accepted swap between a member in Newtown NSW and one in Fitzroy VIC, and the delivery of the owner's item, paid. */
export async function paidDelivery(db: pg.Client) {
  const [owner, offerer] = [await signUp('sender'), await signUp('receiver')];
  for (const [m, address] of [
    [owner, { suburb: 'Newtown', postcode: '2042' }],
    [offerer, { suburb: 'Fitzroy', postcode: '3065' }],
  ] as const)
    expectStatus(await call(LB_URL, 'PATCH', '/api/v1/me', { token: m.token, body: { address } }), 200, 'address');
  const parcel = { weightKg: 0.6, lengthCm: 30, widthCm: 25, heightCm: 20 };
  const target = await listItem(owner, 'Road bike helmet', { ...parcel, location: { suburb: 'Newtown', postcode: '2042' } });
  const given = await listItem(offerer, 'Camping lantern');
  await backdate(db, [target, given]);
  const offer = expectStatus(
    await call<{ id: string }>(LB_URL, 'POST', '/api/v1/offers', { token: offerer.token, body: { postId: target, itemIds: [given] } }),
    201,
    'swap offer',
  );
  expectStatus(
    await call(LB_URL, 'POST', `/api/v1/offers/${offer.id}/transitions`, { token: owner.token, body: { transition: 'accept' } }),
    200,
    'accept',
  );
  const draft = expectStatus(
    await call<{ earliestPickup: string | null }>(LB_URL, 'GET', `/api/v1/deliveries/draft/${target}/${offer.id}/${offerer.id}`, {
      token: owner.token,
    }),
    200,
    'delivery draft',
  );
  const delivery = expectStatus(
    await call<{ id: string }>(LB_URL, 'POST', '/api/v1/deliveries', {
      token: owner.token,
      body: {
        postId: target,
        offerId: offer.id,
        receiverId: offerer.id,
        sender: { name: 'Olivia Smith', street: '12 King Street', suburb: 'Newtown', postcode: '2042' },
        receiver: { name: 'Felix Ng', street: '3/45 Brunswick Street', suburb: 'Fitzroy', postcode: '3065' },
        itemDescription: 'Road bike helmet, boxed',
        parcel,
        pickupDate: draft.earliestPickup,
        instructions: 'Side gate',
      },
    }),
    201,
    'delivery order',
  );
  const checkout = expectStatus(
    await call<{ id: string }>(LB_URL, 'POST', `/api/v1/deliveries/${delivery.id}/checkout`, { token: owner.token }),
    201,
    'delivery checkout',
  );
  await pay(owner, checkout.id);
  return { id: delivery.id, people: [owner, offerer] };
}

/** A campaign to `n` members who share an interest no other member of the run has. */
export async function campaign(admin: Member, n: number) {
  const interest = 'musical-instruments';
  const members = await Promise.all(Array.from({ length: n }, () => signUp('audience')));
  for (const m of members)
    expectStatus(await call(LB_URL, 'PATCH', '/api/v1/me', { token: m.token, body: { interests: [interest] } }), 200, 'interests');
  const subject = `Cluster campaign ${Date.now()}`;
  const design = expectStatus(
    await call<{ id: string }>(LB_URL, 'POST', '/api/v1/admin/mail-designs', {
      token: admin.token,
      body: { name: 'Cluster test', subject, html: '<p>Hello from every instance, once.</p>' },
    }),
    201,
    'mail design',
  );
  const created = expectStatus(
    await call<{ id: string; counts: { total: number } }>(LB_URL, 'POST', '/api/v1/admin/campaigns', {
      token: admin.token,
      body: { designId: design.id, audience: { kind: 'interest', value: interest } },
    }),
    201,
    'campaign',
  );
  return { id: created.id, total: created.counts.total, subject, emails: members.map((m) => m.email.toLowerCase()) };
}

/** An assisted listing (Swap Assist bought for it) with one match: a listing whose category it wishes for. */
export async function assisted(db: pg.Client) {
  const [owner, other] = [await signUp('assisted'), await signUp('matching')];
  const post = await listItem(owner, 'Assisted kayak', { categories: ['water-sports'], wishCategories: ['antiques'] });
  const match = await listItem(other, 'Matching clock', { categories: ['antiques'] });
  await backdate(db, [post, match]);
  const checkout = expectStatus(
    await call<{ id: string }>(LB_URL, 'POST', '/api/v1/checkouts', {
      token: owner.token,
      body: { purchase: { kind: 'swap_assist', postId: post } },
    }),
    201,
    'Swap Assist checkout',
  );
  await pay(owner, checkout.id);
  return { post, owner };
}

/** Three members whose items each want the next one's: a ring the chain finder proposes. */
export async function ring(db: pg.Client) {
  const members = await Promise.all([signUp('ring'), signUp('ring'), signUp('ring')]);
  const items = await Promise.all(members.map((m, i) => listItem(m, `Ring item ${i}`, { ...LISTING, cashValueCents: 30_000 })));
  await backdate(db, items);
  for (let i = 0; i < 3; i++) {
    const liked = await call(LB_URL, 'PUT', `/api/v1/posts/${items[(i + 1) % 3]}/like`, { token: members[i]!.token });
    if (liked.status !== 200) throw new Error(`like: ${liked.status} ${JSON.stringify(liked.body)}`);
  }
  return { items, members };
}

export type Db = Awaited<ReturnType<Cluster['db']>>;
export { DAY_MS };
