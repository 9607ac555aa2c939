import type { APIRequestContext } from '@playwright/test';
import { DOCS_PAGES, docsPath } from '../../packages/shared/src/docs';
import { expect, budget } from './test';
import { admin, auth, backdate, listItem, member, type Member } from './fixtures';
import type { Visit } from './axe-sweep';

// ---------- The data the pages show ----------

/** Ben's answer in the chat about the bike. */
const MESSAGE = 'Sure, come and see it.';

const PARCEL = { weightKg: 1.2, lengthCm: 30, widthCm: 25, heightCm: 20 };

/** A response that went through, and its body (what the journey reads of it: an id). */
async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ id: string; url?: string }> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? { id: '' } : ((await res.json()) as { id: string; url?: string });
}

/** A day, YYYY-MM-DD, `days` after today in Sydney. */
const sydneyDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function world(request: APIRequestContext) {
  const suffix = String.fromCharCode(...Array.from({ length: 6 }, () => 97 + Math.floor(Math.random() * 26)));
  const [ana, ben, cy, boss, doc] = await Promise.all([
    member(request, `Ana Swapper ${suffix}`),
    member(request, `Ben Carter ${suffix}`),
    member(request, `Cy Ring ${suffix}`),
    admin(request, `Avery Admin ${suffix}`),
    member(request, `Dee Writer ${suffix}`),
  ]);
  for (const [m, suburb, postcode] of [
    [ana, 'Newtown', '2042'],
    [ben, 'Fitzroy', '3065'],
    [cy, 'Carlton', '3053'],
  ] as const)
    await ok(await request.patch('/api/v1/me', { headers: auth(m), data: { address: { suburb, postcode } } }));
  const bike = await listItem(request, ben, `Road bike ${suffix}`, { photo: true });
  const tent = await listItem(request, ben, `Camping tent ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  const lamp = await listItem(request, ana, `Reading lamp ${suffix}`, { patch: { categories: ['furniture'], ...PARCEL } });
  const kettle = await listItem(request, ana, `Kettle ${suffix}`, { patch: { categories: ['kitchen'], ...PARCEL } });
  const deck = await listItem(request, ana, `Picnic set ${suffix}`, { patch: { categories: ['kitchen'], ...PARCEL } });
  const paddle = await listItem(request, cy, `Kayak paddle ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  const draft = await listItem(request, ana, `Desk chair ${suffix}`, { publish: false });
  // Past early access, so everyone (guests too) sees them.
  for (const id of [bike, tent, lamp, kettle, deck, paddle]) await backdate(request, id, 25);

  // A chain: Ana likes Ben's tent, Ben Cy's paddle, Cy Ana's picnic set (the finder runs a few seconds later).
  for (const [who, post] of [
    [ana, tent],
    [ben, paddle],
    [cy, deck],
  ] as const)
    await ok(await request.put(`/api/v1/posts/${post}/like`, { headers: auth(who) }));

  // A completed swap (Ana's lamp for Ben's bike), with a delivery Ana books and pays and a review to write.
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
  // The courier picks up on a business day: the first one the server takes, from two days on.
  let delivery: { id: string } | undefined;
  for (let days = 2; days < 16 && !delivery; days++) {
    const res = await request.post('/api/v1/deliveries', {
      headers: auth(ana),
      data: {
        postId: lamp,
        offerId: swap.id,
        receiverId: ben.id,
        sender: { name: 'Ana Swapper', street: '12 King Street', suburb: 'Newtown', postcode: '2042' },
        receiver: { name: 'Ben Carter', street: '3/45 Brunswick Street', suburb: 'Fitzroy', postcode: '3065' },
        itemDescription: `Reading lamp ${suffix}`,
        parcel: PARCEL,
        pickupDate: sydneyDay(days),
      },
    });
    if (res.status() === 201) delivery = (await res.json()) as { id: string };
  }
  expect(delivery, 'no pickup day in two weeks was taken').toBeDefined();
  const deliveryCheckout = await ok(await request.post(`/api/v1/deliveries/${delivery!.id}/checkout`, { headers: auth(ana) }));
  const card = { cardNumber: '4242 4242 4242 4242' };
  await ok(await request.post(`/api/v1/checkouts/${deliveryCheckout.id}/pay`, { headers: auth(ana), data: card }));

  // An open offer with cash on top, waiting for Ben.
  const open = await ok(
    await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: tent, itemIds: [kettle], cashKind: 'add', cashCents: 2_000, message: 'Kettle and A$20?' },
    }),
  );
  // An accepted offer (Ana's camp chair for Ben's boots), not yet swapped.
  const boots = await listItem(request, ben, `Hiking boots ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  const chair = await listItem(request, ana, `Camp chair ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  for (const id of [boots, chair]) await backdate(request, id, 25);
  const accepted = await ok(
    await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: boots, itemIds: [chair], message: 'Camp chair for your boots?' },
    }),
  );
  await step(ben, accepted.id, 'accept');
  // A chat about the bike.
  const room = await ok(await request.post('/api/v1/rooms', { headers: auth(ana), data: { userId: ben.id, postId: bike } }));
  await ok(await request.post(`/api/v1/rooms/${room.id}/messages`, { headers: auth(ben), data: { body: MESSAGE } }));
  // A checkout left open, and a paid one with its receipt.
  const tokens = (amount: number) =>
    request.post('/api/v1/checkouts', { headers: auth(ana), data: { purchase: { kind: 'tokens', amount }, returnTo: '/tokens' } });
  const checkout = await ok(await tokens(5));
  const paid = await ok(await tokens(20));
  await ok(await request.post(`/api/v1/checkouts/${paid.id}/pay`, { headers: auth(ana), data: card }));
  const receipts = (await (await request.get('/api/v1/me/receipts', { headers: auth(ana) })).json()) as { items: Array<{ id: string }> };

  // A published blog post, a mail design, and the docs role for Dee.
  const post = await ok(
    await request.post('/api/v1/admin/blog', {
      headers: auth(boss),
      data: {
        title: `Swapping a bike in Fitzroy ${suffix}`,
        urlTitle: `swapping-a-bike-${suffix}`,
        summary: 'How one swap went.',
        body: '## The swap\n\nA road bike for a lamp, [arranged on SwapU](/FAQ).\n\n- Listed on Monday\n- Swapped on Friday',
      },
    }),
  );
  await ok(await request.post(`/api/v1/admin/blog/${post.id}/publish`, { headers: auth(boss) }));
  const design = await ok(
    await request.post('/api/v1/admin/mail-designs', {
      headers: auth(boss),
      data: { name: `Spring swap day ${suffix}`, subject: 'Bring your spare things this Saturday', html: '<p>See you there</p>' },
    }),
  );
  await ok(await request.put(`/api/v1/admin/users/${doc.id}/role`, { headers: auth(boss), data: { role: 'docs' } }));
  await expect
    .poll(
      async () => ((await (await request.get('/api/v1/me/chains', { headers: auth(ana) })).json()) as { items: unknown[] }).items.length,
      {
        message: 'the swap chain was found',
        timeout: budget(60_000),
        intervals: [1000],
      },
    )
    .toBe(1);
  return {
    ana,
    ben,
    boss,
    doc,
    bike,
    tent,
    lamp,
    deck,
    draft,
    swap: swap.id,
    open: open.id,
    accepted: accepted.id,
    room: room.id,
    checkout: checkout.id,
    receipt: receipts.items[0]!.id,
    blogPost: post.id,
    blogUrlTitle: `swapping-a-bike-${suffix}`,
    design: design.id,
  };
}

/**
 * Every page of the router, as the guest, the member, the admin and the docs writer see them
 * (e2e/accessibility-browse.spec.ts and e2e/accessibility-account.spec.ts), with real ids made
 * through the API: one world, built by the first test of a spec file that asks for it.
 */
export function sweepPages() {
  let built: ReturnType<typeof world> | undefined;
  return async (request: APIRequestContext) => {
    const w = await (built ??= world(request));
    const open: Visit[] = [
      { path: '/' },
      { path: '/testSearchAlgolia' },
      { path: '/all-categories' },
      { path: '/advanced-search' },
      { path: '/search' },
      { path: '/demo' },
      { path: '/swap-swipe' },
      { path: `/swap-swipe/${w.deck}/${w.tent}` },
      { path: `/viewPost/${w.bike}` },
      { path: '/testNewProductPage' },
      {
        path: '/delivery-calculator',
        after: {
          shows: 'its field errors',
          act: async (p) => {
            await p.getByRole('button', { name: 'Get a quote' }).click();
            await expect(p.getByText('Please enter valid address').first()).toBeVisible();
          },
        },
      },
      {
        path: '/carbon-calculator',
        after: {
          shows: 'a result',
          act: async (p) => {
            await p.getByRole('textbox', { name: /^Weight/ }).fill('2');
            await p.getByRole('combobox', { name: 'Material 1' }).selectOption({ label: 'Cotton' });
            await p.getByRole('textbox', { name: 'Percentage of material 1' }).fill('100');
            await p.getByRole('button', { name: 'Calculate' }).click();
            await expect(p.getByTestId('carbon-result')).toBeVisible();
          },
        },
      },
      { path: '/activity' },
      { path: '/leaderboard' },
      { path: '/FAQ' },
      { path: '/terms-and-conditions' },
      { path: '/privacy' },
      { path: '/swapu-blog' },
      { path: `/swapu-blog/post/${w.blogPost}` },
      // Unknown paths: the blog post of that urlTitle.
      { path: `/${w.blogUrlTitle}`, lands: new RegExp(`^/swapu-blog/post/${w.blogPost}$`) },
      { path: '/dev/mail' },
      // Outside the main layout
      { path: '/email-subscription' },
      { path: '/forgot-password' },
    ];
    const guest: Visit[] = [
      ...open,
      // Signed in, these lead home (checked above).
      {
        path: '/auth',
        after: {
          shows: 'a refused sign-in',
          act: async (p) => {
            const form = p.getByRole('form').first();
            await form.locator('input[type="email"]').fill('nobody-here@example.com');
            await form.locator('input[type="password"]').first().fill('not-the-password-1');
            await form.locator('button[type="submit"]').first().click();
            await expect(p.getByRole('alert').first()).toBeVisible();
          },
        },
      },
      { path: '/auth/signup' },
      // An admin's page: a guest is told it is not for them.
      { path: '/email-edit' },
      // Without the tokens Google or Facebook put in its fragment, it sends the person to sign in.
      { path: '/auth/complete', lands: /^\/auth$/ },
    ];
    const memberPages: Visit[] = [
      ...open,
      { path: `/offer-item/${w.tent}` },
      // A phone shows the deck without its heading.
      { path: `/swap-swipe/${w.deck}`, ready: (p) => p.getByTestId('swipe-allowance').filter({ visible: true }).first() },
      // Without a subscription bought, the success page may send the member on to the cancel page.
      { path: '/swap-swipe-success', lands: /^\/swap-swipe-(success|cancel)$/ },
      { path: '/swap-swipe-cancel' },
      { path: '/create' },
      { path: `/editPost/${w.draft}` },
      { path: '/discuss' },
      // A phone shows the open room alone, without the list's heading: its messages are its content.
      { path: `/discuss/${w.room}`, ready: (p) => p.getByText(MESSAGE).filter({ visible: true }).first() },
      // A person and a listing: the room with them opens (its id takes the person's place).
      {
        path: `/discuss/${w.ben.id}/${w.bike}`,
        lands: new RegExp(`^/discuss/${w.room}/${w.bike}$`),
        ready: (p) => p.getByText(MESSAGE).filter({ visible: true }).first(),
      },
      { path: '/myswapu' },
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
      { path: `/swap-offer/${w.accepted}`, ready: (p) => p.getByText('Accepted', { exact: true }).filter({ visible: true }).first() },
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
      { path: '/email-edit' },
      { path: `/email-edit?design=${w.design}` },
    ];
    const docsPages: Visit[] = DOCS_PAGES.map((d) => ({ path: docsPath(d.slug) }));
    return { w, guest, memberPages, adminPages, docsPages };
  };
}
