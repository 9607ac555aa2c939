import { Button, Card, Container, Group, Skeleton, Stack, Tabs, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconPackage } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Delivery } from '@swapu/shared/delivery-api';
import { DELIVERY_STATUS_FILTERS, type DeliveryStatusFilter } from '@swapu/shared/delivery';
import { NotFound } from '../../components/not-found';
import { LoadError } from '../../components/load-error';
import { DeliveryPageHeader, DeliveryStateBadge, deliveryPaths, formatDay, ItemPhoto } from '../../features/delivery/delivery-text';
import { useDeliveries } from '../../features/delivery/use-deliveries';
import { useTranslation } from '../../i18n/react';
import { memberName } from '../../lib/member-name';
import { usePageMeta } from '../../lib/use-page-meta';

/** The URL's status words, in the order the tabs show them. */
const FILTERS = Object.keys(DELIVERY_STATUS_FILTERS) as DeliveryStatusFilter[];

const ALL = 'all' as const;
type Tab = DeliveryStatusFilter | typeof ALL;
const isFilter = (v: string): v is DeliveryStatusFilter => (FILTERS as readonly string[]).includes(v);

/** Where a row leads: the item's order page, which shows its live delivery; an ended one is named in the query. */
const rowPath = (d: Delivery) => {
  const order = deliveryPaths.order(d.postId, d.offerId, d.receiver.userId);
  return d.state === 'cancelled' || d.state === 'failed' ? `${order}?delivery=${encodeURIComponent(d.id)}` : order;
};

function DeliveryRow({ d }: { d: Delivery }) {
  const { t, i18n } = useTranslation('delivery');
  const lang = i18n.language;
  const other = d.viewerIsSender ? d.receiver : d.sender;
  const deliveredAt = d.state === 'delivered' ? d.events.findLast((e) => e.state === 'delivered')?.at : undefined;
  const when =
    d.state === 'delivered'
      ? t('list.deliveredOn', { date: formatDay(deliveredAt ?? d.estimatedDelivery, lang) })
      : d.state === 'cancelled' || d.state === 'failed'
        ? null
        : t('list.arrives', { date: formatDay(d.estimatedDelivery, lang) });
  return (
    <UnstyledButton component={Link} to={rowPath(d)} display="block" data-testid="delivery-row">
      <Card padding="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <ItemPhoto url={d.photoUrl} size={64} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} lineClamp={2} lh={1.3}>
                {d.postTitle}
              </Text>
              <DeliveryStateBadge state={d.state} />
            </Group>
            <Text fz="sm" truncate>
              {d.viewerIsSender ? t('list.to', { name: memberName(t, other.name) }) : t('list.from', { name: memberName(t, other.name) })}
              {other.suburb ? ` · ${other.suburb}` : ''}
            </Text>
            {when && (
              <Text fz="xs" c="dimmed">
                {when}
              </Text>
            )}
          </Stack>
          <IconChevronRight
            size={18}
            color="var(--mantine-color-gray-5)"
            aria-hidden="true"
            style={{ alignSelf: 'center', flexShrink: 0 }}
          />
        </Group>
      </Card>
    </UnstyledButton>
  );
}

function DeliveryList({ tab }: { tab: Tab }) {
  const { t } = useTranslation('delivery');
  const list = useDeliveries(tab === ALL ? undefined : tab);
  return (
    <Stack gap="sm" aria-busy={list.isPending} data-testid="delivery-list">
      {list.isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={96} radius="lg" />)}
      {list.isError && <LoadError onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && (
        <Card padding="xl" ta="center" data-testid="deliveries-empty">
          <Stack align="center" gap="xs">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconPackage size={28} />
            </ThemeIcon>
            <Text fw={700}>{t(`list.empty.${tab}`)}</Text>
            {tab === ALL && (
              <>
                <Text fz="sm" c="dimmed" maw={420}>
                  {t('list.emptyHint')}
                </Text>
                <Button component={Link} to={deliveryPaths.deliverySwap} variant="light" mt="xs">
                  {t('list.arrange')}
                </Button>
              </>
            )}
          </Stack>
        </Card>
      )}
      {list.data?.map((d) => (
        <DeliveryRow key={d.id} d={d} />
      ))}
    </Stack>
  );
}

/** /my-delivery and /my-delivery-status/:status: the parcels I send and receive, all or by where they stand. */
export default function MyDeliveryPage() {
  const { status } = useParams();
  const { t } = useTranslation(['delivery', 'errors']);
  usePageMeta({ title: `${t('meta.list')} | SwapU`, description: t('meta.listDescription') });
  const navigate = useNavigate();
  const tabs = useRef<HTMLDivElement>(null);
  const tab: Tab | null = status === undefined ? ALL : isFilter(status) ? status : null;
  // On a phone the tabs scroll sideways: keep the chosen one in view.
  useEffect(() => {
    tabs.current?.querySelector('[data-active]')?.scrollIntoView?.({ inline: 'center', block: 'nearest' });
  }, [tab]);
  if (tab === null) return <NotFound />;
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <DeliveryPageHeader
          title={t('list.title')}
          intro={t('list.intro')}
          link={{ to: deliveryPaths.deliverySwap, label: t('list.arrange') }}
        />
        <Tabs
          value={tab}
          onChange={(v) => {
            if (v === ALL) void navigate(deliveryPaths.myDelivery, { replace: true });
            else if (v && isFilter(v)) void navigate(deliveryPaths.myDeliveryStatus(v), { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List ref={tabs} style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {[ALL, ...FILTERS].map((f) => (
              <Tabs.Tab key={f} value={f} style={{ whiteSpace: 'nowrap' }}>
                {t(`list.filters.${f}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="md">
            <DeliveryList tab={tab} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
