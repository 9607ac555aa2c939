import Stripe from 'stripe';
import { type Answer, call } from './http';
import { between, CARD, pick, random, SEED, STRIPE_WEBHOOK_PATH, WEBHOOK_SECRET } from './options';
import { standIn } from './servers';
import { COUPONS, type Member, type World } from './world';

// The crash test's workload (tests/crash/run.ts): what each action asks, and what it saw acknowledged.

// ---------------------------------------------------------------------------------------------
// The workload: what each action asks, and what it saw acknowledged

export const acked = {
  paidCheckouts: new Set<string>(),
  coupons: [] as Array<{ code: string; userId: string }>,
  boosts: new Map<string, number>(),
  extraSwipes: new Map<string, number>(),
  swipes: [] as Array<{ userId: string; postId: string }>,
  acceptedOffers: new Set<string>(),
  unlocks: [] as Array<{ chainId: string; userId: string }>,
  paidDeliveries: new Set<string>(),
  messages: [] as string[],
};
export const counts: Record<string, { tried: number; acked: number; refused: Map<string, number> }> = {};
/** Counts an action; a refusal by its answer: the status and the catalogue's code (0: the kill cut it). */
const tally = (what: string, ok: boolean, answer?: Answer) => {
  const c = (counts[what] ??= { tried: 0, acked: 0, refused: new Map() });
  c.tried++;
  if (ok) c.acked++;
  else if (answer) {
    const code = (answer.body as { error?: { code?: string } } | null)?.error?.code;
    const key = answer.status === 0 ? 'cut by the kill' : `${answer.status}${code ? ` ${code}` : ''}`;
    c.refused.set(key, (c.refused.get(key) ?? 0) + 1);
  }
};
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** Offers made and not yet answered, and accepted swaps whose delivery is not yet booked. */
const pendingOffers: Array<{ id: string; owner: Member; offerer: Member; postId: string }> = [];
const swaps: Array<{ id: string; owner: Member; offerer: Member; postId: string }> = [];
/** Stripe checkouts paid at Stripe whose completed event the server has not acknowledged yet (Stripe retries them). */
const undelivered: Array<{ checkoutId: string; event: object }> = [];
const signer = new Stripe('sk_test_signer');

async function deliverWebhook(checkoutId: string, event: object) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await call('POST', STRIPE_WEBHOOK_PATH, {
    body: payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
  });
  if (res.status === 200) acked.paidCheckouts.add(checkoutId);
  return res.status === 200;
}

type Action = (w: World, provider: 'local' | 'stripe') => Promise<void>;
const ACTIONS: Record<string, Action> = {
  async tokens(w, provider) {
    const m = pick(w.members);
    const co = await call<{ id: string }>('POST', '/api/v1/checkouts', {
      token: m.token,
      body: { purchase: { kind: 'tokens', amount: 10 } },
    });
    if (co.status !== 201) return tally(`tokens (${provider})`, false, co);
    if (provider === 'local') {
      const paid = await call('POST', `/api/v1/checkouts/${co.body.id}/pay`, { token: m.token, body: CARD });
      if (paid.status === 200) acked.paidCheckouts.add(co.body.id);
      return tally('tokens (local)', paid.status === 200, paid);
    }
    const session = [...standIn!.sessions.values()].find((s) => s.client_reference_id === co.body.id);
    if (!session) return tally('tokens (stripe)', false);
    const event = standIn!.event('checkout.session.completed', standIn!.completeSession(session.id));
    const ok = await deliverWebhook(co.body.id, event);
    if (!ok) undelivered.push({ checkoutId: co.body.id, event });
    // Stripe delivers an event more than once now and then.
    else if (random() < 0.3) await deliverWebhook(co.body.id, event);
    tally('tokens (stripe)', ok);
  },
  async coupon(w) {
    const m = pick(w.members);
    const code = pick(COUPONS);
    const res = await call('POST', '/api/v1/me/coupons', { token: m.token, body: { code } });
    if (res.status === 200) acked.coupons.push({ code, userId: m.id });
    tally('coupon', res.status === 200, res);
  },
  async boost(w) {
    const m = pick(w.members);
    const res = await call('POST', `/api/v1/posts/${pick(m.items.slice(0, -1))}/boost`, { token: m.token });
    if (res.status === 200) bump(acked.boosts, m.id);
    tally('boost', res.status === 200, res);
  },
  async extraSwipes(w) {
    const m = pick(w.members);
    const res = await call('POST', '/api/v1/me/extra-swipes', { token: m.token });
    if (res.status === 200) bump(acked.extraSwipes, m.id);
    tally('extra swipes', res.status === 200, res);
  },
  async swipe(w) {
    const m = pick(w.members);
    const from = m.items[0]!;
    const deck = await call<{ items?: Array<{ id: string }> }>('GET', `/api/v1/swipe/deck/${from}`, { token: m.token });
    const cards = (deck.body?.items ?? []).map((c) => c.id);
    if (deck.status !== 200 || !cards.length) return tally('swipe', false, deck);
    const postId = pick(cards);
    const res = await call('POST', '/api/v1/swipes', { token: m.token, body: { fromPostId: from, postId, direction: 'right' } });
    if (res.status === 200) acked.swipes.push({ userId: m.id, postId });
    tally('swipe', res.status === 200, res);
  },
  async offer(w) {
    const [offerer, owner] = [pick(w.members), pick(w.members)];
    if (offerer === owner) return;
    const postId = pick(owner.items.slice(1));
    const res = await call<{ id: string }>('POST', '/api/v1/offers', {
      token: offerer.token,
      body: { postId, itemIds: [pick(offerer.items.slice(1))], expiryDays: 1 },
    });
    if (res.status === 201) pendingOffers.push({ id: res.body.id, owner, offerer, postId });
    tally('offer', res.status === 201, res);
  },
  async accept() {
    const o = pendingOffers.splice(Math.floor(random() * pendingOffers.length), 1)[0];
    if (!o) return;
    const res = await call('POST', `/api/v1/offers/${o.id}/transitions`, { token: o.owner.token, body: { transition: 'accept' } });
    if (res.status === 200) {
      acked.acceptedOffers.add(o.id);
      swaps.push(o);
    }
    tally('accept', res.status === 200, res);
  },
  async unlock(w) {
    const chain = pick(w.chains);
    const m = pick(chain.members);
    const res = await call('POST', `/api/v1/chains/${chain.id}/unlock`, { token: m.token });
    if (res.status === 200) acked.unlocks.push({ chainId: chain.id, userId: m.id });
    tally('chain unlock', res.status === 200, res);
  },
  async delivery(_w, provider) {
    if (provider !== 'local') return;
    const s = swaps.shift();
    if (!s) return;
    const draft = await call<{ earliestPickup: string | null }>('GET', `/api/v1/deliveries/draft/${s.postId}/${s.id}/${s.offerer.id}`, {
      token: s.owner.token,
    });
    if (draft.status !== 200) return tally('delivery', false, draft);
    const order = await call<{ id: string }>('POST', '/api/v1/deliveries', {
      token: s.owner.token,
      body: {
        postId: s.postId,
        offerId: s.id,
        receiverId: s.offerer.id,
        sender: { name: 'Olivia Smith', street: '12 King Street', suburb: 'Fitzroy', postcode: '3065' },
        receiver: { name: 'Felix Ng', street: '3/45 Brunswick Street', suburb: 'Fitzroy', postcode: '3065' },
        itemDescription: 'A boxed item',
        parcel: { weightKg: 0.6, lengthCm: 30, widthCm: 25, heightCm: 20 },
        pickupDate: draft.body.earliestPickup,
        instructions: '',
      },
    });
    if (order.status !== 201) return tally('delivery', false, order);
    const co = await call<{ id: string }>('POST', `/api/v1/deliveries/${order.body.id}/checkout`, { token: s.owner.token });
    if (co.status !== 201) return tally('delivery', false, co);
    const paid = await call('POST', `/api/v1/checkouts/${co.body.id}/pay`, { token: s.owner.token, body: CARD });
    if (paid.status === 200) {
      acked.paidCheckouts.add(co.body.id);
      acked.paidDeliveries.add(order.body.id);
    }
    tally('delivery', paid.status === 200, paid);
  },
  async chat(w) {
    const r = pick(w.rooms);
    const from = random() < 0.5 ? r.a : r.b;
    const res = await call<{ id: string }>('POST', `/api/v1/rooms/${r.id}/messages`, {
      token: from.token,
      body: { body: `crash test ${between(1, 1e6)}`, clientId: `crash-${SEED}-${between(1, 1e9)}` },
    });
    if (res.status === 201 || res.status === 200) acked.messages.push(res.body.id);
    tally('chat', res.status === 201 || res.status === 200, res);
  },
};
/** How often each action is chosen. */
const WEIGHTS: Array<[keyof typeof ACTIONS, number]> = [
  ['tokens', 4],
  ['coupon', 1],
  ['boost', 2],
  ['extraSwipes', 1],
  ['swipe', 4],
  ['offer', 3],
  ['accept', 3],
  ['unlock', 1],
  ['delivery', 2],
  ['chat', 4],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((s, [, w]) => s + w, 0);
function chooseAction() {
  let x = random() * TOTAL_WEIGHT;
  for (const [name, weight] of WEIGHTS) if ((x -= weight) < 0) return name;
  return WEIGHTS[0]![0];
}

/** Workers act until `stop` says so; an action cut short by the kill simply ends. */
export async function workload(w: World, provider: 'local' | 'stripe', workers: number, stop: { now: boolean }) {
  // Stripe delivers again what was not acknowledged.
  if (provider === 'stripe') for (const u of undelivered.splice(0)) if (!(await deliverWebhook(u.checkoutId, u.event))) undelivered.push(u);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = 0; i < 1000 && !stop.now; i++) {
        const name = chooseAction();
        try {
          await ACTIONS[name]!(w, provider);
        } catch (err) {
          tally(`${name} (error)`, false);
          if (!stop.now) console.error(`  ${name}: ${(err as Error).message}`);
        }
      }
    }),
  );
}
