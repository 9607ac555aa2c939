import { ChatRoomButton } from '../../components/chat-room-button';
import { Alert, Avatar, Badge, Button, Card, Container, Grid, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconLeaf, IconMapPin, IconPencil, IconStarFilled } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { carbonSavedKg } from '@swapu/shared/carbon';
import { NotFound } from '../../components/not-found';
import { EarlyAccessNotice } from '../../features/posts/early-access-notice';
import { LikeButton } from '../../features/likes/like-button';
import { OwnerMenu, ReportButton, ShareButton } from '../../features/posts/post-actions';
import { PaidFeatureBadges, PaidFeatureButtons, PaidFeatureOutcome } from '../../features/money/paid-features';
import { PostGallery } from '../../features/posts/post-gallery';
import { useSession } from '../../lib/use-session';
import { useAskToSignIn, useSignedIn } from '../../lib/use-sign-in';
import { useBanned } from '../../features/auth/use-me';
import { usePost } from '../../features/posts/use-post';
import { ApiError } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { useDates } from '../../lib/clock';
import { pageMeta } from '@swapu/shared/page-meta';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

export default function ViewPostPage() {
  const { postId = '' } = useParams();
  const { t, i18n } = useTranslation(['posts', 'categories', 'common']);
  const dates = useDates();
  const post = usePost(postId);
  usePageMeta(
    post.data ? pageMeta.post(asLocale(i18n.language), post.data) : post.isError ? pageMeta.postUnavailable(asLocale(i18n.language)) : null,
  );
  const session = useSession();
  const signedIn = useSignedIn();
  const ask = useAskToSignIn();
  // Suspended: the listing can be read, but nothing on it acts (PRODUCT.md).
  const banned = useBanned();
  const [search] = useSearchParams();
  const preview = search.get('preview') === '1';
  const navigate = useNavigate();
  const lang = i18n.language;

  if (post.isPending)
    return (
      <Container size="lg" py="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton style={{ paddingTop: '100%' }} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              <Skeleton height={32} />
              <Skeleton height={24} width="40%" />
              <Skeleton height={120} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    );
  if (post.isError) {
    // Inside its 24 hours of early access: why, and until when (nothing of the item is known).
    if (post.error instanceof ApiError && post.error.code === 'early_access')
      return <EarlyAccessNotice opensAt={post.error.fields?.opensAt} onOpen={() => void post.refetch()} />;
    if (post.error instanceof ApiError && post.error.status === 404) return <NotFound />;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title={t('errors:generic')}>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void post.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      </Container>
    );
  }
  const p = post.data;
  // /testNewProductPage frames the page with ?preview=1: the owner sees it as a buyer would.
  const isOwner = !preview && !!session.userId && session.userId === p.owner.id;
  const yesNo = (v: boolean) => (v ? t('detail.yes') : t('detail.no'));
  const list = (xs: string[], render: (x: string) => string = (x) => x) => (xs.length ? xs.map(render).join(', ') : t('detail.nothing'));
  const carbon = carbonSavedKg(p.weightKg, p.materials, p.categories);
  const rows: Array<[string, string]> = [
    [t('detail.condition'), t(`condition.${p.condition}`)],
    [t('detail.categories'), list(p.categories, (c) => t(`categories:names.${c}`))],
    [t('detail.keywords'), list(p.keywords)],
    [t('detail.wishCategories'), list(p.wishCategories, (c) => t(`categories:names.${c}`))],
    [t('detail.wishKeywords'), list(p.wishKeywords)],
    [t('detail.weight'), t('detail.weightValue', { value: formatNumber(p.weightKg, lang) })],
    [
      t('detail.dimensions'),
      t('detail.dimensionsValue', {
        length: formatNumber(p.lengthCm, lang),
        width: formatNumber(p.widthCm, lang),
        height: formatNumber(p.heightCm, lang),
      }),
    ],
    [
      t('detail.materials'),
      p.materials.length ? p.materials.map((m) => `${m.material.replace('_', ' ')} ${m.percent}%`).join(', ') : t('detail.noMaterials'),
    ],
    [t('detail.location'), [p.suburb, p.auState, p.postcode].filter(Boolean).join(', ')],
    [t('detail.openToSelling'), yesNo(p.openToSelling)],
    [t('detail.openToSwapAnything'), yesNo(p.openToSwapAnything)],
    [t('detail.deliveryOption'), t(`delivery.${p.deliveryOption}`)],
  ];

  return (
    <Container size="lg" py="lg">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }} data-tour="listing">
          <PostGallery images={p.images} title={p.title} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {p.state !== 'published' && <Alert color="yellow">{t('detail.statusBanner', { state: t(`state.${p.state}`) })}</Alert>}
            {/* The owner's words, in whatever language they wrote them (data-user-content: e2e/support/pt-PT-check.ts). */}
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} data-user-content>
              {p.title}
            </Title>
            <Group gap="xs">
              <Text fz={28} fw={800} c="swapu.8" aria-label={t('detail.estimatedValue')}>
                {formatMoney(p.cashValueCents, lang)}
              </Text>
              <Badge variant="light">{t(`condition.${p.condition}`)}</Badge>
              <PaidFeatureBadges item={p} size="md" />
            </Group>
            <Group gap={6} c="dimmed">
              <IconMapPin size={16} aria-hidden="true" />
              <Text fz="sm">{[p.suburb, p.auState].filter(Boolean).join(', ')}</Text>
              {p.publishedAt && (
                <Text fz="sm" title={dates.dateTime(p.publishedAt)} data-testid="post-listed">
                  · {t('common:time.listed', { time: dates.relative(p.publishedAt) })}
                </Text>
              )}
            </Group>
            {banned ? null : isOwner ? (
              <Group gap="sm" wrap="nowrap">
                <Button component={Link} to={paths.editPost(p.id)} size="md" leftSection={<IconPencil size={18} />} style={{ flex: 1 }}>
                  {t('actions.edit')}
                </Button>
                <OwnerMenu id={p.id} state={p.state} onDeleted={() => navigate(paths.mySwapU)} />
              </Group>
            ) : (
              <Group gap="sm" grow data-tour="make-offer">
                {/* A preview shows a draft as buyers will see it once it is published. */}
                {p.state === 'published' || preview ? (
                  <Button
                    component={Link}
                    to={paths.offerItem(p.id)}
                    size="md"
                    onClick={(e: MouseEvent) => {
                      if (signedIn) return;
                      // A guest is asked to log in or sign up, then goes on to the offer editor.
                      e.preventDefault();
                      ask(paths.offerItem(p.id));
                    }}
                  >
                    {t('detail.makeOffer')}
                  </Button>
                ) : (
                  // Not open to offers: a disabled button, which the keyboard skips and screen readers
                  // announce as unavailable (a link merely greyed out stayed reachable).
                  <Button size="md" disabled>
                    {t('detail.makeOffer')}
                  </Button>
                )}
                <ChatRoomButton to={paths.chatWith(p.owner.id, p.id)} size="md" variant="default">
                  {t('actions.message')}
                </ChatRoomButton>
              </Group>
            )}
            {isOwner && <PaidFeatureOutcome />}
            <Group gap="sm">
              {isOwner && !banned && p.state === 'published' && <PaidFeatureButtons post={p} />}
              {!isOwner && !banned && <LikeButton post={p} />}
              {isOwner && p.likeCount > 0 && (
                <Text fz="sm" c="dimmed" data-testid="like-count">
                  {t('actions.likedBy', { count: p.likeCount })}
                </Text>
              )}
              <ShareButton post={p} />
              {!isOwner && !banned && <ReportButton post={p} />}
            </Group>
            {carbon > 0 && (
              <Group gap={8} c="swapu.8" wrap="nowrap">
                <IconLeaf size={20} aria-hidden="true" />
                <Text fz="sm" fw={600}>
                  {t('detail.carbon', { kg: formatNumber(carbon, lang) })}
                </Text>
              </Group>
            )}
            <Card padding="md">
              <Group wrap="nowrap">
                <Avatar color="swapu" radius="xl" size="lg" name={memberName(t, p.owner.displayName)} src={p.owner.avatarUrl} alt="" />
                <Stack gap={2}>
                  <Text fz="xs" c="dimmed">
                    {t('detail.owner')}
                  </Text>
                  <Text fw={700} data-testid="post-owner" data-user-content>
                    {memberName(t, p.owner.displayName)}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {[p.owner.suburb, p.owner.auState].filter(Boolean).join(', ')} ·{' '}
                    {t('detail.memberSince', {
                      date: dates.monthYear(p.owner.memberSince),
                    })}
                  </Text>
                  <Group gap={12} fz="sm" data-testid="owner-stats">
                    <Group gap={4}>
                      <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
                      <Text fz="sm">
                        {p.owner.rating === null
                          ? t('detail.noReviews')
                          : t('detail.rating', { rating: formatNumber(p.owner.rating, lang), count: p.owner.reviewsCount })}
                      </Text>
                    </Group>
                    <Text fz="sm">{t('detail.swapsCompleted', { count: p.owner.swapsCompleted })}</Text>
                  </Group>
                </Stack>
              </Group>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <div>
              <Title order={2} fz="lg" mb="xs">
                {t('detail.description')}
              </Title>
              <Text style={{ whiteSpace: 'pre-line' }} lh={1.7} data-user-content>
                {p.description}
              </Text>
            </div>
            <div>
              <Title order={2} fz="lg" mb="xs">
                {t('detail.details')}
              </Title>
              <Table variant="vertical" layout="fixed" withTableBorder data-testid="post-fields">
                <Table.Tbody>
                  {rows.map(([k, v]) => (
                    <Table.Tr key={k}>
                      <Table.Th w={{ base: 140, sm: 220 }}>{k}</Table.Th>
                      <Table.Td>{v}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
