import { Badge, Box, Card, Group, Skeleton, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconFlag, IconPhoto, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { MODERATION_KINDS, type ModerationKind } from '@swapu/shared/admin-moderation';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { usePageMeta } from '../../lib/use-page-meta';
import { AdminPage } from './admin-page';
import { type Confirm, ConfirmModal } from './moderation-confirm';
import { DisputeCard } from './moderation-dispute-card';
import { PhotoCard } from './moderation-photo-card';
import { ListingCard, MemberCard } from './moderation-report-cards';
import { useModerationQueue } from './use-admin-moderation';

const TAB_ICONS: Record<ModerationKind, ReactNode> = {
  listings: <IconFlag size={16} />,
  members: <IconUsers size={16} />,
  photos: <IconPhoto size={16} />,
  disputes: <IconArrowsExchange size={16} />,
};

function Empty() {
  const { t } = useTranslation('moderation');
  return (
    <Card padding="xl" ta="center" data-testid="moderation-empty">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCheck size={28} />
        </ThemeIcon>
        <Text fw={700}>{t('empty.title')}</Text>
        <Text fz="sm" c="dimmed">
          {t('empty.body')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * /admin/moderation: the queue of reported listings, reported members, photos the NSFW check
 * flagged and swaps in dispute, each with its evidence and actions (dismiss, hide, remove a photo,
 * warn, ban, resolve). Every action asks for confirmation (and a reason where the member reads
 * one); the API enforces the rules and admins only: anyone else sees 'Permission Denied'.
 */
export function AdminModeration() {
  const { t } = useTranslation(['moderation', 'errors']);
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('intro') });
  const [kind, setKind] = useState<ModerationKind>('listings');
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const queue = useModerationQueue(kind);
  const denied = queue.error instanceof ApiError && queue.error.status === 403;
  const data = queue.isPlaceholderData ? undefined : queue.data;
  const counts = queue.data?.counts;
  const cards = data
    ? kind === 'listings'
      ? data.listings.map((l) => <ListingCard key={l.post.id} item={l} ask={setConfirm} />)
      : kind === 'members'
        ? data.members.map((m) => <MemberCard key={m.member.id} item={m} ask={setConfirm} />)
        : kind === 'photos'
          ? data.photos.map((p) => <PhotoCard key={p.id} item={p} ask={setConfirm} />)
          : data.disputes.map((d) => <DisputeCard key={d.offerId} item={d} ask={setConfirm} />)
    : [];

  return (
    <AdminPage
      id="moderation"
      icon={<IconFlag size={22} />}
      title={t('title')}
      intro={t('intro')}
      denied={denied}
      px={{ base: 'xs', sm: 'md' }}
      after={<ConfirmModal confirm={confirm} onClose={() => setConfirm(null)} />}
    >
      <Tabs value={kind} onChange={(v) => v && setKind(v as ModerationKind)} keepMounted={false}>
        <Tabs.List>
          {MODERATION_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k} px={{ base: 'xs', sm: 'md' }}>
              <Group gap={6} wrap="nowrap">
                <Box visibleFrom="sm" style={{ display: 'flex' }}>
                  {TAB_ICONS[k]}
                </Box>
                <span>{t(`tabs.${k}`)}</span>
                {counts && (
                  <Badge
                    size="sm"
                    circle={counts[k] < 10}
                    variant={counts[k] > 0 ? 'filled' : 'light'}
                    color={counts[k] > 0 ? 'red' : 'gray'}
                    data-testid={`count-${k}`}
                  >
                    {counts[k]}
                  </Badge>
                )}
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Stack gap="md" mt="md">
          {queue.isError && <LoadError onRetry={() => void queue.refetch()} />}
          {!queue.isError && !data && (
            <Stack gap="md" data-testid="moderation-loading">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} h={140} radius="md" />
              ))}
            </Stack>
          )}
          {data && cards.length === 0 && <Empty />}
          {cards}
        </Stack>
      </Tabs>
    </AdminPage>
  );
}
