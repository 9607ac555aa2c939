import type { RoomSummary } from '@swapu/shared/chat';
import { ROOM_EMPTY_MESSAGE, ROOM_TITLE_DEFAULT } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';

/** The chat screens' addresses (from the shared `paths`). */
export const chatPaths = {
  list: paths.discuss,
  support: paths.support,
  room: paths.room,
  /** Where a post's "Message" button goes: the owner's id, then the post. */
  withUser: paths.chatWith,
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
