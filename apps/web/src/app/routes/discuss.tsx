import { Alert, Button, Card, Center, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ChatShell, EmptyPane } from '../../features/chat/chat-shell';
import { chatPaths } from '../../features/chat/chat-text';
import { RoomList } from '../../features/chat/room-list';
import { RoomView } from '../../features/chat/room-view';
import { SupportThread } from '../../features/chat/support-thread';
import { useOpenRoomWith, useRoom } from '../../features/chat/use-rooms';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/use-session';

const codeOf = (e: unknown) => (e instanceof ApiError ? e.code : null);

/** Not a member of that room: the catalogue's sentence and nothing of the room. */
function Forbidden() {
  const { t } = useTranslation(['errors', 'chat']);
  return (
    <Container size="sm" py={64}>
      <Card padding="xl" ta="center">
        <Stack align="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconLock size={28} aria-hidden="true" />
          </ThemeIcon>
          <Title order={1} fz={22} data-testid="room-forbidden">
            {t('errors:room_forbidden')}
          </Title>
          <Button component={Link} to={chatPaths.list} variant="light">
            {t('chat:back')}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}

/**
 * /discuss, /discuss/:id and /discuss/:id/:postId. `:id` is a room id when the person belongs to
 * that room (GET /api/v1/rooms/{id}); when that answers 404 it is a user id (a post's "Message"
 * button links to /discuss/{ownerId}/{postId}): POST /api/v1/rooms opens the room with that person
 * (existing or new) and the address becomes /discuss/{roomId}/{postId}, the spec's new-window form.
 * /discuss?support=1 is the thread with the SwapU team.
 */
export default function DiscussPage() {
  const { t } = useTranslation(['chat', 'errors', 'common']);
  const { id, postId } = useParams();
  const [params] = useSearchParams();
  const support = !id && params.get('support') === '1';
  const { userId } = useSession();
  const navigate = useNavigate();
  const room = useRoom(id);
  const notARoom = room.error instanceof ApiError && room.error.status === 404;
  const opened = useOpenRoomWith(id, postId, notARoom);
  const openedId = opened.data?.id;
  useEffect(() => {
    if (openedId) void navigate(chatPaths.room(openedId, postId), { replace: true });
  }, [openedId, postId, navigate]);

  if (codeOf(room.error) === 'room_forbidden') return <Forbidden />;

  const failure = opened.error ?? (room.isError && !notARoom ? room.error : null);
  let pane;
  if (support) pane = <SupportThread />;
  else if (!id) pane = <EmptyPane title={t('choose')} hint={t('chooseHint')} />;
  else if (room.data) pane = <RoomView key={room.data.id} room={room.data} me={userId} postId={postId} />;
  else if (failure)
    pane = (
      <Center h="100%" p="lg">
        <Alert color="red" role="alert" maw={420} data-testid="room-error">
          <Text fz="sm">{t(`errors:${codeOf(failure) ?? 'generic'}`)}</Text>
          <Button component={Link} to={chatPaths.list} size="compact-sm" variant="light" color="red" mt="sm">
            {t('back')}
          </Button>
        </Alert>
      </Center>
    );
  else
    pane = (
      <Center h="100%" p="lg">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text fz="sm" c="dimmed">
            {t('opening')}
          </Text>
        </Stack>
      </Center>
    );

  const list = (
    <>
      <Title order={1} fz={20} px="md" pt="md" pb={4}>
        {t('title')}
      </Title>
      <RoomList activeId={room.data?.id} supportActive={support} />
    </>
  );
  return <ChatShell list={list} pane={pane} paneOpen={!!id || support} />;
}
