import { Alert, Anchor, Badge, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link, useParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { NotFound } from '../../components/not-found';
import { OfferHistory } from '../../features/offers/offer-history';
import { stateLabel } from '../../features/offers/offer-text';
import { useOffer } from '../../features/offers/use-offers';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatRelative } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { useSession } from '../../lib/use-session';
import { PartiesReliability } from '../../features/reliability/member-reliability';
import classes from '../../features/offers/offer-deal.module.css';

import { Chain, Deal, Status } from '../../features/offers/offer-deal';
import { FairSwapMeter } from '../../features/offers/fair-swap-meter-lazy';

export default function SwapOfferPage() {
  const { offerId = '' } = useParams();
  const { t, i18n } = useTranslation(['offers', 'errors', 'common']);
  const offer = useOffer(offerId);
  const { userId } = useSession();

  if (offer.isPending)
    return (
      <Container size="lg" py="lg">
        <Stack>
          <Skeleton height={36} width="60%" />
          <Skeleton height={20} width="40%" />
          <Skeleton height={320} radius="lg" />
        </Stack>
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
  const badge = stateLabel(o);
  // An accepted or completed swap's items can be sent by courier (issue 17).
  const party = userId === o.offerer.id || userId === o.owner.id;
  const shippable = (o.state === 'accepted' || o.state === 'completed') && party;
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Stack gap={6}>
          <Anchor component={Link} to={paths.offers} fz="sm">
            {t('detail.allOffers')}
          </Anchor>
          <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
            {t('detail.title', { title: o.post.title })}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={badge.color} data-testid="offer-state">
              {t(badge.key)}
            </Badge>
            <Text fz="sm" c="dimmed" title={formatDateTime(o.createdAt, i18n.language)}>
              {t(o.proposedBy === 'offerer' ? 'detail.byOfferer' : 'detail.byOwner', {
                name: memberName(t, (o.proposedBy === 'offerer' ? o.offerer : o.owner).displayName),
                time: formatRelative(o.createdAt, i18n.language),
              })}
            </Text>
          </Group>
          {shippable && (
            <Button
              component={Link}
              to="/delivery-swap"
              variant="light"
              size="compact-md"
              w="fit-content"
              leftSection={<IconTruckDelivery size={16} />}
              data-testid="arrange-delivery"
            >
              {t('common:nav.arrangeDelivery')}
            </Button>
          )}
        </Stack>
        <PartiesReliability
          parties={(userId === o.offerer.id ? [o.owner] : userId === o.owner.id ? [o.offerer] : [o.offerer, o.owner]).map((p) => ({
            id: p.id,
            name: memberName(t, p.displayName),
          }))}
        />
        <Chain offer={o} />
        <div className={classes.offerLayout}>
          <Stack gap="lg" className={classes.deal}>
            <Deal offer={o} viewerId={userId} />
            {/* Asked for on its own, after the offer: the offer never waits for it. */}
            {party && <FairSwapMeter source={{ kind: 'offer', offerId: o.id }} />}
          </Stack>
          <Status offer={o} viewerId={userId} />
          <Card padding="md" className={classes.history}>
            <Title order={2} fz="lg" mb="md">
              {t('detail.history')}
            </Title>
            <OfferHistory offer={o} />
          </Card>
        </div>
      </Stack>
    </Container>
  );
}
