import type { DocsDatabase, DocsPageQuerySchema, DocsMenu, DocsMetrics, DocsPage, DocsTesting, OpenApiDocument } from './docs-api';
import type { z } from 'zod';
import type { EventBatch, EventBatchResult } from './analytics';
import type { Chain, ChainList } from './chains';
import type {
  Deck,
  Goal,
  GoalBody,
  GoalListSchema,
  GoalPatch,
  GoalSuggestionsSchema,
  Leaderboard,
  LeaderboardQuerySchema,
  MemberPoints,
  Pairing,
  PointsSummary,
  SampleDeck,
  SwipeAllowance,
  SwipeBody,
  SwipeResult,
  UndoResult,
} from './engagement';
import type {
  Delivery,
  DeliveryDraft,
  DeliveryListQuerySchema,
  DeliveryListSchema,
  DeliveryOrderBody,
  Quote,
  QuoteQuery,
  ShippableListSchema,
} from './delivery-api';
import type {
  AccountDeleteSchema,
  AuthProvidersSchema,
  Me,
  MeUpdateSchema,
  PublicProfile,
  RecoveryCodesSchema,
  TwoFactorCodeSchema,
  TwoFactorSetupSchema,
  VerificationMailSchema,
} from './account';
import type {
  BlogListSchema,
  BlogPost,
  CategoryListSchema,
  FavoriteList,
  ImageOrderBodySchema,
  LikeResult,
  LocalityList,
  MyPostListSchema,
  NotificationList,
  NotificationReadSchema,
  PostDeleteResult,
  PostDetail,
  PostList,
  PostListQuerySchema,
  PostStateBodySchema,
  ReportBodySchema,
  ReportReceivedSchema,
  UnreadCountSchema,
} from './api';
import type {
  ChatMessage,
  CreateRoomSchema,
  MessagePage,
  ReportUserSchema,
  Room,
  RoomList,
  SendMessageSchema,
  SupportMessage,
  SupportSendSchema,
  SupportThread,
  SupportThreadListSchema,
} from './chat';
import type { MyPostsQuerySchema, PostFieldsSchema } from './listing';
import type {
  EmailSubscriptionConfirmSchema,
  EmailSubscriptionResult,
  EmailSubscriptionSchema,
  MailDetail,
  MailList,
  MailListQuerySchema,
  PasswordResetAcceptedSchema,
  PasswordResetConfirmSchema,
  PasswordResetDoneSchema,
  PasswordResetRequestSchema,
  WelcomeMailSchema,
} from './mail';
import type {
  Activity,
  CreateOfferSchema,
  Offer,
  OfferListQuerySchema,
  OfferListSchema,
  Review,
  ReviewBodySchema,
  ReviewList,
  TransitionBodySchema,
} from './offers';
import type {
  SavedSearch,
  SavedSearchInputSchema,
  SavedSearchListSchema,
  SearchQuerySchema,
  SearchResult,
  SuggestedListSchema,
  SuggestQuerySchema,
  SuggestResult,
} from './search';
import type { Fairness, FairnessTermsQuerySchema } from './fairness';

/**
 * Every JSON endpoint the web app calls, in one table: the method, the path pattern exactly as the
 * server registers it, and (as types only) the answer, the body and the query it takes. The web's
 * `call()` builds the URL from the pattern and returns the typed answer, so no page or feature
 * writes a URL or an answer's shape by hand; a server test checks that every row is a route the
 * server has. The shapes are the shared zod schemas' types: one definition for both sides.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names of a pattern's `:params`: '/api/v1/posts/:id/images/:imageId' → 'id' | 'imageId'. */
export type ParamNames<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? K | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? K
    : never;
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** A query string's values; empty ones are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined | null>;

declare const shapes: unique symbol;
export interface Endpoint<M extends Method = Method, P extends string = string, Res = unknown, Body = undefined, Query = undefined> {
  readonly method: M;
  readonly pattern: P;
  /** Types only: never present at run time. */
  readonly [shapes]?: { res: Res; body: Body; query: Query };
}
// The `any`s let any endpoint be passed where one is expected; its own types are read back with infer.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<Method, string, any, any, any>;
export type ResponseOf<E> = E extends Endpoint<Method, string, infer R, unknown, unknown> ? R : never;
export type BodyOf<E> = E extends Endpoint<Method, string, unknown, infer B, unknown> ? B : never;
export type QueryOf<E> = E extends Endpoint<Method, string, unknown, unknown, infer Q> ? Q : never;
export type PatternOf<E> = E extends Endpoint<Method, infer P, unknown, unknown, unknown> ? P : never;

/** `to<Answer, Body, Query>()('GET', '/api/v1/…')`: the types are named, the method and pattern inferred. */
import type {
  AssistAccount,
  AssistResult,
  BoostResult,
  CouponRedeemBody,
  CouponRedeemed,
  ExtraSwipes,
  Receipt,
  ReceiptListSchema,
  Checkout,
  CheckoutCreateBodySchema,
  CheckoutCreatedSchema,
  LocalPaymentBodySchema,
  Subscription,
  TokenAccount,
} from './money-api';

/** One row of an endpoint table: its answer, body and query types, method and pattern (also ./admin-endpoints.ts). */
export const to =
  <Res, Body = undefined, Query = undefined>() =>
  <M extends Method, P extends string>(method: M, pattern: P): Endpoint<M, P, Res, Body, Query> => ({ method, pattern });

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;
type Nothing = void;

export const endpoints = {
  // The account
  authProviders: to<Out<typeof AuthProvidersSchema>>()('GET', '/api/v1/auth/providers'),
  me: to<Me>()('GET', '/api/v1/me'),
  updateMe: to<Me, In<typeof MeUpdateSchema>>()('PATCH', '/api/v1/me'),
  deleteMe: to<Nothing, In<typeof AccountDeleteSchema>>()('DELETE', '/api/v1/me'),
  acceptTerms: to<Me>()('POST', '/api/v1/me/accept-terms'),
  verificationMail: to<Out<typeof VerificationMailSchema>>()('POST', '/api/v1/me/verification-mail'),
  signOutEverywhere: to<Nothing>()('POST', '/api/v1/me/sign-out-everywhere'),
  twoFactorSetup: to<Out<typeof TwoFactorSetupSchema>>()('POST', '/api/v1/me/2fa/setup'),
  twoFactorEnable: to<Out<typeof RecoveryCodesSchema>, In<typeof TwoFactorCodeSchema>>()('POST', '/api/v1/me/2fa/enable'),
  twoFactorDisable: to<Nothing, In<typeof TwoFactorCodeSchema>>()('POST', '/api/v1/me/2fa/disable'),
  /** Multipart (field `file`), sent with upload(): the answer is the new image's URL. */
  avatar: to<{ url: string }>()('POST', '/api/v1/me/avatar'),
  banner: to<{ url: string }>()('POST', '/api/v1/me/banner'),
  welcomeMail: to<Out<typeof WelcomeMailSchema>>()('GET', '/api/v1/me/welcome-mail'),
  profile: to<PublicProfile>()('GET', '/api/v1/users/:id'),
  passwordReset: to<Out<typeof PasswordResetAcceptedSchema>, In<typeof PasswordResetRequestSchema>>()(
    'POST',
    '/api/v1/auth/password-reset',
  ),
  passwordResetConfirm: to<Out<typeof PasswordResetDoneSchema>, In<typeof PasswordResetConfirmSchema>>()(
    'POST',
    '/api/v1/auth/password-reset/confirm',
  ),
  emailSubscription: to<EmailSubscriptionResult, In<typeof EmailSubscriptionSchema>>()('POST', '/api/v1/email-subscription'),
  emailSubscriptionConfirm: to<EmailSubscriptionResult, In<typeof EmailSubscriptionConfirmSchema>>()(
    'POST',
    '/api/v1/email-subscription/confirm',
  ),

  // Listings
  feed: to<PostList, undefined, In<typeof PostListQuerySchema>>()('GET', '/api/v1/posts'),
  post: to<PostDetail>()('GET', '/api/v1/posts/:id'),
  createPost: to<PostDetail, In<typeof PostFieldsSchema>>()('POST', '/api/v1/posts'),
  savePost: to<PostDetail, In<typeof PostFieldsSchema>>()('PATCH', '/api/v1/posts/:id'),
  deletePost: to<PostDeleteResult>()('DELETE', '/api/v1/posts/:id'),
  publishPost: to<PostDetail>()('POST', '/api/v1/posts/:id/publish'),
  postState: to<PostDetail, In<typeof PostStateBodySchema>>()('POST', '/api/v1/posts/:id/state'),
  /** Multipart (field `file`), sent with upload(). */
  addPostImage: to<PostDetail>()('POST', '/api/v1/posts/:id/images'),
  deletePostImage: to<PostDetail>()('DELETE', '/api/v1/posts/:id/images/:imageId'),
  orderPostImages: to<PostDetail, In<typeof ImageOrderBodySchema>>()('PUT', '/api/v1/posts/:id/images/order'),
  reportPost: to<Out<typeof ReportReceivedSchema>, In<typeof ReportBodySchema>>()('POST', '/api/v1/posts/:id/report'),
  like: to<LikeResult>()('PUT', '/api/v1/posts/:id/like'),
  unlike: to<LikeResult>()('DELETE', '/api/v1/posts/:id/like'),
  myPosts: to<Out<typeof MyPostListSchema>, undefined, In<typeof MyPostsQuerySchema>>()('GET', '/api/v1/me/posts'),
  favorites: to<FavoriteList>()('GET', '/api/v1/me/favorites'),
  categories: to<Out<typeof CategoryListSchema>>()('GET', '/api/v1/categories'),
  localities: to<LocalityList, undefined, { q: string; limit?: number }>()('GET', '/api/v1/localities'),

  // Search
  search: to<SearchResult, undefined, In<typeof SearchQuerySchema>>()('GET', '/api/v1/search'),
  suggest: to<SuggestResult, undefined, In<typeof SuggestQuerySchema>>()('GET', '/api/v1/search/suggest'),
  suggested: to<Out<typeof SuggestedListSchema>>()('GET', '/api/v1/me/suggested'),
  savedSearches: to<Out<typeof SavedSearchListSchema>>()('GET', '/api/v1/me/saved-searches'),
  saveSearch: to<SavedSearch, In<typeof SavedSearchInputSchema>>()('POST', '/api/v1/me/saved-searches'),
  deleteSavedSearch: to<Nothing>()('DELETE', '/api/v1/me/saved-searches/:id'),

  // Offers and reviews
  offers: to<Out<typeof OfferListSchema>, undefined, In<typeof OfferListQuerySchema>>()('GET', '/api/v1/offers'),
  offer: to<Offer>()('GET', '/api/v1/offers/:id'),
  createOffer: to<Offer, In<typeof CreateOfferSchema>>()('POST', '/api/v1/offers'),
  offerTransition: to<Offer, In<typeof TransitionBodySchema>>()('POST', '/api/v1/offers/:id/transitions'),
  review: to<Review, In<typeof ReviewBodySchema>>()('POST', '/api/v1/offers/:id/review'),
  // The fair-swap meter (decision 0051): an offer's, or with `cashKind`, a counter-offer's draft terms; a draft offer on a listing.
  offerFairness: to<Fairness, undefined, In<typeof FairnessTermsQuerySchema>>()('GET', '/api/v1/offers/:id/fairness'),
  draftFairness: to<Fairness, undefined, In<typeof FairnessTermsQuerySchema>>()('GET', '/api/v1/posts/:id/fairness'),
  reviews: to<ReviewList>()('GET', '/api/v1/users/:id/reviews'),
  activity: to<Activity>()('GET', '/api/v1/activity'),

  // Chat and support
  rooms: to<RoomList>()('GET', '/api/v1/rooms'),
  openRoom: to<Room, In<typeof CreateRoomSchema>>()('POST', '/api/v1/rooms'),
  room: to<Room>()('GET', '/api/v1/rooms/:id'),
  messages: to<MessagePage, undefined, { before?: number; after?: number }>()('GET', '/api/v1/rooms/:id/messages'),
  sendMessage: to<ChatMessage, In<typeof SendMessageSchema>>()('POST', '/api/v1/rooms/:id/messages'),
  seen: to<Nothing>()('POST', '/api/v1/rooms/:id/seen'),
  block: to<Nothing>()('POST', '/api/v1/rooms/:id/block'),
  unblock: to<Nothing>()('DELETE', '/api/v1/rooms/:id/block'),
  reportUser: to<Out<typeof ReportReceivedSchema>, In<typeof ReportUserSchema>>()('POST', '/api/v1/rooms/:id/report'),
  support: to<SupportThread>()('GET', '/api/v1/support/messages'),
  sendSupport: to<SupportMessage, In<typeof SupportSendSchema>>()('POST', '/api/v1/support/messages'),
  supportThreads: to<Out<typeof SupportThreadListSchema>>()('GET', '/api/v1/admin/support'),
  supportThread: to<SupportThread>()('GET', '/api/v1/admin/support/:userId/messages'),
  answerSupport: to<SupportMessage, In<typeof SupportSendSchema>>()('POST', '/api/v1/admin/support/:userId/messages'),

  // Notifications, content, mail
  notifications: to<NotificationList, undefined, { cursor?: string }>()('GET', '/api/v1/notifications'),
  readNotifications: to<Out<typeof UnreadCountSchema>, In<typeof NotificationReadSchema>>()('POST', '/api/v1/notifications/read'),
  blog: to<Out<typeof BlogListSchema>>()('GET', '/api/v1/blog'),
  blogPost: to<BlogPost>()('GET', '/api/v1/blog/:id'),
  blogPostByUrlTitle: to<BlogPost>()('GET', '/api/v1/blog/by-url-title/:urlTitle'),
  devMailList: to<MailList, undefined, In<typeof MailListQuerySchema>>()('GET', '/api/v1/dev/mail'),
  devMail: to<MailDetail>()('GET', '/api/v1/dev/mail/:id'),

  // Money
  createCheckout: to<Out<typeof CheckoutCreatedSchema>, In<typeof CheckoutCreateBodySchema>>()('POST', '/api/v1/checkouts'),
  checkout: to<Checkout>()('GET', '/api/v1/checkouts/:id'),
  payCheckout: to<Checkout, In<typeof LocalPaymentBodySchema>>()('POST', '/api/v1/checkouts/:id/pay'),
  cancelCheckout: to<Checkout>()('POST', '/api/v1/checkouts/:id/cancel'),
  tokens: to<TokenAccount>()('GET', '/api/v1/me/tokens'),
  subscription: to<Subscription>()('GET', '/api/v1/me/subscription'),
  cancelSubscription: to<Subscription>()('POST', '/api/v1/me/subscription/cancel'),
  boostPost: to<BoostResult>()('POST', '/api/v1/posts/:id/boost'),
  assistPost: to<AssistResult>()('POST', '/api/v1/posts/:id/assist'),
  assist: to<AssistAccount>()('GET', '/api/v1/me/assist'),
  redeemCoupon: to<CouponRedeemed, CouponRedeemBody>()('POST', '/api/v1/me/coupons'),
  receipts: to<Out<typeof ReceiptListSchema>>()('GET', '/api/v1/me/receipts'),
  receipt: to<Receipt>()('GET', '/api/v1/me/receipts/:id'),
  extraSwipes: to<ExtraSwipes>()('GET', '/api/v1/me/extra-swipes'),

  // Delivery
  deliveryQuote: to<Quote, undefined, QuoteQuery>()('GET', '/api/v1/delivery/quote'),
  deliveryShippable: to<Out<typeof ShippableListSchema>>()('GET', '/api/v1/deliveries/shippable'),
  deliveryDraft: to<DeliveryDraft>()('GET', '/api/v1/deliveries/draft/:postId/:offerId/:receiver'),
  createDelivery: to<Delivery, DeliveryOrderBody>()('POST', '/api/v1/deliveries'),
  deliveries: to<Out<typeof DeliveryListSchema>, undefined, In<typeof DeliveryListQuerySchema>>()('GET', '/api/v1/deliveries'),
  delivery: to<Delivery>()('GET', '/api/v1/deliveries/:id'),
  deliveryCheckout: to<Out<typeof CheckoutCreatedSchema>>()('POST', '/api/v1/deliveries/:id/checkout'),
  cancelDelivery: to<Delivery>()('POST', '/api/v1/deliveries/:id/cancel'),
  buyExtraSwipes: to<ExtraSwipes>()('POST', '/api/v1/me/extra-swipes'),

  // Swap Swipe, goals, points (issue 18)
  swipeSample: to<SampleDeck>()('GET', '/api/v1/swipe/sample'),
  swipeDeck: to<Deck>()('GET', '/api/v1/swipe/deck/:postId'),
  swipePairing: to<Pairing>()('GET', '/api/v1/swipe/pairing/:postId/:counterId'),
  swipe: to<SwipeResult, SwipeBody>()('POST', '/api/v1/swipes'),
  undoSwipe: to<UndoResult>()('POST', '/api/v1/swipes/undo'),
  swipeAllowance: to<SwipeAllowance>()('GET', '/api/v1/me/swipe-allowance'),
  goals: to<Out<typeof GoalListSchema>>()('GET', '/api/v1/me/goals'),
  createGoal: to<Goal, GoalBody>()('POST', '/api/v1/me/goals'),
  updateGoal: to<Goal, GoalPatch>()('PATCH', '/api/v1/me/goals/:id'),
  goalSuggestions: to<Out<typeof GoalSuggestionsSchema>>()('GET', '/api/v1/me/goals/:id/suggestions'),
  userGoals: to<Out<typeof GoalListSchema>>()('GET', '/api/v1/users/:id/goals'),
  myPoints: to<PointsSummary>()('GET', '/api/v1/me/points'),
  userPoints: to<MemberPoints>()('GET', '/api/v1/users/:id/points'),
  leaderboard: to<Leaderboard, undefined, In<typeof LeaderboardQuerySchema>>()('GET', '/api/v1/leaderboard'),

  // Swap chains (issue 19)
  myChains: to<ChainList>()('GET', '/api/v1/me/chains'),
  chain: to<Chain>()('GET', '/api/v1/chains/:id'),
  unlockChain: to<Chain>()('POST', '/api/v1/chains/:id/unlock'),
  declineChain: to<Chain>()('POST', '/api/v1/chains/:id/decline'),

  // Analytics (issue 20): a batch of events; the web app also sends it with navigator.sendBeacon.
  events: to<EventBatchResult, EventBatch>()('POST', '/api/v1/events'),

  // The documentation area (issue 21): admins and the docs role
  docsMenu: to<DocsMenu, undefined, In<typeof DocsPageQuerySchema>>()('GET', '/api/v1/docs'),
  docsPage: to<DocsPage, undefined, In<typeof DocsPageQuerySchema>>()('GET', '/api/v1/docs/pages/:slug'),
  docsTesting: to<DocsTesting>()('GET', '/api/v1/docs/testing'),
  docsDatabase: to<DocsDatabase>()('GET', '/api/v1/docs/database'),
  docsDiagram: to<string>()('GET', '/api/v1/docs/database-diagram.svg'),
  docsMetrics: to<DocsMetrics>()('GET', '/api/v1/docs/metrics'),
  docsImage: to<Blob>()('GET', '/api/v1/docs/img/:name'),
  /** The live OpenAPI document (public, like the API explorer at /api/docs). */
  openApiDocument: to<OpenApiDocument>()('GET', '/api/docs/json'),
  openApiExplorer: to<string>()('GET', '/api/docs'),
} as const;

export type Endpoints = typeof endpoints;

/** The realtime WebSocket (chat, notifications, session events): GET with an upgrade. */
export const SOCKET_PATH = '/api/v1/ws';

/** The concrete path of an endpoint: each `:param` filled in (encoded), then the query string. */
export function urlOf(pattern: string, params: Record<string, string> = {}, query?: QueryParams): string {
  const path = pattern.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  return path + queryString(query);
}

/** `?a=1&b=x` from the values that are set ('' and null/undefined are left out); '' when none is. */
export function queryString(params: QueryParams = {}): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const out = s.toString();
  return out ? `?${out}` : '';
}
