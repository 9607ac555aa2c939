import { Alert, Anchor, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStar } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { NotFound } from '../../components/not-found';
import { ItemThumb } from '../../features/offers/offer-editor';
import { OfferRows, OffersEmpty } from '../../features/offers/offer-list';
import { offerPaths } from '../../features/offers/offer-paths';
import { otherParty } from '../../features/offers/offer-text';
import { useOffer, useOffers } from '../../features/offers/use-offers';
import { ReviewForm } from '../../features/reviews/review-form';
import { ApiError } from '../../lib/api';
import { memberName } from '../../lib/member-name';
import { useSession } from '../../lib/use-session';

/** /review-swap: completed swaps the person has not reviewed yet. */
function AwaitingReview() {
  const { t } = useTranslation('offers');
  const completed = useOffers({ status: 'completed' });
  const { userId } = useSession();
  return (
    <Container size="md" py="lg">
      <Stack gap={2} mb="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('reviewPage.listTitle')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('reviewPage.listIntro')}
        </Text>
      </Stack>
      <OfferRows
        query={completed}
        filter={(o) => !o.reviewedByMe}
        empty={
          <OffersEmpty
            title={t('reviewPage.emptyTitle')}
            body={t('reviewPage.emptyBody')}
            cta={
              <Button component={Link} to={paths.offers} variant="light" mt="xs">
                {t('reviewPage.toOffers')}
              </Button>
            }
          />
        }
        action={(o) => (
          <Button
            component={Link}
            to={offerPaths.reviewSwap(o.id)}
            size="compact-sm"
            variant="light"
            leftSection={<IconStar size={14} />}
            w="fit-content"
          >
            {t('detail.review', { name: memberName(t, otherParty(o, userId).displayName) })}
          </Button>
        )}
      />
    </Container>
  );
}

/** /review-swap/:keyPair — rate the other person of a completed swap (keyPair is the offer id). */
function ReviewOne({ offerId }: { offerId: string }) {
  const { t } = useTranslation(['offers', 'errors', 'common']);
  const offer = useOffer(offerId);
  const { userId } = useSession();
  const navigate = useNavigate();
  if (offer.isPending)
    return (
      <Container size="sm" py="lg">
        <Skeleton height={36} width="60%" />
        <Skeleton height={240} mt="lg" radius="lg" />
      </Container>
    );
  if (offer.isError)
    return offer.error instanceof ApiError && offer.error.status === 404 ? (
      <NotFound />
    ) : (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title={t('errors:generic')}>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void offer.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      </Container>
    );
  const o = offer.data;
  const other = otherParty(o, userId);
  const name = memberName(t, other.displayName);
  const back = (
    <Anchor component={Link} to={offerPaths.swapOffer(o.id)}>
      {t('reviewPage.backToSwap')}
    </Anchor>
  );
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('detail.review', { name })}
        </Title>
        <Card padding="sm">
          <Group wrap="nowrap" gap="sm">
            <ItemThumb url={o.post.thumbUrl} size={56} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fz="xs" c="dimmed">
                {t('reviewPage.yourSwap')}
              </Text>
              <Text fw={700} lineClamp={1}>
                {o.post.title}
              </Text>
            </Stack>
          </Group>
        </Card>
        {o.state !== 'completed' ? (
          <Alert color="yellow">
            {t('reviewPage.notCompleted')} {back}
          </Alert>
        ) : o.reviewedByMe ? (
          <Alert color="swapu">
            {t('detail.reviewed', { name })} {back}
          </Alert>
        ) : (
          <ReviewForm
            offerId={o.id}
            name={name}
            onDone={() => {
              notifications.show({ color: 'swapu', message: t('reviewPage.thanks', { name }) });
              navigate(paths.userDetail(other.id));
            }}
          />
        )}
      </Stack>
    </Container>
  );
}

export default function ReviewSwapPage() {
  const { keyPair } = useParams();
  return keyPair ? <ReviewOne offerId={keyPair} /> : <AwaitingReview />;
}
