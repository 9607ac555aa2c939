import { Anchor, Badge, Group, Image, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackage, IconTruckDelivery } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DeliveryState, DeliveryStatusFilter } from '@swapu/shared/delivery-api';
import { useTranslation } from '../../i18n/react';
import { dateTimeFormat } from '@swapu/shared/intl';

/**
 * The delivery screens' addresses (spec section 2). The shared `paths` table does not list them
 * yet; they belong there beside `swapStatusFilter`.
 */
export const deliveryPaths = {
  deliverySwap: '/delivery-swap',
  myDelivery: '/my-delivery',
  myDeliveryStatus: (status: DeliveryStatusFilter) => `/my-delivery-status/${encodeURIComponent(status)}`,
  /** An item's order page: its form, or its delivery once one is arranged. */
  order: (postId: string, offerId: string, receiverId: string) =>
    `/my-delivery/${encodeURIComponent(postId)}/${encodeURIComponent(offerId)}/${encodeURIComponent(receiverId)}`,
} as const;

const STATE_COLOR: Record<DeliveryState, string> = {
  awaiting_payment: 'yellow',
  replaced: 'gray',
  booking: 'blue',
  label_created: 'cyan',
  shipped: 'indigo',
  in_transit: 'violet',
  delivered: 'swapu',
  cancelled: 'gray',
  failed: 'red',
};

/** A delivery's state as a coloured badge ("Label created", "In transit", …). */
export function DeliveryStateBadge({ state, size = 'sm' }: { state: DeliveryState; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('delivery');
  return (
    <Badge size={size} variant="light" color={STATE_COLOR[state]} style={{ flexShrink: 0 }} data-testid="delivery-state">
      {t(`state.${state}`)}
    </Badge>
  );
}

/** The item's photo, or a parcel when it has none. */
export function ItemPhoto({ url, size }: { url: string | null; size: number }) {
  return url ? (
    <Image src={url} alt="" w={size} h={size} radius="md" style={{ flexShrink: 0 }} />
  ) : (
    <ThemeIcon size={size} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }}>
      <IconPackage size={Math.round(size / 3)} aria-hidden="true" />
    </ThemeIcon>
  );
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD, or the date of a timestamp) as people read dates: "Wed 25 Nov". */
export const formatDay = (day: string, locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(YMD.test(day) ? { timeZone: 'UTC' } : {}),
  }).format(new Date(YMD.test(day) ? `${day}T00:00:00Z` : day));

/** The time of day of a timestamp: "14:05" (or "2:05 pm", as the locale writes it). */
export const formatTime = (iso: string, locale: string) =>
  dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** Is a calendar day (YYYY-MM-DD) a Saturday or Sunday? */
export const isWeekend = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 || d === 6;
};

/** The delivery pages' heading: the truck, the title, a line of introduction and a link to the other list. */
export function DeliveryPageHeader({ title, intro, link }: { title: string; intro: string; link: { to: string; label: string } }) {
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light">
          <IconTruckDelivery size={22} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
      </Group>
      <Text c="dimmed" fz="sm">
        {intro}{' '}
        <Anchor component={Link} to={link.to} fz="sm">
          {link.label}
        </Anchor>
      </Text>
    </Stack>
  );
}
