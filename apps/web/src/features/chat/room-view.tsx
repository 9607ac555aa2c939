import { Alert, Box, Button, Center, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconRefresh, IconBan } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { memberName } from '../../lib/member-name';
import type { Room } from '@swapu/shared/chat';
import { Bubble } from './bubble';
import { Composer } from './composer';
import { PostContext, RoomHeader } from './room-header';
import { myLastMessage } from './room-state';
import { ScamWarning } from './scam-warning';
import { useRealtimeStatus } from './use-realtime';
import { useRoomLive } from './use-room-live';
import { useBlock } from './use-rooms';

/** Within this many pixels of the bottom, new messages keep the view pinned to the bottom. */
const PINNED_PX = 120;

/** Keeps the newest message in view as messages arrive, and the reading place when earlier ones load above. */
function useStickToBottom(firstId: string | undefined, count: number) {
  const ref = useRef<HTMLDivElement>(null);
  const prev = useRef({ firstId, height: 0, pinned: true });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const p = prev.current;
    if (p.firstId !== undefined && firstId !== p.firstId && count > 0) el.scrollTop += el.scrollHeight - p.height;
    else if (p.pinned) el.scrollTop = el.scrollHeight;
    prev.current = { firstId, height: el.scrollHeight, pinned: true };
  }, [firstId, count]);
  const onScroll = () => {
    const el = ref.current;
    if (el) prev.current.pinned = el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_PX;
  };
  return { ref, onScroll, pin: () => (prev.current.pinned = true) };
}

/** One of the two blocked the other: no composer. Only the person who blocked may unblock. */
function BlockedNotice({ room }: { room: Room }) {
  const { t } = useTranslation('chat');
  const block = useBlock(room.id);
  const name = memberName(t, room.other.displayName);
  return (
    <Alert color="gray" variant="light" radius={0} icon={<IconBan size={18} />} data-testid="blocked-notice">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {t('blocked.notice')}
          </Text>
          <Text fz="xs" c="dimmed">
            {room.blockedByMe ? t('blocked.byMe', { name }) : t('blocked.byThem', { name })}
          </Text>
        </Stack>
        {room.blockedByMe && (
          <Button size="compact-sm" variant="default" loading={block.isPending} onClick={() => block.mutate(false)}>
            {t('menu.unblock')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** An open room: header, post context, history with live updates, receipts, typing, composer. */
export function RoomView({ room, me, postId }: { room: Room; me: string; postId?: string }) {
  const { t } = useTranslation(['chat', 'common', 'errors']);
  const live = useRoomLive(room, me, postId && room.post?.id === postId ? postId : undefined);
  const status = useRealtimeStatus();
  const count = live.items.length + live.pending.length;
  const scroll = useStickToBottom(live.items[0]?.id, count);
  const mineLast = myLastMessage(live.items, me);
  const seen = mineLast !== null && live.otherSeenSeq >= mineLast.seq && live.pending.length === 0;
  const name = memberName(t, room.other.displayName);
  return (
    <Stack gap={0} h="100%" data-testid="room" style={{ minHeight: 0 }}>
      <RoomHeader room={room} />
      {room.post && <PostContext post={room.post} />}
      <Box
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
        px="sm"
        py="md"
        aria-live="polite"
        data-testid="messages"
      >
        {!live.loaded && !live.loadError && (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        )}
        {live.loadError && (
          <Alert color="red" role="alert">
            {t('errors:generic')}{' '}
            <Button size="compact-xs" variant="light" color="red" onClick={live.reload}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        )}
        <Stack gap={10}>
          {live.loaded &&
            (live.nextBefore !== null ? (
              <Center>
                <Button size="xs" variant="subtle" loading={live.loadingEarlier} onClick={() => void live.loadEarlier()}>
                  {t('loadEarlier')}
                </Button>
              </Center>
            ) : (
              <Text ta="center" fz="xs" c="dimmed" py="xs">
                {t('start', { name })}
              </Text>
            ))}
          {live.items.map((m) => (
            <Bubble
              key={m.id}
              mine={m.senderId === me}
              body={m.body}
              createdAt={m.createdAt}
              below={m.senderId !== me && m.warnings?.length ? <ScamWarning kinds={m.warnings} /> : null}
              footer={
                seen && m.id === mineLast?.id ? (
                  <Text span fz={11} fw={600} c="swapu.8" data-testid="seen">
                    {' · '}
                    {t('seen')}
                  </Text>
                ) : null
              }
            />
          ))}
          {live.pending.map((p) => (
            <Bubble
              key={p.clientId}
              mine
              body={p.body}
              createdAt={p.createdAt}
              muted={p.status === 'sending'}
              testId="pending-message"
              footer={
                p.status === 'sending' ? (
                  <Text span fz={11}>
                    {' · '}
                    {t('sending')}
                  </Text>
                ) : (
                  <>
                    {' · '}
                    <UnstyledButton onClick={() => live.retry(p.clientId)} fz={11} c="red" fw={600} data-testid="retry">
                      <IconRefresh size={12} style={{ verticalAlign: -2 }} /> {t('notSent')}
                    </UnstyledButton>
                    {p.error && p.error !== 'generic' && (
                      <Text span fz={11} c="red" display="block" role="alert">
                        {t(`errors:${p.error}`)}
                      </Text>
                    )}
                  </>
                )
              }
            />
          ))}
        </Stack>
      </Box>
      <Box px="md" h={20} style={{ flexShrink: 0 }}>
        {live.otherTyping ? (
          <Text fz="xs" c="dimmed" fs="italic" data-testid="typing">
            {t('typing', { name })}
          </Text>
        ) : status === 'offline' ? (
          <Text fz="xs" c="orange.8">
            {t('offline')}
          </Text>
        ) : null}
      </Box>
      {room.blocked ? (
        <BlockedNotice room={room} />
      ) : (
        <Composer
          onSend={(body) => {
            scroll.pin();
            live.send(body);
          }}
          onTyping={live.typing}
        />
      )}
    </Stack>
  );
}
