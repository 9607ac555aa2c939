import { Button, Card, Container, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconTruckDelivery } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Shippable } from '@swapu/shared/delivery-api';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { DeliveryPageHeader, DeliveryStateBadge, deliveryPaths, ItemPhoto } from '../../features/delivery/delivery-text';
import { useShippable } from '../../features/delivery/use-deliveries';
import { useTranslation } from '../../i18n/react';
import { memberName } from '../../lib/member-name';
import { usePageMeta } from '../../lib/use-page-meta';

/** One item of a swap that can be shipped: who sends it to whom, its delivery's state, and the way to it. */
function ShippableRow({ item: s }: { item: Shippable }) {
  const { t } = useTranslation('delivery');
  const to = deliveryPaths.order(s.postId, s.offerId, s.receiver.userId);
  return (
    <Card padding="sm" data-testid="shippable-row">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ItemPhoto url={s.photoUrl} size={72} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700} lineClamp={2} lh={1.3}>
              {s.postTitle}
            </Text>
            {s.delivery && <DeliveryStateBadge state={s.delivery.state} />}
          </Group>
          <Text fz="sm" c="dimmed">
            {s.viewerIsSender
              ? t('swap.youSend', { name: memberName(t, s.receiver.name) })
              : t('swap.theySend', { name: memberName(t, s.sender.name) })}
          </Text>
          <Button
            component={Link}
            to={to}
            size="compact-md"
            variant={s.delivery ? 'light' : 'filled'}
            leftSection={<IconTruckDelivery size={16} />}
            w="fit-content"
          >
            {s.delivery ? t('swap.view') : t('swap.arrange')}
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

/** /delivery-swap: the items of my accepted and completed swaps, each with a courier to arrange or a delivery to follow. */
export default function DeliverySwapPage() {
  const { t } = useTranslation(['delivery', 'errors']);
  usePageMeta({ title: `${t('meta.swap')} | SwapU`, description: t('meta.swapDescription') });
  const items = useShippable();
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <DeliveryPageHeader
          title={t('swap.title')}
          intro={t('swap.intro')}
          link={{ to: deliveryPaths.myDelivery, label: t('swap.myDeliveries') }}
        />
        <Stack gap="sm" aria-busy={items.isPending} data-testid="shippable-list">
          {items.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={112} radius="lg" />)}
          {items.isError && <LoadError onRetry={() => void items.refetch()} />}
          {items.data?.length === 0 && (
            <Card padding="xl" ta="center" data-testid="shippable-empty">
              <Stack align="center" gap="xs">
                <ThemeIcon size={56} radius="xl" variant="light">
                  <IconArrowsExchange size={28} />
                </ThemeIcon>
                <Text fw={700}>{t('swap.emptyTitle')}</Text>
                <Text fz="sm" c="dimmed" maw={420}>
                  {t('swap.emptyBody')}
                </Text>
                <Button component={Link} to={paths.offers} variant="light" mt="xs">
                  {t('swap.toOffers')}
                </Button>
              </Stack>
            </Card>
          )}
          {items.data?.map((s) => (
            <ShippableRow key={`${s.offerId}-${s.postId}`} item={s} />
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
