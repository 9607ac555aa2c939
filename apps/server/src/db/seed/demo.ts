import { hash } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import { CATEGORIES, CONDITIONS } from '@swapu/shared/constants';
import type { Db } from '../client';
import { DEMO_MARKER, DEMO_PASSWORD } from '../../lib/deployment';
import {
  appSettings,
  blogPosts,
  deliveries,
  deliveryEvents,
  postReservations,
  favorites,
  goals,
  goalSteps,
  localities,
  messages,
  offerEvents,
  offerItems,
  offers,
  postImages,
  postLikes,
  posts,
  reviews,
  roomReads,
  rooms,
  subscriptions,
  coupons,
  users,
  swapChainMembers,
  swapChains,
} from '../schema/index';
import { refreshSearchTerms } from '../../modules/search/search-terms';
import { carbonSavedKg } from '@swapu/shared/carbon';
import { CHAIN_UNLOCK_HOURS, CHAIN_VALUE_BAND } from '@swapu/shared/chains';
import type { Storage } from '../../lib/storage';
import { BLOG_POSTS } from './blog-content';
import { awardDemoPoints } from './demo-points';
import { BIOS, CATALOGUE, FIRST_NAMES, LAST_NAMES } from './catalogue';
import { createRandom } from './random';
import { concentrateSwaps, demoReliability } from './demo-reliability';
import { FIRST_SIZES, LATER_SIZES, writePictures, type PictureJob } from './demo-pictures';

/** Coupon codes in the demo marketplace: the admin's list is not empty on a fresh start. */
const DEMO_COUPONS = [
  { code: 'SWAPSPRING26', type: 'months_3', maxUses: 200, expiresInDays: 60, daysAgo: 12 },
  { code: 'FIRSTSWAP', type: 'month_normal', maxUses: 1000, expiresInDays: 0, daysAgo: 40 },
  { code: 'UTEWEEK', type: 'month_special', maxUses: 50, expiresInDays: 21, daysAgo: 3 },
  { code: 'SWAPUYEAR', type: 'months_12', maxUses: 5, expiresInDays: 0, daysAgo: 1 },
] as const;

export const DEMO_ACCOUNTS = [
  { email: 'demo@swapu.au', role: 'user' as const, subscriber: false },
  { email: 'subscriber@swapu.au', role: 'user' as const, subscriber: true },
  { email: 'admin@swapu.au', role: 'admin' as const, subscriber: false },
];
const SEED = 20261122;
const DAY = 24 * 60 * 60 * 1000;

/** Real suburbs in every state and territory; coordinates come from the localities table. */
const SUBURBS: Array<[string, string, string]> = [
  ['Newtown', '2042', 'NSW'],
  ['Parramatta', '2150', 'NSW'],
  ['Bondi', '2026', 'NSW'],
  ['Manly', '2095', 'NSW'],
  ['Penrith', '2750', 'NSW'],
  ['Newcastle', '2300', 'NSW'],
  ['Wollongong', '2500', 'NSW'],
  ['Chatswood', '2067', 'NSW'],
  ['Fitzroy', '3065', 'VIC'],
  ['Brunswick', '3056', 'VIC'],
  ['St Kilda', '3182', 'VIC'],
  ['Geelong', '3220', 'VIC'],
  ['Ballarat Central', '3350', 'VIC'],
  ['Footscray', '3011', 'VIC'],
  ['Box Hill', '3128', 'VIC'],
  ['Frankston', '3199', 'VIC'],
  ['West End', '4101', 'QLD'],
  ['Paddington', '4064', 'QLD'],
  ['Southport', '4215', 'QLD'],
  ['Toowoomba City', '4350', 'QLD'],
  ['Cairns City', '4870', 'QLD'],
  ['Townsville City', '4810', 'QLD'],
  ['Noosa Heads', '4567', 'QLD'],
  ['Fremantle', '6160', 'WA'],
  ['Subiaco', '6008', 'WA'],
  ['Joondalup', '6027', 'WA'],
  ['Mandurah', '6210', 'WA'],
  ['Bunbury', '6230', 'WA'],
  ['Scarborough', '6019', 'WA'],
  ['Glenelg', '5045', 'SA'],
  ['Norwood', '5067', 'SA'],
  ['Prospect', '5082', 'SA'],
  ['Mount Barker', '5251', 'SA'],
  ['Hobart', '7000', 'TAS'],
  ['Launceston', '7250', 'TAS'],
  ['Sandy Bay', '7005', 'TAS'],
  ['Devonport', '7310', 'TAS'],
  ['Braddon', '2612', 'ACT'],
  ['Belconnen', '2617', 'ACT'],
  ['Kingston', '2604', 'ACT'],
  ['Phillip', '2606', 'ACT'],
  ['Darwin City', '0800', 'NT'],
  ['Palmerston City', '0830', 'NT'],
  ['Alice Springs', '0870', 'NT'],
  ['Nightcliff', '0810', 'NT'],
];

/** Every member accepted the terms and the privacy policy when they joined. */
const accepted = (at: Date) => ({ termsAcceptedAt: at, privacyAcceptedAt: at });

/**
 * The demo account's goal tracker (issue 18), shown on its profile: when it took part in a
 * completed swap, the goal starts from the item it gave and has taken one step to the item it
 * received; otherwise it starts from one of its live items. The goal value is about twice what
 * it holds now, so the bar is half full.
 */
function goalFor(
  userId: string,
  postRows: Array<typeof posts.$inferInsert>,
  offerRows: Array<typeof offers.$inferInsert>,
  offerItemRows: Array<typeof offerItems.$inferInsert>,
  now: Date,
  uuid: () => string,
) {
  const post = (id: string) => postRows.find((p) => p.id === id);
  const swap = offerRows.find((o) => o.state === 'completed' && (o.offererId === userId || o.ownerId === userId));
  const offered = swap ? offerItemRows.filter((i) => i.offerId === swap.id).map((i) => post(i.postId)!) : [];
  const gave = swap ? (swap.offererId === userId ? offered[0] : post(swap.postId)) : undefined;
  const received = swap ? (swap.offererId === userId ? post(swap.postId) : offered[0]) : undefined;
  const start = gave ?? postRows.find((p) => p.ownerId === userId && p.state === 'published');
  if (!start) return null;
  const current = received ?? start;
  const id = uuid();
  const goal = {
    id,
    userId,
    name: 'Summer on the water',
    goalItem: 'A stand-up paddle board with a paddle',
    goalCategory: 'water-sports',
    goalKeywords: ['paddle board', 'SUP'],
    goalValueCents: Math.max(60_000, Math.ceil((current.cashValueCents! * 2) / 5_000) * 5_000),
    startPostId: start.id!,
    currentPostId: current.id!,
    showOnProfile: true,
    createdAt: new Date((swap ? swap.createdAt!.getTime() : now.getTime()) - 5 * DAY),
  };
  const step =
    swap && received && gave
      ? {
          id: uuid(),
          goalId: id,
          offerId: swap.id!,
          fromPostId: gave.id!,
          toPostId: received.id!,
          valueCents: received.cashValueCents!,
          seq: 1,
          createdAt: swap.completedAt!,
        }
      : null;
  return { goal, step };
}

/** True when the database holds no users yet (a fresh installation). */
/**
 * A swap chain found for the demo account five hours ago (decision 0028): the demo member gives
 * one of their items to a member who gives to a third, who gives to the demo member; each liked
 * what they receive, values within ±30 %, and the third has already unlocked. So /swap-chain-liked
 * shows a real ring waiting on the demo member. Ids and picks come from a generator of their own.
 */
function chainFor(
  demoUser: typeof users.$inferInsert,
  postRows: Array<typeof posts.$inferInsert>,
  offerRows: Array<typeof offers.$inferInsert>,
  offerItemRows: Array<typeof offerItems.$inferInsert>,
  likeRows: Array<typeof postLikes.$inferInsert>,
  favoriteRows: Array<typeof favorites.$inferInsert>,
  now: Date,
) {
  const rnd = createRandom(SEED + 19);
  const busy = new Set([...offerRows.map((o) => o.postId), ...offerItemRows.map((i) => i.postId)]);
  const free = (p: (typeof postRows)[number]) =>
    p.state === 'published' && p.publishedAt! <= new Date(now.getTime() - 2 * DAY) && !busy.has(p.id!) && p.cashValueCents! > 0;
  const within = (give: number, get: number) => Math.abs(get - give) <= CHAIN_VALUE_BAND * give;
  const mine = postRows.filter((p) => p.ownerId === demoUser.id && free(p));
  for (const a of mine) {
    const va = a.cashValueCents!;
    const others = postRows.filter(
      (p) => p.ownerId !== demoUser.id && free(p) && within(va, p.cashValueCents!) && within(p.cashValueCents!, va),
    );
    for (const b of others) {
      const c = others.find(
        (p) => p.ownerId !== b.ownerId && within(b.cashValueCents!, p.cashValueCents!) && within(p.cashValueCents!, va),
      );
      if (!c) continue;
      // Member k gives ring[k] and receives ring[k + 1]: demo gets b, b's owner gets c, c's owner gets a.
      const ring = [a, b, c];
      const createdAt = new Date(now.getTime() - 5 * 3600_000);
      const chainId = rnd.uuid();
      for (const [k, give] of ring.entries()) {
        const get = ring[(k + 1) % 3]!;
        const liker = give.ownerId!;
        if (likeRows.some((l) => l.postId === get.id && l.likedById === liker)) continue;
        const at = new Date(createdAt.getTime() - rnd.int(10, 600) * 60_000);
        likeRows.push({ id: rnd.uuid(), postId: get.id!, postOwnerId: get.ownerId!, likedById: liker, likedTime: at });
        if (!favoriteRows.some((f) => f.userId === liker && f.postId === get.id))
          favoriteRows.push({ userId: liker, postId: get.id!, createdAt: at });
      }
      return {
        chain: { id: chainId, state: 'found', createdAt, expiresAt: new Date(createdAt.getTime() + CHAIN_UNLOCK_HOURS * 3600_000) },
        members: ring.map((give, k) => ({
          chainId,
          position: k,
          userId: give.ownerId!,
          givesPostId: give.id!,
          receivesPostId: ring[(k + 1) % 3]!.id!,
          open: true,
          unlockedAt: k === 2 ? new Date(createdAt.getTime() + 3600_000) : null,
        })),
      };
    }
  }
  return null;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/** The seed's counted steps, as a progress display names them. */
export const SEED_STEPS = ['members and listings', 'photos', 'search words'] as const;
export type SeedProgress = (step: number, label: (typeof SEED_STEPS)[number], done?: number, total?: number) => void;

/**
 * Seeds a believable, deterministic demo marketplace: users in real suburbs of every state,
 * posts in all 36 categories, each under the categories its catalogue entry names and with
 * locally rendered photos of its kind, some younger than 24 hours, a subscriber, an admin and a
 * few blog posts. One transaction: all or nothing. The photos' first sizes are written before it
 * commits; `laterSizes` writes the rest (after the server is ready: decision 0035).
 */
export async function seedDemo(
  db: Db,
  storage: Storage,
  now = new Date(),
  log: (m: string) => void = () => {},
  opts: { renderImages?: boolean; progress?: SeedProgress; pictureCache?: string | null } = {},
) {
  const renderImages = opts.renderImages ?? true;
  const progress: SeedProgress = opts.progress ?? (() => {});
  progress(1, SEED_STEPS[0]);
  const rnd = createRandom(SEED);
  const passwordHash = await hash(DEMO_PASSWORD);
  // First: a database holding these accounts is marked, so a public server refuses to serve it
  // (lib/deployment.ts), even if the seed is interrupted half-way.
  await db
    .insert(appSettings)
    .values({ key: DEMO_MARKER, value: `seeded ${now.toISOString()}`, updatedAt: now })
    .onConflictDoNothing();

  // Users, one per suburb.
  const userRows: Array<typeof users.$inferInsert> = [];
  for (const [i, [suburb, postcode, state]] of SUBURBS.entries()) {
    const [loc] = await db
      .select()
      .from(localities)
      .where(and(sql`lower(${localities.suburb}) = ${suburb.toLowerCase()}`, eq(localities.postcode, postcode)))
      .limit(1);
    const [fallback] = loc ? [loc] : await db.select().from(localities).where(eq(localities.postcode, postcode)).limit(1);
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const demo = DEMO_ACCOUNTS[i];
    const email = demo?.email ?? `${first}.${last}${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, '');
    userRows.push({
      id: rnd.uuid(),
      email,
      passwordHash,
      displayName: `${first} ${last}`,
      bio: rnd.pick(BIOS),
      suburb,
      postcode,
      auState: state,
      lat: fallback?.lat ?? null,
      lng: fallback?.lng ?? null,
      role: demo?.role ?? 'user',
      interests: [rnd.pick(CATEGORIES), rnd.pick(CATEGORIES), rnd.pick(CATEGORIES)],
      ...accepted(new Date(now.getTime() - rnd.int(90, 700) * DAY)),
      createdAt: new Date(now.getTime() - rnd.int(90, 700) * DAY),
    });
  }

  // Posts: every template of every category once, spread over the last 60 days.
  type PostRow = typeof posts.$inferInsert;
  const postRows: PostRow[] = [];
  const imageJobs: Array<{ postId: string; picture: PictureJob['kind']; seed: number; position: number }> = [];
  let n = 0;
  for (const category of CATEGORIES) {
    for (const t of CATALOGUE[category]) {
      const owner = rnd.pick(userRows);
      const id = rnd.uuid();
      // Every 20th post is younger than 24 hours, so early access is visible in the demo.
      const ageMs = n % 20 === 7 ? rnd.int(1, 23 * 60) * 60_000 : rnd.int(26 * 60, 60 * 24 * 60) * 60_000;
      const publishedAt = new Date(now.getTime() - ageMs);
      const roll = rnd.next();
      // About one in twelve already swapped: the regulars' history (demo-reliability.ts).
      const state = roll < 0.02 ? 'draft' : roll < 0.1 ? 'swapped' : roll < 0.11 ? 'archived' : 'published';
      const value = Math.round(rnd.int(t.valueAud[0], t.valueAud[1]) / 5) * 5 || t.valueAud[0];
      const weight = Math.round((t.weightKg[0] + rnd.next() * (t.weightKg[1] - t.weightKg[0])) * 10) / 10 || t.weightKg[0];
      // Drawn and dropped: these draws once gave a quarter of the items a random second category
      // (a fridge freezer under Bicycles). Kept so every value drawn after them stays what it was.
      if (rnd.chance(0.25)) rnd.pick(CATEGORIES);
      postRows.push({
        id,
        ownerId: owner.id!,
        state,
        title: t.title,
        description: t.description,
        categories: [category, ...(t.alsoIn ?? [])],
        keywords: t.keywords,
        wishCategories: t.wishCategories,
        wishKeywords: t.wishKeywords,
        cashValueCents: value * 100,
        weightKg: weight,
        lengthCm: t.dimsCm[0],
        widthCm: t.dimsCm[1],
        heightCm: t.dimsCm[2],
        sizePreset: t.sizePreset ?? null,
        materials: t.materials,
        suburb: owner.suburb!,
        postcode: owner.postcode!,
        auState: owner.auState!,
        lat: owner.lat!,
        lng: owner.lng!,
        condition: rnd.pick(CONDITIONS),
        openToSelling: rnd.chance(0.5),
        openToSwapAnything: rnd.chance(0.3),
        deliveryOption: t.deliveryOption,
        boostedUntil: state === 'published' && rnd.chance(0.05) ? new Date(now.getTime() + rnd.int(1, 6) * DAY) : null,
        createdAt: new Date(publishedAt.getTime() - rnd.int(5, 120) * 60_000),
        updatedAt: publishedAt,
        publishedAt: state === 'draft' ? null : publishedAt,
      });
      const count = 1 + (rnd.chance(0.35) ? 1 : 0) + (rnd.chance(0.1) ? 1 : 0);
      for (let p = 0; p < count; p++) imageJobs.push({ postId: id, picture: t.picture, seed: rnd.int(1, 1e9), position: p });
      n++;
    }
  }

  const imageRows: Array<typeof postImages.$inferInsert> = [];
  for (const job of imageJobs) {
    const id = rnd.uuid();
    imageRows.push({ id, postId: job.postId, position: job.position, storageKey: `posts/${job.postId}/${id}`, width: 960, height: 960 });
  }
  const pictureJobs: PictureJob[] = imageJobs.map((job, i) => ({ key: imageRows[i]!.storageKey, kind: job.picture, seed: job.seed }));

  // Likes (and the favourites they make): each member has liked a few live items of others.
  const live = postRows.filter((p) => p.state === 'published' && p.publishedAt! <= new Date(now.getTime() - DAY));
  const likeRows: Array<typeof postLikes.$inferInsert> = [];
  const favoriteRows: Array<typeof favorites.$inferInsert> = [];
  for (const u of userRows) {
    const picked = new Set<string>();
    for (let k = rnd.int(0, 8); k > 0; k--) {
      const p = rnd.pick(live);
      if (p.ownerId === u.id || picked.has(p.id!)) continue;
      picked.add(p.id!);
      const at = new Date(Math.max(p.publishedAt!.getTime(), now.getTime() - rnd.int(1, 20) * DAY) + rnd.int(1, 600) * 60_000);
      likeRows.push({ id: rnd.uuid(), postId: p.id!, postOwnerId: p.ownerId!, likedById: u.id!, likedTime: at });
      favoriteRows.push({ userId: u.id!, postId: p.id!, createdAt: at });
    }
  }

  // Completed swaps (pairs of the swapped posts), reviewed both ways; an offer and a chat waiting
  // for the demo account, so every screen has something real to show.
  const REVIEWS = [
    'Item exactly as described, friendly and on time. Would swap again!',
    'Easy swap, well packed and quick to reply.',
    'Great communication, smooth pick-up. Thanks!',
    'Lovely person to deal with, item in better condition than the photos.',
    'Everything went to plan, happy with the swap.',
  ];
  concentrateSwaps(userRows, postRows, DEMO_ACCOUNTS.length);
  const swapped = postRows.filter((p) => p.state === 'swapped');
  const offerRows: Array<typeof offers.$inferInsert> = [];
  const offerItemRows: Array<typeof offerItems.$inferInsert> = [];
  const eventRows: Array<typeof offerEvents.$inferInsert> = [];
  const reviewRows: Array<typeof reviews.$inferInsert> = [];
  for (let i = 0; i + 1 < swapped.length; i += 2) {
    const [target, given] = [swapped[i]!, swapped[i + 1]!];
    if (target.ownerId === given.ownerId) continue;
    const id = rnd.uuid();
    const completedAt = new Date(now.getTime() - rnd.int(2, 40) * DAY);
    const createdAt = new Date(completedAt.getTime() - rnd.int(2, 6) * DAY);
    const carbon =
      Math.round(
        (carbonSavedKg(target.weightKg!, target.materials!, target.categories!) +
          carbonSavedKg(given.weightKg!, given.materials!, given.categories!)) *
          10,
      ) / 10;
    offerRows.push({
      id,
      postId: target.id!,
      offererId: given.ownerId!,
      ownerId: target.ownerId!,
      proposedBy: 'offerer',
      state: 'completed',
      message: 'Keen to swap if you are!',
      expiresAt: new Date(createdAt.getTime() + 7 * DAY),
      offererConfirmedAt: completedAt,
      ownerConfirmedAt: completedAt,
      completedAt,
      carbonKg: carbon,
      createdAt,
      updatedAt: completedAt,
    });
    offerItemRows.push({ offerId: id, postId: given.id!, position: 0 });
    eventRows.push(
      {
        id: rnd.uuid(),
        offerId: id,
        actorId: given.ownerId!,
        transition: 'create',
        fromState: null,
        toState: 'pending',
        message: 'Keen to swap if you are!',
        createdAt,
      },
      {
        id: rnd.uuid(),
        offerId: id,
        actorId: target.ownerId!,
        transition: 'accept',
        fromState: 'pending',
        toState: 'accepted',
        message: '',
        createdAt: new Date(createdAt.getTime() + DAY),
      },
      {
        id: rnd.uuid(),
        offerId: id,
        actorId: target.ownerId!,
        transition: 'confirm_receipt',
        fromState: 'accepted',
        toState: 'completed',
        message: '',
        createdAt: completedAt,
      },
    );
    const pairs: Array<[string, string]> = [
      [given.ownerId!, target.ownerId!],
      [target.ownerId!, given.ownerId!],
    ];
    for (const [reviewer, reviewee] of pairs) {
      reviewRows.push({
        id: rnd.uuid(),
        offerId: id,
        reviewerId: reviewer,
        revieweeId: reviewee,
        stars: rnd.chance(0.7) ? 5 : 4,
        text: rnd.pick(REVIEWS),
        createdAt: new Date(completedAt.getTime() + 3600_000),
      });
    }
  }
  const demoUser = userRows[0]!;
  const demoPost = postRows.find(
    (p) => p.ownerId === demoUser.id && p.state === 'published' && p.publishedAt! <= new Date(now.getTime() - DAY),
  );
  const suitor = postRows.find(
    (p) => p.ownerId !== demoUser.id && p.state === 'published' && p.publishedAt! <= new Date(now.getTime() - DAY),
  );
  let waitingRoom: {
    room: typeof rooms.$inferInsert & { id: string; userA: string; userB: string };
    messages: Array<typeof messages.$inferInsert>;
  } | null = null;
  if (demoPost && suitor) {
    const id = rnd.uuid();
    const createdAt = new Date(now.getTime() - 5 * 3600_000);
    offerRows.push({
      id,
      postId: demoPost.id!,
      offererId: suitor.ownerId!,
      ownerId: demoUser.id!,
      proposedBy: 'offerer',
      state: 'pending',
      cashKind: 'add',
      cashCents: 2000,
      message: 'Would you take this plus $20?',
      expiresAt: new Date(createdAt.getTime() + 7 * DAY),
      createdAt,
      updatedAt: createdAt,
    });
    offerItemRows.push({ offerId: id, postId: suitor.id!, position: 0 });
    eventRows.push({
      id: rnd.uuid(),
      offerId: id,
      actorId: suitor.ownerId!,
      transition: 'create',
      fromState: null,
      toState: 'pending',
      message: 'Would you take this plus $20?',
      createdAt,
    });
    const [a, b] = [demoUser.id!, suitor.ownerId!].sort() as [string, string];
    const roomId = rnd.uuid();
    const texts = [
      [suitor.ownerId!, `Hi! Is your ${demoPost.title} still available?`],
      [demoUser.id!, 'Yes it is. Happy to swap.'],
      [suitor.ownerId!, "Great, I've sent you an offer. I can bring it over on the weekend."],
    ] as const;
    const msgs = texts.map(([sender, body], k) => ({
      id: rnd.uuid(),
      roomId,
      seq: k + 1,
      senderId: sender,
      body,
      postId: demoPost.id!,
      clientId: null,
      createdAt: new Date(createdAt.getTime() - (texts.length - k) * 600_000),
    }));
    waitingRoom = {
      room: {
        id: roomId,
        userA: a as string,
        userB: b as string,
        title: 'No Title',
        postId: demoPost.id!,
        lastSeq: 3,
        lastMessage: texts[2][1],
        lastSenderId: suitor.ownerId!,
        lastMessageAt: msgs[2]!.createdAt,
        createdAt: msgs[0]!.createdAt,
      },
      messages: msgs,
    };
  }

  // An accepted swap for the demo account, shipped by courier both ways: the demo's item has
  // arrived (its tracking timeline over three days), the other is still to be booked, so
  // /delivery-swap and /my-delivery have something real to show.
  const aged = (p: (typeof postRows)[number]) => p.state === 'published' && p.publishedAt! <= new Date(now.getTime() - 2 * DAY);
  const demoShipped = postRows.find((p) => p.ownerId === demoUser.id && aged(p) && p.id !== demoPost?.id && p.weightKg! <= 20);
  const swapPartner = userRows.find((u) => u.id !== demoUser.id && u.id !== suitor?.ownerId && u.auState !== demoUser.auState);
  const partnerPost = postRows.find((p) => p.ownerId === swapPartner?.id && aged(p) && p.weightKg! <= 20);
  let shipped: { delivery: typeof deliveries.$inferInsert; events: Array<typeof deliveryEvents.$inferInsert> } | null = null;
  if (demoShipped && swapPartner && partnerPost) {
    const id = rnd.uuid();
    const createdAt = new Date(now.getTime() - 6 * DAY);
    const acceptedAt = new Date(createdAt.getTime() + DAY);
    demoShipped.state = 'reserved';
    partnerPost.state = 'reserved';
    offerRows.push({
      id,
      postId: demoShipped.id!,
      offererId: swapPartner.id!,
      ownerId: demoUser.id!,
      proposedBy: 'offerer',
      state: 'accepted',
      message: 'Happy to post mine if you post yours.',
      expiresAt: new Date(createdAt.getTime() + 7 * DAY),
      createdAt,
      updatedAt: acceptedAt,
    });
    offerItemRows.push({ offerId: id, postId: partnerPost.id!, position: 0 });
    eventRows.push(
      {
        id: rnd.uuid(),
        offerId: id,
        actorId: swapPartner.id!,
        transition: 'create',
        fromState: null,
        toState: 'pending',
        message: 'Happy to post mine if you post yours.',
        createdAt,
      },
      {
        id: rnd.uuid(),
        offerId: id,
        actorId: demoUser.id!,
        transition: 'accept',
        fromState: 'pending',
        toState: 'accepted',
        message: '',
        createdAt: acceptedAt,
      },
    );
    const bookedAt = new Date(now.getTime() - 4 * DAY);
    const at = (days: number) => new Date(bookedAt.getTime() + days * DAY);
    const deliveryId = rnd.uuid();
    const ref = `SWU${deliveryId.replace(/-/g, '').slice(0, 9).toUpperCase()}`;
    const day = (d: Date) => d.toISOString().slice(0, 10);
    shipped = {
      delivery: {
        id: deliveryId,
        offerId: id,
        postId: demoShipped.id!,
        senderId: demoUser.id!,
        receiverId: swapPartner.id!,
        bookedBy: demoUser.id!,
        state: 'delivered',
        sender: {
          name: demoUser.displayName!,
          street: '14 Wattle Street',
          suburb: demoUser.suburb!,
          postcode: demoUser.postcode!,
          state: demoUser.auState!,
          email: demoUser.email!,
        },
        receiver: {
          name: swapPartner.displayName!,
          street: '7 Banksia Avenue',
          suburb: swapPartner.suburb!,
          postcode: swapPartner.postcode!,
          state: swapPartner.auState!,
          email: swapPartner.email!,
        },
        itemDescription: demoShipped.title!,
        weightKg: demoShipped.weightKg!,
        lengthCm: demoShipped.lengthCm!,
        widthCm: demoShipped.widthCm!,
        heightCm: demoShipped.heightCm!,
        pickupDate: day(at(1)),
        instructions: 'Parcel will be on the front porch.',
        courier: 'local',
        priceCents: 1095,
        transitDays: 3,
        estimatedDelivery: day(at(3)),
        quoteExpiresAt: new Date(bookedAt.getTime() + 30 * 60_000),
        courierRef: `LOCAL-${ref}`,
        trackingRef: ref,
        bookingAttempts: 1,
        bookedAt,
        createdAt: new Date(bookedAt.getTime() - 10 * 60_000),
        updatedAt: at(3),
      },
      events: [
        ['booking', 'Paid: booking the courier', -0.001],
        ['label_created', `Label created: tracking reference ${ref}`, 0],
        ['shipped', 'Picked up by the courier', 1],
        ['in_transit', 'In transit to the receiver’s depot', 2],
        ['delivered', 'Delivered', 3],
      ].map(([state, description, days]) => ({
        id: rnd.uuid(),
        deliveryId,
        state: state as string,
        description: description as string,
        at: at(days as number),
      })),
    };
  }

  const reliability = demoReliability({ userRows, postRows, offerRows, demoAccounts: DEMO_ACCOUNTS.length, now });
  offerRows.push(...reliability.offers);
  eventRows.push(...reliability.events);

  // Ids from a generator of their own, so every id drawn after them stays what it was.
  const demoGoal = goalFor(demoUser.id!, postRows, offerRows, offerItemRows, now, createRandom(SEED + 18).uuid);

  const demoChain = chainFor(demoUser, postRows, offerRows, offerItemRows, likeRows, favoriteRows, now);

  // The photos are written while the rows are: the threads that render them run beside the
  // database's work, and the transaction waits for them before it commits, so a crash leaves only
  // unreferenced files behind, never a row without its photo.
  progress(2, SEED_STEPS[1], 0, pictureJobs.length);
  const photos = renderImages
    ? writePictures(storage, pictureJobs, FIRST_SIZES, {
        cacheDir: opts.pictureCache,
        onProgress: (done, total) => progress(2, SEED_STEPS[1], done, total),
      })
    : Promise.resolve(0);
  // Not left unhandled while the transaction runs; awaited (and thrown) below.
  photos.catch(() => {});
  await db.transaction(async (tx) => {
    await tx.insert(users).values(userRows);
    for (let i = 0; i < postRows.length; i += 200) await tx.insert(posts).values(postRows.slice(i, i + 200));
    for (let i = 0; i < imageRows.length; i += 500) await tx.insert(postImages).values(imageRows.slice(i, i + 500));
    if (likeRows.length) {
      await tx.insert(postLikes).values(likeRows);
      await tx.insert(favorites).values(favoriteRows);
    }
    if (offerRows.length) {
      await tx.insert(offers).values(offerRows);
      await tx.insert(offerItems).values(offerItemRows);
      await tx.insert(offerEvents).values(eventRows);
    }
    if (reviewRows.length) await tx.insert(reviews).values(reviewRows);
    if (demoChain) {
      await tx.insert(swapChains).values(demoChain.chain);
      await tx.insert(swapChainMembers).values(demoChain.members);
    }
    await awardDemoPoints(tx, { posts: postRows, offers: offerRows, reviews: reviewRows });
    if (demoGoal) {
      await tx.insert(goals).values(demoGoal.goal);
      if (demoGoal.step) await tx.insert(goalSteps).values(demoGoal.step);
    }
    if (shipped) {
      await tx.insert(postReservations).values(
        offerItemRows
          .filter((r) => r.offerId === shipped.delivery.offerId)
          .map((r) => ({ postId: r.postId, offerId: r.offerId, createdAt: shipped.delivery.createdAt! }))
          .concat({ postId: shipped.delivery.postId, offerId: shipped.delivery.offerId, createdAt: shipped.delivery.createdAt! }),
      );
      await tx.insert(deliveries).values(shipped.delivery);
      await tx.insert(deliveryEvents).values(shipped.events);
    }
    if (waitingRoom) {
      await tx.insert(rooms).values(waitingRoom.room);
      await tx.insert(roomReads).values([
        { roomId: waitingRoom.room.id!, userId: waitingRoom.room.userA!, seenSeq: waitingRoom.room.userA === demoUser.id ? 2 : 3 },
        { roomId: waitingRoom.room.id!, userId: waitingRoom.room.userB!, seenSeq: waitingRoom.room.userB === demoUser.id ? 2 : 3 },
      ]);
      await tx.insert(messages).values(waitingRoom.messages);
    }
    if (reliability.rooms.length) {
      await tx.insert(rooms).values(reliability.rooms);
      await tx.insert(messages).values(reliability.messages);
    }
    const subscriber = userRows[DEMO_ACCOUNTS.findIndex((a) => a.subscriber)]!;
    await tx.insert(subscriptions).values({
      id: rnd.uuid(),
      userId: subscriber.id!,
      status: 'active',
      createdAt: new Date(now.getTime() - 20 * DAY),
      currentPeriodEnd: new Date(now.getTime() + 10 * DAY),
    });
    const admin = userRows[DEMO_ACCOUNTS.findIndex((a) => a.role === 'admin')]!;
    // A few coupon codes, as the team would hand them out.
    await tx.insert(coupons).values(
      DEMO_COUPONS.map((c) => ({
        code: c.code,
        type: c.type,
        maxUses: c.maxUses,
        usedTimes: 0,
        expiresAt: c.expiresInDays ? new Date(now.getTime() + c.expiresInDays * DAY) : null,
        createdBy: admin.id!,
        createdAt: new Date(now.getTime() - c.daysAgo * DAY),
      })),
    );
    await tx.insert(blogPosts).values(
      BLOG_POSTS.map((b) => ({
        id: rnd.uuid(),
        urlTitle: b.urlTitle,
        title: b.title,
        summary: b.summary,
        body: b.body,
        authorId: admin.id!,
        authorName: 'The SwapU team',
        publishedAt: new Date(now.getTime() - b.daysAgo * DAY),
        createdAt: new Date(now.getTime() - b.daysAgo * DAY),
      })),
    );
    await photos;
  });
  log(`rendered ${imageRows.length} images`);
  // The search box completes and corrects from the live items' words.
  progress(3, SEED_STEPS[2]);
  await refreshSearchTerms(db);
  log(`seeded ${userRows.length} users, ${postRows.length} posts, ${BLOG_POSTS.length} blog posts`);
  /** Writes the photos' other sizes (after the server is ready); returns how many photos it finished. */
  const laterSizes = (opts2: { stop?: () => boolean; onProgress?: (done: number, total: number) => void } = {}) =>
    renderImages ? writePictures(storage, pictureJobs, LATER_SIZES, { cacheDir: opts.pictureCache, ...opts2 }) : Promise.resolve(0);
  return { users: userRows.length, posts: postRows.length, images: imageRows.length, laterSizes };
}
