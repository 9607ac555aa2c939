import { Alert, Avatar, Badge, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { formatRelative } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { ChatShell, EmptyPane, PaneHeader } from './chat-shell';
import { initials } from './chat-text';
import { SupportMessages } from './support-thread';
import { useAdminThread, useAnswerSupport, useSupportThreads, type SupportThreadSummary } from './use-support';

function ThreadRow({ thread, active, onOpen }: { thread: SupportThreadSummary; active: boolean; onOpen: () => void }) {
  const { t, i18n } = useTranslation('chat');
  const name = memberName(t, thread.user.displayName);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-current={active ? 'page' : undefined}
      data-testid="support-thread-row"
      style={{
        display: 'block',
        width: '100%',
        padding: '10px 12px',
        borderRadius: 12,
        background: active ? 'var(--mantine-color-swapu-0)' : undefined,
      }}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar src={thread.user.avatarUrl} alt="" radius="xl" color="swapu">
          {initials(name)}
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap={6}>
            <Text fw={thread.awaitingTeam ? 800 : 600} fz="sm" truncate data-user-content>
              {name}
            </Text>
            <Text fz={11} c="dimmed" style={{ flexShrink: 0 }}>
              {formatRelative(thread.timestamp, i18n.language)}
            </Text>
          </Group>
          <Text fz="sm" c="dimmed" truncate data-user-content>
            {thread.lastMessage}
          </Text>
          {thread.awaitingTeam && (
            <Badge size="xs" color="orange" variant="light" mt={2}>
              {t('admin.awaiting')}
            </Badge>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

function AnswerPane({ thread }: { thread: SupportThreadSummary }) {
  const { t } = useTranslation('chat');
  const [, setParams] = useSearchParams();
  const messages = useAdminThread(thread.user.id);
  const answer = useAnswerSupport(thread.user.id);
  const name = memberName(t, thread.user.displayName);
  const header = (
    <PaneHeader back={{ label: t('admin.back'), onClick: () => setParams({}) }}>
      <Avatar src={thread.user.avatarUrl} alt="" radius="xl" color="swapu">
        {initials(name)}
      </Avatar>
      <Text fw={700} data-user-content>
        {name}
      </Text>
    </PaneHeader>
  );
  return (
    <SupportMessages
      items={messages.data?.items}
      side="team"
      header={header}
      onSend={(body) => answer.mutate(body)}
      sending={answer.isPending}
      error={answer.error ?? messages.error}
      placeholder={t('admin.placeholder')}
    />
  );
}

/** Admins answer members' support messages (GET /api/v1/admin/support): threads left, the conversation right. */
export function AdminSupport() {
  const { t } = useTranslation(['chat', 'errors']);
  const threads = useSupportThreads();
  const [params, setParams] = useSearchParams();
  const selected = params.get('user');
  // A member without a thread yet (opened from the users table, ?user=…&name=…) gets an empty one to write in.
  const open =
    threads.data?.items.find((x) => x.user.id === selected) ??
    (selected && threads.data
      ? {
          user: { id: selected, displayName: params.get('name') ?? '', avatarUrl: null },
          lastMessage: '',
          timestamp: '',
          awaitingTeam: false,
        }
      : null);
  const list = (
    <Stack gap={2} p={6}>
      <Title order={1} fz={20} px="sm" pt="sm">
        {t('admin.title')}
      </Title>
      <Text fz="xs" c="dimmed" px="sm" pb="xs">
        {t('admin.intro')}
      </Text>
      {threads.isPending && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={64} radius="md" my={4} />)}
      {threads.isError && (
        <Alert color="red" role="alert" m={6}>
          {t(`errors:${threads.error instanceof ApiError ? threads.error.code : 'generic'}`)}
        </Alert>
      )}
      {threads.data?.items.length === 0 && (
        <Text fz="sm" c="dimmed" p="md">
          {t('admin.empty')}
        </Text>
      )}
      {threads.data?.items.map((x) => (
        <ThreadRow key={x.user.id} thread={x} active={x.user.id === selected} onOpen={() => setParams({ user: x.user.id })} />
      ))}
    </Stack>
  );
  return (
    <ChatShell
      list={list}
      pane={open ? <AnswerPane key={open.user.id} thread={open} /> : <EmptyPane title={t('admin.choose')} />}
      paneOpen={!!open}
    />
  );
}
