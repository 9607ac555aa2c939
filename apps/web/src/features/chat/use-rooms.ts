import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagePage, Room, RoomList } from '@swapu/shared/chat';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { useSession } from '../../lib/use-session';
import { keyOf } from '../../lib/query-keys';

export type { MessagePage, RoomList };

/** The person's rooms and unread total (the list and the header badges share it). */
export const roomsKey = keyOf(endpoints.rooms);
export const roomKey = (id: string) => keyOf(endpoints.room, { params: { id } });

export const fetchRooms = () => call(endpoints.rooms);
export const fetchRoom = (id: string) => call(endpoints.room, { params: { id } });
/** The room with this person (and post), existing or new. */
export const openRoomWith = (userId: string, postId?: string) =>
  call(endpoints.openRoom, { body: postId ? { userId, postId } : { userId } });
export const fetchMessages = (roomId: string, before?: number) =>
  call(endpoints.messages, { params: { id: roomId }, ...(before ? { query: { before } } : {}) });
export const postMessage = (roomId: string, body: { body: string; clientId: string; postId?: string }) =>
  call(endpoints.sendMessage, { params: { id: roomId }, body });
export const postSeen = (roomId: string) => call(endpoints.seen, { params: { id: roomId } });

/** Newest first, whatever order the server used. */
const newestFirst = (list: RoomList): RoomList => ({
  ...list,
  items: [...list.items].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)),
});

export function useRooms(enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: roomsKey,
    queryFn: () => fetchRooms().then(newestFirst),
    enabled: enabled && token !== null,
  });
}

/** The unread chat count for the header and the bottom nav; the WebSocket keeps it fresh, polling is the fallback. */
export function useUnreadChats() {
  const { token } = useSession();
  return useQuery({
    queryKey: roomsKey,
    queryFn: () => fetchRooms().then(newestFirst),
    enabled: token !== null,
    // A refused list (a banned account) is not asked for again and again.
    refetchInterval: (q) => (q.state.status === 'error' ? false : 60_000),
    select: (r) => r.unread,
  });
}

export function useRoom(id: string | undefined) {
  return useQuery({
    queryKey: roomKey(id ?? ''),
    queryFn: () => fetchRoom(id!),
    enabled: !!id,
  });
}

/**
 * For /discuss/{userId}/{postId}: the room with that person about that post. POST is idempotent
 * (the existing room comes back), so it runs as a query: a remount does not open a second one.
 */
export function useOpenRoomWith(userId: string | undefined, postId: string | undefined, enabled: boolean) {
  const qc = useQueryClient();
  return useQuery({
    // Not a row's key: a write (POST /rooms) run as a query, kept out of 'me' so refreshing my
    // data never opens the room again.
    queryKey: ['chat', 'open', userId, postId ?? null],
    queryFn: async () => {
      const room = await openRoomWith(userId!, postId);
      qc.setQueryData(roomKey(room.id), room);
      void qc.invalidateQueries({ queryKey: roomsKey, exact: true });
      return room;
    },
    enabled: enabled && !!userId,
    staleTime: Infinity,
    retry: false,
  });
}

/** Block or unblock the other person of a room. */
export function useBlock(roomId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) => call(block ? endpoints.block : endpoints.unblock, { params: { id: roomId } }),
    onSuccess: (_, block) => {
      qc.setQueryData<Room>(roomKey(roomId), (r) => (r ? { ...r, blocked: block } : r));
      void qc.invalidateQueries({ queryKey: roomKey(roomId) });
      void qc.invalidateQueries({ queryKey: roomsKey, exact: true });
    },
  });
}

export function useReportUser(roomId: string) {
  return useMutation({
    mutationFn: (reason: string) => call(endpoints.reportUser, { params: { id: roomId }, body: { reason } }),
  });
}
