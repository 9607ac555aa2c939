import { Alert, Box, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { SupportMessage } from '@swapu/shared/chat';
import { errorCodeOf } from '../../lib/api';
import { memberName } from '../../lib/member-name';
import { PaneHeader } from './chat-shell';
import { Bubble } from './bubble';
import { chatPaths } from './chat-text';
import { Composer } from './composer';
import { useSendSupport, useSupportThread } from './use-support';

/**
 * A support conversation's messages and composer, for the member (`side="member"`: the team's
 * messages are the other side) or for an admin answering (`side="team"`).
 */
export function SupportMessages({
  items,
  side,
  header,
  intro,
  onSend,
  sending,
  error,
  placeholder,
}: {
  items: SupportMessage[] | undefined;
  side: 'member' | 'team';
  header: ReactNode;
  intro?: ReactNode;
  onSend: (body: string) => void;
  sending: boolean;
  error: unknown;
  placeholder: string;
}) {
  const { t } = useTranslation(['chat', 'errors']);
  const scroller = useRef<HTMLDivElement>(null);
  const count = items?.length ?? 0;
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);
  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }} data-testid="support-thread">
      {header}
      <Box ref={scroller} style={{ flex: 1, overflowY: 'auto', minHeight: 0 }} px="sm" py="md" aria-live="polite">
        {intro}
        {!items && (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        )}
        {items && items.length === 0 && (
          <Text ta="center" fz="sm" c="dimmed" py="md">
            {t('support.empty')}
          </Text>
        )}
        <Stack gap={10}>
          {items?.map((m) => {
            const mine = side === 'team' ? m.fromTeam : !m.fromTeam;
            return (
              <Bubble
                key={m.id}
                mine={mine}
                body={m.body}
                createdAt={m.createdAt}
                author={mine ? undefined : m.fromTeam ? t('support.title') : memberName(t, m.authorName)}
                testId="support-message"
              />
            );
          })}
        </Stack>
      </Box>
      {error !== null && error !== undefined && (
        <Text c="red" fz="sm" role="alert" px="md">
          {t(`errors:${errorCodeOf(error)}`)}
        </Text>
      )}
      <Composer onSend={onSend} busy={sending} placeholder={placeholder} />
    </Stack>
  );
}

/** The member's thread with the SwapU team (/discuss?support=1); banned members can use it too. */
export function SupportThread() {
  const { t } = useTranslation(['chat', 'common', 'errors']);
  const thread = useSupportThread();
  const send = useSendSupport();
  const header = (
    <PaneHeader back={{ label: t('back'), to: chatPaths.list }}>
      <ThemeIcon size={40} radius="xl" variant="light">
        <IconHeadset size={20} aria-hidden="true" />
      </ThemeIcon>
      <Text fw={700}>{t('support.title')}</Text>
    </PaneHeader>
  );
  const intro = (
    <>
      <Text ta="center" fz="xs" c="dimmed" pb="md" maw={420} mx="auto">
        {t('support.intro')}
      </Text>
      {thread.isError && (
        <Alert color="red" role="alert" mb="sm">
          {t('errors:generic')}{' '}
          <Button size="compact-xs" variant="light" color="red" onClick={() => void thread.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      )}
    </>
  );
  return (
    <SupportMessages
      items={thread.isError ? [] : thread.data?.items}
      side="member"
      header={header}
      intro={intro}
      onSend={(body) => send.mutate(body)}
      sending={send.isPending}
      error={send.error}
      placeholder={t('support.placeholder')}
    />
  );
}
