import { Badge, Card, Group, List, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCalendar,
  IconChevronDown,
  IconCircleX,
  IconMail,
  IconMessageCircle,
  IconShieldCheck,
  IconStar,
  IconTruckDelivery,
  IconUserPlus,
} from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import type { MemberReliability } from '@swapu/shared/reliability-api';
import { REPLY_WAIT_CAP_SECONDS, RELIABILITY_NEW_MIN_DAYS, RELIABILITY_NEW_MIN_SWAPS } from '@swapu/shared/reliability';
import { useTranslation } from '../../i18n/react';
import { useDates } from '../../lib/clock';
import { formatNumber } from '../../lib/format';
import { formatAge, formatWait, TIER_COLORS } from './reliability-text';

/** The badge's words: the tier, and the score when there is one. */
export function useTierLabel() {
  const { t } = useTranslation('profile');
  return (b: Pick<MemberReliability, 'tier' | 'score'>) =>
    b.score === null
      ? t(`reliability.tier.${b.tier}`)
      : t('reliability.badge.withScore', { tier: t(`reliability.tier.${b.tier}`), score: b.score });
}

function Fact({ icon, good, children }: { icon: ReactNode; good: boolean | null; children: ReactNode }) {
  return (
    <List.Item
      data-testid="reliability-fact"
      icon={
        <ThemeIcon size={24} radius="xl" variant="light" color={good === null ? 'gray' : good ? 'swapu' : 'orange'} aria-hidden="true">
          {icon}
        </ThemeIcon>
      }
    >
      <Text fz="sm">{children}</Text>
    </List.Item>
  );
}

/** Every fact a badge is built from, each in a sentence, and when they were worked out. */
export function ReliabilityFacts({ badge: b, own = false }: { badge: MemberReliability; own?: boolean }) {
  const { t, i18n } = useTranslation('profile');
  const lang = i18n.language;
  const dates = useDates();
  const f = b.facts;
  return (
    <Stack gap="xs">
      <List spacing={8} center data-testid="reliability-facts">
        <Fact icon={<IconArrowsExchange size={14} />} good={f.swapsCompleted > 0 ? true : null}>
          {t('reliability.facts.swapsCompleted', { count: f.swapsCompleted })}
        </Fact>
        <Fact icon={<IconCircleX size={14} />} good={f.cancelledAfterAccept === 0}>
          {f.cancelledAfterAccept
            ? t('reliability.facts.cancelled', { count: f.cancelledAfterAccept })
            : t('reliability.facts.noCancellations')}
        </Fact>
        <Fact icon={<IconMessageCircle size={14} />} good={f.medianReplySeconds === null ? null : f.medianReplySeconds <= 4 * 3600}>
          {f.medianReplySeconds === null
            ? t('reliability.facts.noReplies')
            : f.medianReplySeconds >= REPLY_WAIT_CAP_SECONDS
              ? t('reliability.facts.replyOverWeek')
              : t('reliability.facts.reply', { time: formatWait(f.medianReplySeconds, lang) })}
        </Fact>
        <Fact icon={<IconTruckDelivery size={14} />} good={f.deliveriesBooked ? f.deliveriesOnTime === f.deliveriesBooked : null}>
          {f.deliveriesBooked
            ? t('reliability.facts.deliveries', { onTime: f.deliveriesOnTime, booked: f.deliveriesBooked })
            : t('reliability.facts.noDeliveries')}
        </Fact>
        <Fact icon={<IconStar size={14} />} good={f.reviewsAverage === null ? null : f.reviewsAverage >= 4}>
          {f.reviewsCount && f.reviewsAverage !== null
            ? t('reliability.facts.reviews', { count: f.reviewsCount, average: formatNumber(f.reviewsAverage, lang) })
            : t('reliability.facts.noReviews')}
        </Fact>
        <Fact icon={<IconCalendar size={14} />} good={f.accountAgeDays >= RELIABILITY_NEW_MIN_DAYS}>
          {t('reliability.facts.age', { time: formatAge(f.accountAgeDays, lang) })}
        </Fact>
        <Fact icon={<IconMail size={14} />} good={f.emailVerified}>
          {f.emailVerified ? t('reliability.facts.emailVerified') : t('reliability.facts.emailNotVerified')}
        </Fact>
      </List>
      <Text fz="xs" c="dimmed">
        {b.score === null
          ? t('reliability.facts.newExplain', { swaps: RELIABILITY_NEW_MIN_SWAPS, days: RELIABILITY_NEW_MIN_DAYS })
          : t('reliability.facts.scoreExplain', { score: b.score })}{' '}
        {!own && (b.computedAt ? t('reliability.facts.updated', { time: dates.relative(b.computedAt) }) : t('reliability.facts.pending'))}
      </Text>
    </Stack>
  );
}

/** The badge as a pill (no button): a tier's colour, its icon and words. */
export function TierPill({ badge, size = 'lg' }: { badge: Pick<MemberReliability, 'tier' | 'score'>; size?: 'md' | 'lg' }) {
  const label = useTierLabel();
  return (
    <Badge
      size={size}
      radius="xl"
      variant="light"
      color={TIER_COLORS[badge.tier]}
      leftSection={badge.tier === 'new' ? <IconUserPlus size={14} aria-hidden="true" /> : <IconShieldCheck size={14} aria-hidden="true" />}
      tt="none"
      data-testid="reliability-tier"
    >
      {label(badge)}
    </Badge>
  );
}

/**
 * A member's reliability badge: a button showing the tier (and score); pressed, it opens the
 * facts behind it underneath (a disclosure, so it reads in order on a phone and to a screen reader).
 */
export function ReliabilityBadge({ badge, name }: { badge: MemberReliability; name: string }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Stack gap={6} align="flex-start" maw="100%" data-testid="reliability-badge" data-tier={badge.tier}>
      <UnstyledButton
        p={2}
        style={{ borderRadius: 999, minHeight: 32 }}
        aria-expanded={open}
        aria-controls={id}
        title={t('reliability.badge.show', { name })}
        onClick={() => setOpen((o) => !o)}
        data-testid="reliability-toggle"
      >
        <Group gap={4} wrap="nowrap">
          <TierPill badge={badge} />
          <IconChevronDown
            size={16}
            color="var(--mantine-color-dimmed)"
            style={{ transform: open ? 'rotate(180deg)' : undefined }}
            aria-hidden="true"
          />
        </Group>
      </UnstyledButton>
      {open && (
        <Card id={id} padding="sm" withBorder role="region" aria-label={t('reliability.facts.title', { name })} w="min(100%, 28rem)">
          <Text fw={700} fz="sm" mb={6}>
            {t('reliability.facts.title', { name })}
          </Text>
          <ReliabilityFacts badge={badge} />
        </Card>
      )}
    </Stack>
  );
}

/** While a badge loads: a pill's outline, named for screen readers. */
export function ReliabilitySkeleton() {
  const { t } = useTranslation('profile');
  return <Skeleton height={26} width={130} radius="xl" aria-label={t('reliability.badge.loading')} data-testid="reliability-loading" />;
}
