import { Anchor, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams } from 'react-router';
import { OFFER_FILTERS, type OfferFilter } from '@swapu/shared/constants';
import { paths } from '@swapu/shared/paths';
import { NotFound } from '../../components/not-found';
import { OfferRows, OffersEmpty } from '../../features/offers/offer-list';
import { offerPaths } from '../../features/offers/offer-paths';
import { useOffers } from '../../features/offers/use-offers';

const isFilter = (v: string): v is OfferFilter => (OFFER_FILTERS as readonly string[]).includes(v);

function FilterList({ filter }: { filter: OfferFilter }) {
  const { t } = useTranslation('offers');
  const offers = useOffers(filter === 'sent' || filter === 'received' ? { box: filter } : { status: filter });
  return <OfferRows query={offers} empty={<OffersEmpty title={t(`status.empty.${filter}`)} />} />;
}

/** /swap-status and /swap-status/:filter: offers by where they stand. */
export default function SwapStatusPage() {
  const { filter = 'sent' } = useParams();
  const { t } = useTranslation('offers');
  const navigate = useNavigate();
  const list = useRef<HTMLDivElement>(null);
  // On a phone the tabs scroll sideways: keep the chosen one in view.
  useEffect(() => {
    list.current?.querySelector('[data-active]')?.scrollIntoView?.({ inline: 'center', block: 'nearest' });
  }, [filter]);
  if (!isFilter(filter)) return <NotFound />;
  return (
    <Container size="md" py="lg">
      <Stack gap={2} mb="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('status.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('status.intro')}{' '}
          <Anchor component={Link} to={paths.offers} fz="sm">
            {t('status.backToOffers')}
          </Anchor>
        </Text>
      </Stack>
      <Tabs value={filter} onChange={(v) => v && isFilter(v) && navigate(offerPaths.swapStatus(v), { replace: true })} keepMounted={false}>
        <Tabs.List ref={list} style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {OFFER_FILTERS.map((f) => (
            <Tabs.Tab key={f} value={f}>
              {t(`status.filters.${f}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={filter} pt="md">
          <FilterList filter={filter} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
