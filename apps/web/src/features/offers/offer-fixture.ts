import type { PostCard, PostDetail } from '@swapu/shared/api';
import type { Offer } from '@swapu/shared/offers';

/** Test data: Ana (the offerer) and Ben (the owner of the post she offers on). */
export const ana = { id: 'ana', displayName: 'Ana', avatarUrl: null };
export const ben = { id: 'ben', displayName: 'Ben', avatarUrl: null };

export const aCard = (patch: Partial<PostCard & { state: string }> = {}): PostCard & { state: string } => ({
  id: 'c1',
  title: 'Card',
  cashValueCents: 10_000,
  condition: 'used-good',
  categories: ['bicycles'],
  suburb: 'Fitzroy',
  auState: 'VIC',
  openToSelling: false,
  openToSwapAnything: false,
  thumbUrl: null,
  thumbSrcSet: null,
  publishedAt: '2026-01-01T00:00:00.000Z',
  boosted: false,
  state: 'published',
  ...patch,
});

export const anOffer = (patch: Partial<Offer> = {}): Offer => ({
  id: 'o1',
  state: 'pending',
  post: aCard({ id: 'p9', title: 'Road bike' }),
  items: [aCard({ id: 'my1', title: 'Espresso machine' })],
  offerer: ana,
  owner: ben,
  proposedBy: 'offerer',
  cashKind: 'add',
  cashCents: 5000,
  message: 'Would love your bike',
  expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  parentId: null,
  childIds: [],
  offererConfirmedAt: null,
  ownerConfirmedAt: null,
  stillValid: true,
  box: 'received',
  actions: ['accept', 'decline', 'counter', 'suggest_change'],
  reviewedByMe: false,
  history: [
    {
      id: 'e1',
      transition: 'create',
      actorId: 'ana',
      fromState: null,
      toState: 'pending',
      message: 'Would love your bike',
      at: '2026-01-02T00:00:00.000Z',
    },
  ],
  ...patch,
});

/** The post offered on, as GET /api/v1/posts/{id} returns it: Ben's road bike. */
export const aPostDetail = (patch: Partial<PostDetail> = {}): PostDetail => ({
  id: 'p9',
  state: 'published',
  title: 'Road bike',
  description: 'Light and fast.',
  categories: ['bicycles'],
  keywords: [],
  wishCategories: [],
  wishKeywords: [],
  cashValueCents: 30_000,
  weightKg: 9,
  lengthCm: 170,
  widthCm: 40,
  heightCm: 100,
  materials: [],
  suburb: 'Fitzroy',
  postcode: '3065',
  auState: 'VIC',
  condition: 'used-good',
  openToSelling: false,
  openToSwapAnything: false,
  deliveryOption: 'sendle',
  images: [],
  owner: { ...ben, suburb: null, auState: null, memberSince: '2026-01-01T00:00:00.000Z', rating: null, reviewsCount: 0, swapsCompleted: 0 },
  publishedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  boostedUntil: null,
  swapAssistUntil: null,
  likeCount: 0,
  likedByMe: false,
  ...patch,
});
