import { Alert, Anchor, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { NotFound } from '../../components/not-found';
import { useMe } from '../../features/auth/use-me';
import { ItemThumb, OfferEditor } from '../../features/offers/offer-editor';
import { emptyDraft } from '../../features/offers/offer-funnel';
import { offerPaths } from '../../features/offers/offer-paths';
import { useCreateOffer, useMyPublishedItems } from '../../features/offers/use-offers';
import { usePost } from '../../features/posts/use-post';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { useFunnel } from '../../lib/use-funnel';

/**
 * /offer-item/:postId — make an offer on someone's listing in five steps. `?with={myPostId}`
 * starts with that item of mine chosen (a goal's one-tap offer), when it is one of my live items.
 */
export default function OfferItemPage() {
  const { postId = '' } = useParams();
  const preselect = useSearchParams()[0].get('with');
  const { t, i18n } = useTranslation(['offers', 'errors', 'common']);
  const navigate = useNavigate();
  const post = usePost(postId);
  const me = useMe();
  const mine = useMyPublishedItems();
  const create = useCreateOffer();
  const funnel = useFunnel('swap_offer');

  // With an item to preselect, the editor waits for my items: it reads its first draft once.
  if (post.isPending || me.isPending || (preselect && mine.isPending))
    return (
      <Container size="md" py="lg">
        <Stack>
          <Skeleton height={36} width="60%" />
          <Skeleton height={88} radius="lg" />
          <Skeleton height={280} radius="lg" />
        </Stack>
      </Container>
    );
  if (post.isError && post.error instanceof ApiError && post.error.status === 404) return <NotFound />;
  if (post.isError || me.isError)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title={t('errors:generic')}>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void Promise.all([post.refetch(), me.refetch()])}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      </Container>
    );

  const p = post.data;
  const own = p.owner.id === me.data.id;
  const blocked = own ? t('new.ownPost') : p.state !== 'published' ? t('new.notAvailable') : null;
  const offerer = { id: me.data.id, displayName: me.data.displayName, avatarUrl: me.data.avatarUrl };
  const owner = { id: p.owner.id, displayName: p.owner.displayName, avatarUrl: p.owner.avatarUrl };

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('new.title')}
        </Title>
        <Card padding="sm" data-testid="offer-target">
          <Group wrap="nowrap" gap="sm">
            <ItemThumb url={p.images[0]?.thumbUrl ?? null} size={64} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={paths.viewPost(p.id)} fw={700} c="dark.7" lineClamp={1}>
                {p.title}
              </Anchor>
              <Text fz="sm" c="dimmed">
                {t('new.ownerAndValue', { name: memberName(t, p.owner.displayName), value: formatMoney(p.cashValueCents, i18n.language) })}
              </Text>
            </Stack>
          </Group>
        </Card>
        {blocked ? (
          <Alert color="yellow" role="alert">
            {blocked}{' '}
            <Anchor component={Link} to={paths.viewPost(p.id)}>
              {t('new.backToItem')}
            </Anchor>
          </Alert>
        ) : (
          <OfferEditor
            items={mine.data ?? []}
            itemsLoading={mine.isPending}
            noItems={
              <Card padding="lg" ta="center">
                <Stack align="center" gap="xs">
                  <Text fw={700}>{mine.isError ? t('errors:generic') : t('items.none')}</Text>
                  <Text fz="sm" c="dimmed">
                    {t('items.noneHint')}
                  </Text>
                  <Button component={Link} to={paths.create} variant="light" leftSection={<IconPlus size={16} />}>
                    {t('items.listOne')}
                  </Button>
                </Stack>
              </Card>
            }
            initial={{ ...emptyDraft(), itemIds: preselect && mine.data?.some((i) => i.id === preselect) ? [preselect] : [] }}
            openToSelling={p.openToSelling}
            offerer={offerer}
            owner={owner}
            viewerId={me.data.id}
            submitLabel={t('new.send')}
            submitting={create.isPending}
            serverError={create.error instanceof ApiError ? create.error.code : create.error ? 'generic' : null}
            onStep={funnel.step}
            fairness={{ kind: 'draft', postId: p.id }}
            onSubmit={(terms) =>
              create.mutate(
                { postId: p.id, ...terms },
                {
                  onSuccess: (offer) => {
                    funnel.complete();
                    notifications.show({ color: 'swapu', message: t('new.sent', { name: memberName(t, p.owner.displayName) }) });
                    navigate(offerPaths.swapOffer(offer.id));
                  },
                },
              )
            }
          />
        )}
      </Stack>
    </Container>
  );
}
