import type { messages, offerEvents, offers, posts, rooms, users } from '../schema/index';
import { createRandom } from './random';

/**
 * The demo's reliability history (issue 41 item 2, decision 0052): a marketplace where a few
 * regulars have the history a reliability score needs and most members are still new, as on a
 * young marketplace. Drawn from a generator of its own, so the rest of the demo stays as it was.
 */
const DAY = 86_400_000;
const MIN = 60_000;
/** Members after the demo accounts who do most of the swapping. */
const REGULARS = 5;

type UserRow = typeof users.$inferInsert;
type PostRow = typeof posts.$inferInsert;
type OfferRow = typeof offers.$inferInsert;

/**
 * Before the swaps are paired: the swapped items of members other than the demo accounts go to the
 * regulars in turn (so two items in a row never share an owner), giving each of them three swaps or
 * more; the other members keep the items they listed.
 */
export function concentrateSwaps(userRows: UserRow[], postRows: PostRow[], demoAccounts: number) {
  const demo = new Set(userRows.slice(0, demoAccounts).map((u) => u.id));
  const regulars = userRows.slice(demoAccounts, demoAccounts + REGULARS).map((u) => u.id!);
  let k = 0;
  for (const p of postRows) if (p.state === 'swapped' && !demo.has(p.ownerId)) p.ownerId = regulars[k++ % regulars.length]!;
}

/** How quickly a member answers a first message, in minutes: most within the hour, some within the day, a few slower. */
function replyMinutes(rnd: ReturnType<typeof createRandom>) {
  const roll = rnd.next();
  return roll < 0.5 ? rnd.int(3, 45) : roll < 0.85 ? rnd.int(60, 360) : rnd.int(720, 2400);
}

/**
 * After the swaps: most members' email verified (not the demo accounts': their own badge then
 * shows what verifying would do); the chat before each completed swap between two members other
 * than the demo accounts, answered at each one's own pace; and one accepted swap the owner
 * reported and an admin cancelled, which counts against the last regular.
 */
export function demoReliability(o: { userRows: UserRow[]; postRows: PostRow[]; offerRows: OfferRow[]; demoAccounts: number; now: Date }) {
  const rnd = createRandom(20261152);
  const { userRows, postRows, offerRows, now } = o;
  userRows.forEach((u, i) => {
    if (i >= o.demoAccounts && i % 5 !== 4) u.emailVerifiedAt = new Date(u.createdAt!.getTime() + DAY);
  });
  const demo = new Set(userRows.slice(0, o.demoAccounts).map((u) => u.id));
  const pace = new Map(userRows.map((u) => [u.id!, replyMinutes(rnd)]));
  const title = (postId: string) => postRows.find((p) => p.id === postId)?.title ?? 'item';

  const roomRows: Array<typeof rooms.$inferInsert> = [];
  const messageRows: Array<typeof messages.$inferInsert> = [];
  const paired = new Set<string>();
  for (const offer of offerRows) {
    if (offer.state !== 'completed' || demo.has(offer.offererId) || demo.has(offer.ownerId)) continue;
    const [userA, userB] = [offer.offererId, offer.ownerId].sort() as [string, string];
    if (paired.has(`${userA}:${userB}`)) continue;
    paired.add(`${userA}:${userB}`);
    const roomId = rnd.uuid();
    const asked = new Date(offer.createdAt!.getTime() - rnd.int(60, 600) * MIN);
    const answered = new Date(asked.getTime() + pace.get(offer.ownerId)! * MIN);
    const thanked = new Date(answered.getTime() + Math.min(pace.get(offer.offererId)!, 90) * MIN);
    const said: Array<[string, Date, string]> = [
      [offer.offererId, asked, `Hi! Is the ${title(offer.postId)} still available?`],
      [offer.ownerId, answered, 'Yes, it is. Happy to swap if you have something I like.'],
      [offer.offererId, thanked, 'Great, I’ll send you an offer now.'],
    ];
    said.forEach(([senderId, createdAt, body], k) =>
      messageRows.push({ id: rnd.uuid(), roomId, seq: k + 1, senderId, body, postId: offer.postId, clientId: null, createdAt }),
    );
    roomRows.push({
      id: roomId,
      userA,
      userB,
      title: 'No Title',
      postId: offer.postId,
      lastSeq: said.length,
      lastMessage: said.at(-1)![2],
      lastSenderId: said.at(-1)![0],
      lastMessageAt: said.at(-1)![1],
      createdAt: asked,
    });
  }

  // One swap that did not go ahead: accepted, then the owner reported that the other side stopped
  // answering, and an admin cancelled it. Its item is back on the market.
  const offerRowsOut: OfferRow[] = [];
  const eventRows: Array<typeof offerEvents.$inferInsert> = [];
  const regulars = userRows.slice(o.demoAccounts, o.demoAccounts + REGULARS);
  const letDown = regulars.at(-1)!;
  const admin = userRows.find((u) => u.role === 'admin')!;
  const target = postRows.find((p) => p.state === 'published' && p.openToSelling && !demo.has(p.ownerId) && p.ownerId !== letDown.id);
  if (target) {
    const id = rnd.uuid();
    const createdAt = new Date(now.getTime() - 26 * DAY);
    const at = (days: number) => new Date(createdAt.getTime() + days * DAY);
    offerRowsOut.push({
      id,
      postId: target.id!,
      offererId: letDown.id!,
      ownerId: target.ownerId,
      proposedBy: 'offerer',
      state: 'withdrawn',
      cashKind: 'only',
      cashCents: target.cashValueCents!,
      message: 'I can pay the asking price.',
      expiresAt: at(7),
      createdAt,
      updatedAt: at(6),
    });
    const event = (actorId: string | null, transition: string, fromState: string | null, toState: string, message: string, day: number) =>
      eventRows.push({ id: rnd.uuid(), offerId: id, actorId, transition, fromState, toState, message, createdAt: at(day) });
    event(letDown.id!, 'create', null, 'pending', 'I can pay the asking price.', 0);
    event(target.ownerId, 'accept', 'pending', 'accepted', '', 1);
    event(target.ownerId, 'report_problem', 'accepted', 'disputed', 'They stopped answering after I accepted.', 5);
    event(admin.id!, 'admin_cancel', 'disputed', 'withdrawn', 'The swap did not go ahead: the item is back on the market.', 6);
  }
  return { rooms: roomRows, messages: messageRows, offers: offerRowsOut, events: eventRows };
}
