import { Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCheck,
  IconClock,
  IconFlag,
  IconMessageCircle,
  IconPackageImport,
  IconRepeat,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Offer } from '@swapu/shared/offers';
import { formatDateTime, formatRelative } from '../../lib/format';
import { memberName } from '../../lib/member-name';

const ICONS: Record<string, ReactNode> = {
  accept: <IconCheck size={12} />,
  decline: <IconX size={12} />,
  withdraw: <IconX size={12} />,
  counter: <IconRepeat size={12} />,
  resubmit: <IconRepeat size={12} />,
  suggest_change: <IconMessageCircle size={12} />,
  confirm_receipt: <IconPackageImport size={12} />,
  report_problem: <IconFlag size={12} />,
  expire: <IconClock size={12} />,
};

/** What happened to an offer, oldest first: who did what, with their message, when. */
export function OfferHistory({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation('offers');
  const nameOf = (id: string | null) =>
    id === offer.offerer.id
      ? memberName(t, offer.offerer.displayName)
      : id === offer.owner.id
        ? memberName(t, offer.owner.displayName)
        : t('history.system');
  const events = [...offer.history].sort((a, b) => a.at.localeCompare(b.at));
  if (events.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Timeline active={events.length - 1} bulletSize={22} lineWidth={2} data-testid="offer-history">
      {events.map((e) => (
        <Timeline.Item
          key={e.id}
          bullet={
            <ThemeIcon
              size={22}
              radius="xl"
              variant="filled"
              color={e.transition === 'decline' || e.transition === 'report_problem' ? 'red' : 'swapu'}
            >
              {ICONS[e.transition] ?? <IconArrowsExchange size={12} />}
            </ThemeIcon>
          }
          title={
            <Text fz="sm" fw={600}>
              {t([`history.${e.transition}`, 'history.other'], {
                name: nameOf(e.actorId),
                state: t([`state.${e.toState}`, 'history.unknownState']),
              })}
            </Text>
          }
        >
          {e.message && (
            <Text fz="sm" style={{ whiteSpace: 'pre-line' }} mt={2}>
              “<span data-user-content>{e.message}</span>”
            </Text>
          )}
          <Text fz="xs" c="dimmed" mt={2} title={formatDateTime(e.at, i18n.language)}>
            {formatRelative(e.at, i18n.language)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
