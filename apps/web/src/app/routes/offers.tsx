import { Anchor, Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { OfferRows, OffersEmpty } from '../../features/offers/offer-list';
import { offerPaths } from '../../features/offers/offer-paths';
import { useOffers } from '../../features/offers/use-offers';

const BOXES = ['received', 'sent'] as const;
type Box = (typeof BOXES)[number];
const isBox = (v: string | null): v is Box => v === 'sent' || v === 'received';

function BoxList({ box }: { box: Box }) {
  const { t } = useTranslation('offers');
  const offers = useOffers({ box });
  return (
    <OfferRows
      query={offers}
      empty={
        box === 'sent' ? (
          <OffersEmpty
            title={t('list.emptySent')}
            body={t('list.emptySentHint')}
            cta={
              <Button component={Link} to={paths.home} variant="light" mt="xs">
                {t('list.browse')}
              </Button>
            }
          />
        ) : (
          <OffersEmpty
            title={t('list.emptyReceived')}
            body={t('list.emptyReceivedHint')}
            cta={
              <Button component={Link} to={paths.create} variant="light" mt="xs">
                {t('list.listItem')}
              </Button>
            }
          />
        )
      }
    />
  );
}

/** /offers and /swap-offer: the offers the person received and sent. */
export default function OffersPage() {
  const { t } = useTranslation('offers');
  const [params, setParams] = useSearchParams();
  const box: Box = isBox(params.get('tab')) ? (params.get('tab') as Box) : 'received';
  return (
    <Container size="md" py="lg">
      <Group justify="space-between" align="flex-end" mb="md" gap="xs">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('list.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('list.intro')}
          </Text>
        </Stack>
        <Group gap="md">
          <Anchor component={Link} to={paths.swapStatus} fz="sm">
            {t('list.allStatuses')}
          </Anchor>
          <Anchor component={Link} to={offerPaths.reviewSwap()} fz="sm">
            {t('list.toReview')}
          </Anchor>
          <Anchor component={Link} to="/delivery-swap" fz="sm">
            {t('common:nav.arrangeDelivery')}
          </Anchor>
        </Group>
      </Group>
      <Tabs value={box} onChange={(v) => isBox(v) && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List grow>
          {BOXES.map((b) => (
            <Tabs.Tab key={b} value={b}>
              {t(`list.tabs.${b}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {BOXES.map((b) => (
          <Tabs.Panel key={b} value={b} pt="md">
            <BoxList box={b} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
