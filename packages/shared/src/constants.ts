/**
 * Business constants from the specification (section 9) and PRODUCT.md.
 * One source of truth, imported by the server and the web app.
 */

/** The 36 categories of the spec, as stable slugs (the URL value) in display order. */
export const CATEGORIES = [
  '4x4s-and-utes',
  'handbags-and-accessories',
  'antiques',
  'baby',
  'bicycles',
  'boats',
  'camping-and-fishing',
  'car-parts',
  'caravans',
  'cars',
  'childrens-fashion',
  'comic-books-and-collectables',
  'electronics',
  'everything-else',
  'food',
  'furniture',
  'gaming',
  'garden-and-home',
  'hobbies',
  'homemade-crafts',
  'kitchen',
  'mens-fashion',
  'mens-watches-and-sneakers',
  'motorbikes',
  'musical-instruments',
  'odd-jobs',
  'ooshies',
  'pet-accessories',
  'produce-and-homemade-foods',
  'services',
  'sporting-goods',
  'textbooks',
  'tools',
  'toys',
  'water-sports',
  'womens-watches-and-jewellery',
  'womens-fashion',
] as const;
export type CategorySlug = (typeof CATEGORIES)[number];

/** Special categories (PRODUCT.md): Swap Assist costs A$5 instead of A$2 a month. */
export const SPECIAL_CATEGORIES: readonly CategorySlug[] = ['cars', '4x4s-and-utes', 'boats', 'caravans', 'motorbikes'];

export const CONDITIONS = ['used-fair', 'used-good', 'used-like-new', 'new'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const DELIVERY_OPTIONS = ['sendle', 'person-to-person'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

export const POST_STATES = ['draft', 'published', 'reserved', 'swapped', 'sold', 'archived'] as const;
export type PostState = (typeof POST_STATES)[number];

/** Item size presets with the dimensions (cm) and typical weight (kg) they prefill. */
export const SIZE_PRESETS = {
  shoebox: { lengthCm: 33, widthCm: 20, heightCm: 12, weightKg: 1 },
  satchel: { lengthCm: 35, widthCm: 25, heightCm: 5, weightKg: 0.5 },
  handbag: { lengthCm: 40, widthCm: 30, heightCm: 15, weightKg: 2 },
  briefcase: { lengthCm: 45, widthCm: 35, heightCm: 12, weightKg: 5 },
  'carry-on': { lengthCm: 56, widthCm: 36, heightCm: 23, weightKg: 10 },
  'check-in': { lengthCm: 80, widthCm: 50, heightCm: 30, weightKg: 25 },
} as const;
export type SizePreset = keyof typeof SIZE_PRESETS;
export const SIZE_PRESET_NAMES = Object.keys(SIZE_PRESETS) as SizePreset[];

export const SORT_OPTIONS = ['featured', 'price-asc', 'price-desc', 'closest', 'most-recent', 'lowest-price'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const DISTANCE_OPTIONS_KM = [5, 10, 25, 50, 100, 250] as const;

/**
 * The name a deleted account keeps, so other people's chats, offers and reviews keep their shape
 * (users/account-deletion.ts). It is stored in English and shown in the reader's language: the web
 * app passes every member name it shows through `memberName` (lib/member-name.ts).
 */
export const DELETED_MEMBER_NAME = 'Deleted member';

export const LOCALES = ['en-US', 'pt-PT'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuState = (typeof AU_STATES)[number];

// Limits
export const POSTS_LIMIT_DEFAULT = 10;
export const POSTS_LIMIT_MAX = 50;
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const POST_IMAGES_MAX = 10;
export const POST_KEYWORDS_MAX = 20;
export const PASSWORD_MIN_LENGTH = 6;
/** The one email check (client and server): one @, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const SESSION_IDLE_MS = 1_800_000;
export const LOGIN_TOKEN_MS = 3_600_000;
/**
 * The cookie that lets the server render a member's page (decision 0020): the access token the web
 * app already holds, sent only with the addresses under MEMBER_PAGES_PATH (never with API calls,
 * which take the token from the Authorization header alone).
 */
export const PAGE_TOKEN_COOKIE = 'swapu_page';
/** The pages the server renders for a signed-in member: a profile (/user-detail/{userid}). */
export const MEMBER_PAGES_PATH = '/user-detail';
export const SWIPES_FREE_PER_DAY = 25;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Subscribers, owners and admins see a post at once; everyone else this long after publishing. */
export const EARLY_ACCESS_MS = 24 * 60 * 60 * 1000;
export const RATING_MAX = 5;

// Prices, in AUD cents
export const SUBSCRIPTION_MONTHLY_CENTS = 1000;
export const SWAP_ASSIST_MONTHLY_CENTS = 200;
export const SWAP_ASSIST_SPECIAL_MONTHLY_CENTS = 500;
export const UNLIMITED_SWAP_ASSIST_CENTS = { 3: 1500, 6: 2500, 12: 4000 } as const;
/** One item's month of Swap Assist paid in tokens (issue 16): 2 tokens, 5 in special categories. */
export const SWAP_ASSIST_TOKENS = 2;
export const SWAP_ASSIST_SPECIAL_TOKENS = 5;
/** Tokens: 1 token = A$1, bought in whole amounts from 5 to 500 (PRODUCT.md "Money features"). */
export const TOKEN_CENTS = 100;
export const TOKEN_PURCHASE_MIN = 5;
export const TOKEN_PURCHASE_MAX = 500;
/** A boost: 5 tokens for 7 days; boosting a boosted item extends it from its current end. */
export const BOOST_TOKENS = 5;
export const BOOST_DAYS = 7;
/** Extra Swap Swipe right swipes: 10 more for today, for 1 token. */
export const EXTRA_SWIPES = 10;
export const EXTRA_SWIPES_TOKENS = 1;
export const DELIVERY_TYPICAL_CENTS = { min: 800, max: 1000 } as const;

// Legal constants (terms and privacy)
export const CORRECTION_DAYS = 14;
export const FEE_NOTICE_DAYS = 14;
export const INACTIVE_CLOSURE_MONTHS = 12;
export const MINIMUM_AGE = 18;

export const PRODUCT_NAME = 'SwapU';
export const BLOG_BASE_PATH = '/swapu-blog';

// Limits and value lists the web app needs without loading the zod schemas that use them.
export const REPORT_REASONS = ['prohibited', 'scam', 'offensive', 'miscategorised', 'other'] as const;
export const MESSAGE_MAX = 2000;
export const ROOM_TITLE_DEFAULT = 'No Title';
export const ROOM_EMPTY_MESSAGE = 'There is no messages';
export const OFFER_ITEMS_MAX = 5;
export const OFFER_EXPIRY_DAYS_MIN = 1;
export const OFFER_EXPIRY_DAYS_MAX = 14;
export const OFFER_MESSAGE_MAX = 1000;
export const OFFER_EXPIRY_DAYS_DEFAULT = 7;
export const OFFER_CASH_MAX_CENTS = 100_000_000;
export const OFFER_FILTERS = ['sent', 'received', 'accepted', 'declined', 'completed', 'expired'] as const;
export type OfferFilter = (typeof OFFER_FILTERS)[number];
export const SEARCH_SORTS = ['featured', 'recent', 'price_asc', 'price_desc', 'lowest_price', 'closest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_RADIUS_MAX_KM = 500;

/**
 * Scam and off-platform warnings in chat (issue 41 item 3, decision 0050): what a message can be
 * flagged as. The receiver sees a warning for each kind; the message is always delivered.
 */
export const SCAM_KINDS = ['pay_outside', 'bank_details', 'gift_card_crypto', 'off_platform', 'lookalike_link'] as const;
export type ScamKind = (typeof SCAM_KINDS)[number];
/** The window in which a sender's flagged messages are counted (a rolling window that restarts when it ends). */
export const SCAM_WINDOW_MS = 24 * 60 * 60 * 1000;
/** After this many flagged messages in the window, the sender is slowed: one flagged message per SCAM_SLOW_MS. */
export const SCAM_SLOW_AFTER = 3;
/** The gap a slowed sender must leave between flagged messages. */
export const SCAM_SLOW_MS = 5 * 60 * 1000;
/** At this many flagged messages in the window, the sender is queued for an admin in moderation (once a window). */
export const SCAM_QUEUE_AFTER = 6;
