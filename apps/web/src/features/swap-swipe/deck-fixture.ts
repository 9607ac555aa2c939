import type { PostCard } from '@swapu/shared/api';
import type { Deck, DeckCard, SwipeAllowance } from '@swapu/shared/engagement';

/** Swap Swipe's answers as the API gives them, for the tests. */
export const aPostCard = (patch: Partial<PostCard> = {}): PostCard => ({
  id: 'mine',
  title: 'Road bike',
  cashValueCents: 30_000,
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
  ...patch,
});

export const aCard = (id: string, patch: Partial<DeckCard> = {}): DeckCard => ({
  ...aPostCard({ id, title: `Item ${id}`, thumbUrl: `/media/${id}.jpg` }),
  distanceKm: 4,
  score: 50,
  reasons: [{ kind: 'similar_value' }],
  ownerId: `owner-${id}`,
  ownerName: `Owner of ${id}`,
  ...patch,
});

export const anAllowance = (patch: Partial<SwipeAllowance> = {}): SwipeAllowance => ({
  day: '2026-01-01',
  used: 0,
  limit: 25,
  extra: 0,
  subscriber: false,
  ...patch,
});

export const aDeck = (items: DeckCard[], patch: Partial<Deck> = {}): Deck => ({
  post: aPostCard(),
  status: items.length > 0 ? 'dealing' : 'no_more_cards',
  items,
  allowance: anAllowance(),
  canUndo: false,
  ...patch,
});
