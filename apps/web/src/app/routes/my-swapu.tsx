import { Anchor, Badge, Button, Card, Container, Group, Image, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeart, IconPackage, IconPhotoOff, IconPlus, IconTarget } from '@tabler/icons-react';
import { GoalsTab } from '../../features/goals/goals-tab';
import { CheckoutOutcome } from '../../features/money/checkout-outcome';
import { PaidFeatureBadges, PaidFeatureButtons } from '../../features/money/paid-features';
import { MyPointsCard } from '../../features/points/my-points-card';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import type { MyPost } from '@swapu/shared/api';
import { paths } from '@swapu/shared/paths';
import { OwnerMenu } from '../../features/posts/post-actions';
import { useMyPosts } from '../../features/posts/use-my-posts';
import { formatMoney, formatRelative } from '../../lib/format';
import { LoadError } from '../../components/load-error';

/** The tabs of My SwapU, each a set of listing states. */
const TABS = {
  drafts: ['draft'],
  published: ['published'],
  reserved: ['reserved'],
  done: ['swapped', 'sold'],
  archived: ['archived'],
} as const;
type ListingTab = keyof typeof TABS;
/** The listing tabs, then my goal trackers (paths.myGoals). */
type Tab = ListingTab | 'goals';
const isTab = (v: string | null): v is Tab => !!v && (v in TABS || v === 'goals');

function MyPostRow({ post }: { post: MyPost }) {
  const { t, i18n } = useTranslation('posts');
  const lang = i18n.language;
  const link = post.state === 'draft' ? paths.editPost(post.id) : paths.viewPost(post.id);
  return (
    <Card padding="sm" data-testid="my-post">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Link
          to={link}
          aria-label={post.title || t('mine.untitled')}
          // The member's own title (e2e/support/pt-PT-check.ts), or the placeholder when there is none.
          data-user-content={post.title ? 'aria-label' : undefined}
          style={{ flexShrink: 0 }}
        >
          {post.thumbUrl ? (
            <Image src={post.thumbUrl} alt="" w={72} h={72} radius="md" />
          ) : (
            <ThemeIcon size={72} radius="md" variant="light" color="gray">
              <IconPhotoOff size={24} />
            </ThemeIcon>
          )}
        </Link>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
            <Anchor component={Link} to={link} fw={700} c="dark.7" lineClamp={2} lh={1.3} data-user-content={!!post.title || undefined}>
              {post.title || t('mine.untitled')}
            </Anchor>
            <OwnerMenu id={post.id} state={post.state} />
          </Group>
          <Group gap={8}>
            <Badge size="sm" variant="light" color={post.state === 'published' ? 'swapu' : 'gray'}>
              {t(`state.${post.state}`)}
            </Badge>
            <PaidFeatureBadges item={post} />
            {post.state !== 'draft' && (
              <Text fz="sm" fw={700} c="swapu.8">
                {formatMoney(post.cashValueCents, lang)}
              </Text>
            )}
            <Group gap={3} c="dimmed">
              <IconHeart size={14} aria-hidden="true" />
              <Text fz="xs" aria-label={t('actions.likedBy', { count: post.likeCount })}>
                {post.likeCount}
              </Text>
            </Group>
            <Text fz="xs" c="dimmed">
              {t('mine.updated', { time: formatRelative(post.updatedAt, lang) })}
            </Text>
          </Group>
          {post.state === 'draft' && (
            <Button component={Link} to={paths.editPost(post.id)} size="compact-sm" variant="light" w="fit-content">
              {t('mine.continue')}
            </Button>
          )}
          {post.state === 'published' && (
            <Group gap={6}>
              <PaidFeatureButtons post={post} />
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

export default function MySwapUPage() {
  const { t } = useTranslation(['posts', 'common', 'errors', 'tokens', 'goals']);
  const mine = useMyPosts();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'published';
  const items = mine.data ?? [];
  const inTab = (k: ListingTab) => items.filter((p) => (TABS[k] as readonly string[]).includes(p.state));
  const shown = tab === 'goals' ? [] : inTab(tab);
  return (
    <Container size="md" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('mine.title')}
        </Title>
        <Button component={Link} to={paths.create} leftSection={<IconPlus size={18} />}>
          {t('mine.listItem')}
        </Button>
      </Group>
      <CheckoutOutcome paid={t('tokens:assist.returnedPaid')} mb="md" />
      <MyPointsCard mb="md" />
      <Tabs value={tab} onChange={(v) => isTab(v) && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {(Object.keys(TABS) as ListingTab[]).map((k) => (
            <Tabs.Tab
              key={k}
              value={k}
              rightSection={
                mine.data ? (
                  <Badge size="xs" variant="light" color="gray">
                    {inTab(k).length}
                  </Badge>
                ) : null
              }
            >
              {t(`mine.tabs.${k}`)}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="goals" leftSection={<IconTarget size={14} aria-hidden="true" />}>
            {t('goals:tab')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'goals' ? (
        <Stack mt="md">
          <GoalsTab />
        </Stack>
      ) : (
        <Stack mt="md" gap="sm" aria-busy={mine.isPending}>
          {mine.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={96} radius="md" />)}
          {mine.isError && <LoadError onRetry={() => void mine.refetch()} />}
          {mine.data && shown.length === 0 && (
            <Card padding="xl" ta="center">
              <Stack align="center" gap="xs">
                <ThemeIcon size={56} radius="xl" variant="light">
                  <IconPackage size={28} />
                </ThemeIcon>
                <Text fw={700}>{t(`mine.empty.${tab}`)}</Text>
                {(tab === 'drafts' || tab === 'published') && (
                  <Button component={Link} to={paths.create} variant="light" mt="xs">
                    {t('mine.listItem')}
                  </Button>
                )}
              </Stack>
            </Card>
          )}
          {shown.map((p) => (
            <MyPostRow key={p.id} post={p} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
