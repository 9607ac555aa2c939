import { Anchor, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconCheck, IconEyeOff, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FlaggedPhoto } from '@swapu/shared/admin-moderation';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { formatDateTime } from '../../lib/format';
import { Actions, AskButton, Person } from './moderation-card-parts';
import type { Ask } from './moderation-confirm';
import { moderationCalls } from './use-admin-moderation';

export function PhotoCard({ item, ask }: { item: FlaggedPhoto; ask: Ask }) {
  const { t, i18n } = useTranslation('moderation');
  const title = item.post.title || t('untitled');
  const lastLive = item.post.state === 'published' && item.photoCount <= 1;
  return (
    <Card padding="md" withBorder data-testid="moderation-photo" data-image-id={item.id}>
      <Stack gap="sm">
        <Image src={item.imageUrl} radius="md" mah={320} fit="contain" alt={t('photos.alt', { title })} bg="gray.1" />
        <Group gap={6}>
          <Badge variant="light" color="orange">
            {t('photos.score', { score: item.score === null ? '—' : `${Math.round(item.score * 100)}%` })}
          </Badge>
          <Text fz="xs" c="dimmed">
            {formatDateTime(item.at, i18n.language)}
          </Text>
        </Group>
        <Anchor
          component={Link}
          to={paths.viewPost(item.post.id)}
          fw={700}
          style={{ overflowWrap: 'anywhere' }}
          data-user-content={!!item.post.title || undefined}
        >
          {title}
        </Anchor>
        <Person p={item.owner} label={t('owner')} />
        {lastLive && (
          <Text fz="xs" c="dimmed">
            {t('photos.lastLive')}
          </Text>
        )}
      </Stack>
      <Actions>
        <AskButton
          variant="default"
          icon={IconCheck}
          ask={ask}
          question={() => ({
            title: t('approve.title'),
            body: t('approve.body', { title }),
            confirm: t('approve.confirm'),
            color: 'swapu',
            reason: 'optional',
            run: moderationCalls.approveImage(item.id),
            done: t('approve.done'),
          })}
        >
          {t('approve.button')}
        </AskButton>
        <AskButton
          color="red"
          variant="light"
          disabled={lastLive}
          icon={IconTrash}
          ask={ask}
          question={() => ({
            title: t('remove.title'),
            body: t('remove.body', { title }),
            confirm: t('remove.confirm'),
            color: 'red',
            reason: 'required',
            run: moderationCalls.removeImage(item.id),
            done: t('remove.done'),
          })}
        >
          {t('remove.button')}
        </AskButton>
        {item.post.state !== 'draft' && item.post.state !== 'reserved' && (
          <AskButton
            color="red"
            variant="subtle"
            icon={IconEyeOff}
            ask={ask}
            question={() => ({
              title: t('hide.title'),
              body: t('hide.body', { title }),
              confirm: t('hide.confirm'),
              color: 'red',
              reason: 'required',
              run: moderationCalls.hidePost(item.post.id),
              done: t('hide.done'),
            })}
          >
            {t('hide.button')}
          </AskButton>
        )}
      </Actions>
    </Card>
  );
}
