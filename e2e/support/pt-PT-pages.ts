import type { APIRequestContext } from '@playwright/test';
import { expect } from './test';
import { admin, auth, backdate, listItem, member, subscriber, type Member } from './fixtures';
import type { Visit } from './pt-PT-check';

// ---------- The data the pages show ----------

const PARCEL = { weightKg: 1.2, lengthCm: 30, widthCm: 25, heightCm: 20 };

/** A response that went through, and its body (what the journey reads of it: an id). */
export async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ id: string }> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? { id: '' } : ((await res.json()) as { id: string });
}

async function world(request: APIRequestContext) {
  const suffix = String.fromCharCode(...Array.from({ length: 6 }, () => 97 + Math.floor(Math.random() * 26)));
  const [ana, ben, boss] = await Promise.all([
    // A subscriber, so the subscription's pages (and /swap-swipe-success) show what subscribers see.
    subscriber(request, `Ana Swapper ${suffix}`),
    member(request, `Ben Carter ${suffix}`),
    admin(request, `Avery Admin ${suffix}`),
  ]);
  // Ana and the admin signed up in Portuguese (their emails are written in it); Ben in English.
  for (const [m, suburb, postcode, language] of [
    [ana, 'Newtown', '2042', 'pt-PT'],
    [ben, 'Fitzroy', '3065', 'en-US'],
    [boss, 'Carlton', '3053', 'pt-PT'],
  ] as const)
    await ok(await request.patch('/api/v1/me', { headers: auth(m), data: { address: { suburb, postcode }, language } }));
  const bike = await listItem(request, ben, `Road bike ${suffix}`);
  const tent = await listItem(request, ben, `Camping tent ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  const lamp = await listItem(request, ana, `Reading lamp ${suffix}`, { patch: { categories: ['furniture'], ...PARCEL } });
  const kettle = await listItem(request, ana, `Kettle ${suffix}`, { patch: { categories: ['kitchen'], ...PARCEL } });
  const deck = await listItem(request, ana, `Picnic set ${suffix}`, { patch: { categories: ['kitchen'], ...PARCEL } });
  const draft = await listItem(request, ana, `Desk chair ${suffix}`, { publish: false });
  // Past early access, so everyone (guests too) sees them.
  for (const id of [bike, tent, lamp, kettle, deck]) await backdate(request, id, 25);

  // A completed swap (Ana's lamp for Ben's bike), with a delivery to book and a review to write.
  const swap = await ok(
    await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: bike, itemIds: [lamp], message: 'My lamp for your bike?' },
    }),
  );
  const step = async (m: Member, id: string, transition: string) =>
    ok(await request.post(`/api/v1/offers/${id}/transitions`, { headers: auth(m), data: { transition } }));
  await step(ben, swap.id, 'accept');
  await step(ana, swap.id, 'confirm_receipt');
  await step(ben, swap.id, 'confirm_receipt');
  // An open offer with cash on top, waiting for Ben.
  const open = await ok(
    await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: tent, itemIds: [kettle], cashKind: 'add', cashCents: 2_000, message: 'Kettle and A$20?' },
    }),
  );
  // A chat about the bike.
  const room = await ok(await request.post('/api/v1/rooms', { headers: auth(ana), data: { userId: ben.id, postId: bike } }));
  await ok(await request.post(`/api/v1/rooms/${room.id}/messages`, { headers: auth(ben), data: { body: 'Sure, come and see it.' } }));
  // A checkout left open, and a paid one with its receipt.
  const checkout = await ok(
    await request.post('/api/v1/checkouts', { headers: auth(ana), data: { purchase: { kind: 'tokens', amount: 5 }, returnTo: '/tokens' } }),
  );
  const paid = await ok(
    await request.post('/api/v1/checkouts', {
      headers: auth(ana),
      data: { purchase: { kind: 'tokens', amount: 20 }, returnTo: '/tokens' },
    }),
  );
  await ok(await request.post(`/api/v1/checkouts/${paid.id}/pay`, { headers: auth(ana), data: { cardNumber: '4242 4242 4242 4242' } }));
  // What the admin's pages show of members' and the team's own words, written in English (as
  // the journeys before this one leave them): a report, a support thread, a mail design, and an
  // audited role change (its stored values in the audit log).
  await ok(
    await request.post(`/api/v1/posts/${deck}/report`, {
      headers: auth(ben),
      data: { reason: 'scam', details: 'Asked me to pay by gift card before we met' },
    }),
  );
  await ok(await request.post('/api/v1/support/messages', { headers: auth(ben), data: { body: 'Where can I see my drafts?' } }));
  await ok(
    await request.post('/api/v1/admin/mail-designs', {
      headers: auth(boss),
      data: { name: `Spring swap day ${suffix}`, subject: 'Bring your spare things this Saturday', html: '<p>See you there</p>' },
    }),
  );
  await ok(await request.put(`/api/v1/admin/users/${ben.id}/role`, { headers: auth(boss), data: { role: 'docs' } }));
  const receipts = await (await request.get('/api/v1/me/receipts', { headers: auth(ana) })).json();
  const blog = await (await request.get('/api/v1/blog')).json();
  return {
    ana,
    ben,
    boss,
    bike,
    tent,
    lamp,
    deck,
    draft,
    swap: swap.id as string,
    open: open.id as string,
    room: room.id as string,
    checkout: checkout.id as string,
    receipt: receipts.items[0].id as string,
    blogPost: blog.items[0].id as string,
  };
}

/**
 * The router's pages, from the three places a person sees them (e2e/pt-PT-browse.spec.ts and
 * e2e/pt-PT-account.spec.ts), with real ids made through the API: one world, built by the first
 * test of a spec file that asks for it.
 */
export function routerPages() {
  let built: ReturnType<typeof world> | undefined;
  return async (request: APIRequestContext) => {
    const w = await (built ??= world(request));
    const guest: Visit[] = [
      { path: '/' },
      { path: '/testSearchAlgolia' },
      { path: '/all-categories' },
      { path: '/advanced-search' },
      { path: '/search' },
      { path: '/search?keyword=zzqqxxnothing' },
      { path: '/demo' },
      { path: '/swap-swipe' },
      { path: `/swap-swipe/${w.deck}/${w.tent}` },
      { path: `/viewPost/${w.bike}` },
      { path: '/viewPost/not-a-real-post' },
      { path: '/testNewProductPage' },
      { path: '/delivery-calculator' },
      { path: '/carbon-calculator' },
      { path: '/activity' },
      { path: '/leaderboard' },
      { path: '/FAQ' },
      { path: '/terms-and-conditions' },
      { path: '/privacy' },
      { path: '/swapu-blog' },
      { path: `/swapu-blog/post/${w.blogPost}` },
      { path: '/dev/mail' },
      { path: '/no-such-page-here', lands: /^\/$/ },
      // Outside the main layout
      { path: '/email-subscription' },
      { path: '/email-edit' },
      { path: '/forgot-password' },
      {
        path: '/auth',
        // A failed sign-in: the server's error, in Portuguese.
        act: async (p) => {
          const form = p.getByRole('form').first();
          await form.locator('input[type="email"]').fill('nobody-here@example.com');
          await form.locator('input[type="password"]').first().fill('not-the-password-1');
          await form.locator('button[type="submit"]').first().click();
          await expect(p.getByRole('alert').first()).toBeVisible();
        },
      },
      { path: '/auth/signup' },
      // Without the tokens Google or Facebook put in its fragment, it sends the person to sign in.
      { path: '/auth/complete', lands: /^\/auth$/ },
    ];
    const memberPages: Visit[] = [
      { path: `/offer-item/${w.bike}` },
      { path: `/swap-swipe/${w.deck}` },
      { path: '/swap-swipe-success' }, // Ana is a subscriber, so the success page shows (not the cancel one)
      { path: '/swap-swipe-cancel' },
      { path: '/create' },
      { path: `/editPost/${w.draft}` },
      { path: '/discuss' },
      { path: `/discuss/${w.room}` },
      // A person and a listing: the room with them opens (its id takes the person's place).
      { path: `/discuss/${w.ben.id}/${w.bike}`, lands: new RegExp(`^/discuss/${w.room}/${w.bike}$`) },
      { path: '/myswapu' },
      { path: '/myswapu?tab=drafts' },
      { path: '/myswapu?tab=done' },
      { path: '/myswapu?tab=goals' },
      { path: '/offers' },
      { path: '/swap-status' },
      { path: '/swap-status/completed' },
      { path: `/user-detail/${w.ben.id}` },
      { path: `/user-detail/${w.ana.id}` },
      { path: '/onboarding' },
      { path: '/chooseInterest' },
      { path: '/favorite' },
      { path: '/subscription' },
      { path: '/swap-chain-liked' },
      { path: '/search-filter' },
      { path: '/suggested' },
      { path: '/categories-filter' },
      { path: '/categories-interests' },
      { path: '/tokens' },
      { path: '/receipts' },
      { path: `/receipts/${w.receipt}` },
      { path: `/checkout/${w.checkout}` },
      { path: '/swap-offer' },
      { path: `/swap-offer/${w.swap}` },
      { path: `/swap-offer/${w.open}` },
      { path: '/my-delivery' },
      { path: '/my-delivery-status/delivered' },
      { path: `/my-delivery/${w.lamp}/${w.swap}/${w.ben.id}` },
      { path: '/review-swap' },
      { path: `/review-swap/${w.swap}` },
      { path: '/notification' },
      { path: '/delivery-swap' },
      { path: '/welcome-mail' },
      { path: '/user-coupon' },
    ];
    const adminPages: Visit[] = [
      { path: '/admin' },
      ...['analytics', 'users', 'moderation', 'coupons', 'campaigns', 'blog', 'support', 'mail', 'audit'].map((s) => ({
        path: `/admin/${s}`,
      })),
    ];

    return { w, guest, memberPages, adminPages };
  };
}
