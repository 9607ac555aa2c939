import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCoins, IconHeart, IconPackage, IconPhotoOff, IconPlus, IconRocket, IconSparkles } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { BOOST_TOKENS } from '@swapu/shared/constants';
import { useTokens } from '../../features/money/use-money';
import { useBoost } from '../../features/posts/use-boost';
import { ApiError } from '../../lib/api';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import type { MyPost } from '@swapu/shared/api';
import { paths } from '@swapu/shared/paths';
import { OwnerMenu } from '../../features/posts/post-actions';
import { useMyPosts } from '../../features/posts/use-my-posts';
import { formatDateTime, formatMoney, formatRelative } from '../../lib/format';
import { LoadError } from '../../components/load-error';

/** The tabs of My SwapU, each a set of listing states. */
const TABS = {
  drafts: ['draft'],
  published: ['published'],
  reserved: ['reserved'],
  done: ['swapped', 'sold'],
  archived: ['archived'],
} as const;
type Tab = keyof typeof TABS;
const isTab = (v: string | null): v is Tab => !!v && v in TABS;

/** Boost (paid with tokens) and Swap Assist (arrives with the rest of the money features) on a live listing. */
function PaidFeatureButtons({ post }: { post: MyPost }) {
  const { t, i18n } = useTranslation(['posts', 'tokens', 'errors']);
  const [open, setOpen] = useState<null | 'boost' | 'assist'>(null);
  const tokens = useTokens(open === 'boost');
  const boost = useBoost();
  const [error, setError] = useState<string | null>(null);
  const balance = tokens.data?.balance;
  const close = () => {
    setOpen(null);
    setError(null);
  };
  const onBoost = () =>
    boost.mutate(post.id, {
      onSuccess: (r) => {
        close();
        notifications.show({ color: 'swapu', message: t('tokens:boost.done', { date: formatDateTime(r.boostedUntil, i18n.language) }) });
      },
      onError: (err) => setError(t(`errors:${err instanceof ApiError ? err.code : 'generic'}`)),
    });
  return (
    <>
      <Button size="compact-sm" variant="light" color="yellow" leftSection={<IconRocket size={14} />} onClick={() => setOpen('boost')}>
        {t('mine.boost')}
      </Button>
      <Button size="compact-sm" variant="light" color="grape" leftSection={<IconSparkles size={14} />} onClick={() => setOpen('assist')}>
        {t('mine.swapAssist')}
      </Button>
      <Modal opened={open === 'boost'} onClose={close} title={t('tokens:boost.title')} centered>
        <Stack>
          <Text fz="sm">{t('tokens:boost.about')}</Text>
          {post.boostedUntil && (
            <Badge color="yellow" variant="light" w="fit-content">
              {t('tokens:boost.until', { date: formatDateTime(post.boostedUntil, i18n.language) })}
            </Badge>
          )}
          {balance !== undefined && (
            <Text fz="sm" fw={600} data-testid="boost-balance">
              {t('tokens:boost.haveTokens', { count: balance })}
            </Text>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            {balance !== undefined && balance < BOOST_TOKENS ? (
              <Button
                component={Link}
                to={`${paths.tokens}?returnTo=${encodeURIComponent(paths.mySwapU)}`}
                leftSection={<IconCoins size={16} />}
              >
                {t('tokens:boost.buyTokens')}
              </Button>
            ) : (
              <Button onClick={onBoost} loading={boost.isPending} disabled={balance === undefined} leftSection={<IconRocket size={16} />}>
                {t('tokens:boost.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
      <Modal opened={open === 'assist'} onClose={close} title={t('mine.swapAssist')} centered>
        <Stack>
          <Text fz="sm">{t('mine.swapAssistAbout')}</Text>
          <Alert color="blue" variant="light">
            {t('mine.comingWithPayments')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('mine.gotIt')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function MyPostRow({ post }: { post: MyPost }) {
  const { t, i18n } = useTranslation('posts');
  const lang = i18n.language;
  const link = post.state === 'draft' ? paths.editPost(post.id) : paths.viewPost(post.id);
  return (
    <Card padding="sm" data-testid="my-post">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Link to={link} aria-label={post.title || t('mine.untitled')} style={{ flexShrink: 0 }}>
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
            <Anchor component={Link} to={link} fw={700} c="dark.7" lineClamp={2} lh={1.3}>
              {post.title || t('mine.untitled')}
            </Anchor>
            <OwnerMenu id={post.id} state={post.state} />
          </Group>
          <Group gap={8}>
            <Badge size="sm" variant="light" color={post.state === 'published' ? 'swapu' : 'gray'}>
              {t(`state.${post.state}`)}
            </Badge>
            {post.boostedUntil && (
              <Badge size="sm" variant="light" color="yellow" leftSection={<IconRocket size={12} />} data-testid="boosted-badge">
                {t('card.boosted')}
              </Badge>
            )}
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
  const { t } = useTranslation(['posts', 'common', 'errors']);
  const mine = useMyPosts();
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'published';
  const items = mine.data ?? [];
  const inTab = (k: Tab) => items.filter((p) => (TABS[k] as readonly string[]).includes(p.state));
  const shown = inTab(tab);
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
      <Tabs value={tab} onChange={(v) => isTab(v) && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {(Object.keys(TABS) as Tab[]).map((k) => (
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
        </Tabs.List>
      </Tabs>
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
    </Container>
  );
}
