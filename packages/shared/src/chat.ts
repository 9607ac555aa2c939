import { z } from 'zod';
import { MESSAGE_MAX, SCAM_KINDS } from './constants';
export { MESSAGE_MAX, ROOM_EMPTY_MESSAGE, ROOM_TITLE_DEFAULT, SCAM_KINDS, type ScamKind } from './constants';

/**
 * Chat (spec sections 3 and 4: discuss/chats, discuss/members, messages; messages2 = support).
 * One room per pair of users; messages are stored before they are acknowledged, then pushed over
 * the WebSocket to every member's open connections.
 */
export const MESSAGES_PAGE = 30;
/** Sending limit per person: this many messages per window. */
export const SEND_LIMIT = { count: 20, windowMs: 10_000 } as const;

export const ChatUserSchema = z.object({ id: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });
export type ChatUser = z.infer<typeof ChatUserSchema>;

/** The post a chat started from (shown as context in the room). */
export const ChatPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  thumbUrl: z.string().nullable(),
  cashValueCents: z.number().int(),
});

export const MessageSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  /** Increases within a room: the order of messages and the catch-up cursor. */
  seq: z.number().int(),
  senderId: z.string(),
  body: z.string(),
  postId: z.string().nullable(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  /**
   * What the scam rules found in the message (decision 0050): the receiver is shown a warning for
   * each. Absent or empty for most messages; the message is delivered either way.
   */
  warnings: z.array(z.enum(SCAM_KINDS)).optional(),
});
export type ChatMessage = z.infer<typeof MessageSchema>;

/** The spec's discuss/chats summary, plus the unread count. */
export const RoomSummarySchema = z.object({
  id: z.string(),
  other: ChatUserSchema,
  title: z.string(),
  lastMessage: z.string(),
  timestamp: z.string(),
  /** Has the viewer seen the newest message; and when they last looked. */
  seen: z.boolean(),
  seenTime: z.string().nullable(),
  unread: z.number().int(),
  post: ChatPostSchema.nullable(),
  blocked: z.boolean(),
  /** The viewer is the one who blocked (and may unblock). */
  blockedByMe: z.boolean(),
});
export type RoomSummary = z.infer<typeof RoomSummarySchema>;
export const RoomListSchema = z.object({ items: z.array(RoomSummarySchema), unread: z.number().int() });
export type RoomList = z.infer<typeof RoomListSchema>;

export const RoomSchema = RoomSummarySchema.extend({
  members: z.array(ChatUserSchema),
  /** When the other person last saw the room (seen receipts). */
  otherSeenTime: z.string().nullable(),
  otherSeenSeq: z.number().int(),
});
export type Room = z.infer<typeof RoomSchema>;

export const CreateRoomSchema = z.object({ userId: z.string().min(1).max(64), postId: z.string().min(1).max(64).optional() });
export const SendMessageSchema = z.object({
  body: z.string().trim().min(1).max(MESSAGE_MAX),
  /** The sender's own id for the message, so a retried send is stored once. */
  clientId: z.string().min(1).max(64).optional(),
  postId: z.string().min(1).max(64).optional(),
});
export const MessagePageSchema = z.object({ items: z.array(MessageSchema), nextBefore: z.number().int().nullable() });
export type MessagePage = z.infer<typeof MessagePageSchema>;
export const MessagesQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
});
export const ReportUserSchema = z.object({ reason: z.string().trim().min(1).max(1000) });

export const SupportMessageSchema = z.object({
  id: z.string(),
  threadUserId: z.string(),
  fromTeam: z.boolean(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;
export const SupportThreadSchema = z.object({ items: z.array(SupportMessageSchema) });
export type SupportThread = z.infer<typeof SupportThreadSchema>;
export const SupportSendSchema = z.object({ body: z.string().trim().min(1).max(MESSAGE_MAX) });
export const SupportThreadListSchema = z.object({
  items: z.array(z.object({ user: ChatUserSchema, lastMessage: z.string(), timestamp: z.string(), awaitingTeam: z.boolean() })),
});
export type SupportThreadSummary = SupportThreadList['items'][number];
export type SupportThreadList = z.infer<typeof SupportThreadListSchema>;

/** WebSocket: what a client may send. */
export const ClientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), id: z.string().max(64).optional() }),
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  /** Join a room's live stream; `after` replays stored messages newer than that seq (catch-up). */
  z.object({ type: z.literal('subscribe'), roomId: z.string().min(1).max(64), after: z.number().int().min(0).optional() }),
  z.object({ type: z.literal('unsubscribe'), roomId: z.string().min(1).max(64) }),
  z.object({ type: z.literal('typing'), roomId: z.string().min(1).max(64) }),
  z.object({
    type: z.literal('send'),
    roomId: z.string().min(1).max(64),
    body: z.string().trim().min(1).max(MESSAGE_MAX),
    clientId: z.string().min(1).max(64).optional(),
  }),
]);
export type ClientEvent = z.infer<typeof ClientEventSchema>;

/** WebSocket: what the server sends. */
export type ServerEvent =
  | { type: 'hello'; viewer: string }
  | { type: 'pong'; id?: string | undefined }
  | { type: 'ready'; userId: string }
  | { type: 'subscribed'; roomId: string }
  | { type: 'message'; message: ChatMessage }
  | { type: 'sent'; clientId: string | null; message: ChatMessage }
  | { type: 'seen'; roomId: string; userId: string; seq: number; at: string }
  | { type: 'typing'; roomId: string; userId: string }
  | { type: 'notification'; id: string; kind: string }
  | { type: 'support'; message: SupportMessage }
  | { type: 'error'; code: string; message?: string; roomId?: string };
