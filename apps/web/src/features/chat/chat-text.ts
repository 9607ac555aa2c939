import { ROOM_EMPTY_MESSAGE, ROOM_TITLE_DEFAULT, type RoomSummary } from '@swapu/shared/chat';

/**
 * The chat screens' addresses. The shared `paths` has /discuss only; these belong there (told
 * the lead) and move when it gains them. /discuss/{roomId}/{postId} is the spec's new-window form.
 */
export const chatPaths = {
  list: '/discuss',
  support: '/discuss?support=1',
  room: (roomId: string, postId?: string) => `/discuss/${encodeURIComponent(roomId)}${postId ? `/${encodeURIComponent(postId)}` : ''}`,
  /** Where a post's "Message" button goes: the owner's id, then the post. */
  withUser: (userId: string, postId: string) => `/discuss/${encodeURIComponent(userId)}/${encodeURIComponent(postId)}`,
} as const;

type T = (key: string) => string;

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** The stored defaults ('No Title', 'There is no messages') are English: show them translated. */
export const roomTitle = (t: T, room: Pick<RoomSummary, 'title'>) =>
  !room.title || room.title === ROOM_TITLE_DEFAULT ? t('noTitle') : room.title;

export const lastMessageText = (t: T, last: string) => (!last || last === ROOM_EMPTY_MESSAGE ? t('noMessages') : last);
