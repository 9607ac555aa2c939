import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconLink, IconMapPin, IconPhotoOff, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PostCard } from '@swapu/shared/api';
import type { DeckCard } from '@swapu/shared/engagement';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { formatDistance, formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { ReasonChips } from './swipe-reasons';
import classes from './swap-swipe.module.css';

/** Tooltips on a pointer's hover only: a tapped or clicked button keeps focus, and its tip would stay over the card. */
export const HOVER_ONLY = { hover: true, focus: false, touch: false } as const;

/** How wide a card's photo is drawn: the deck is at most 420 px wide. */
export const CARD_IMAGE_SIZES = '(min-width: 30em) 420px, 100vw';

/** An item as a card shows it: any listing, with what a deck adds when it has it. */
export type SwipeCardItem = PostCard & Partial<Pick<DeckCard, 'distanceKm' | 'reasons' | 'ownerName'>>;

/**
 * One suggested item as the deck shows it: the photo with its value, the title, where it is and
 * whose, and why it was suggested. `stamps` shows the "Like"/"Pass" marks a drag fades in;
 * `links` go in the photo's corner (the item's page, the pairing's link).
 */
export function SwipeCard({
  card,
  stamps = false,
  priority = false,
  links,
}: {
  card: SwipeCardItem;
  stamps?: boolean;
  priority?: boolean;
  links?: ReactNode;
}) {
  const { t, i18n } = useTranslation(['swapSwipe', 'posts']);
  const lang = i18n.language;
  const place = [card.suburb, card.auState].filter(Boolean).join(', ');
  // A card that gives its distance as a reason ("12 km away") says it once.
  const km = card.reasons?.some((r) => r.kind === 'near') ? null : card.distanceKm;
  return (
    <div className={classes.card}>
      <div className={classes.photo}>
        {card.thumbUrl ? (
          <img
            src={card.thumbUrl}
            srcSet={card.thumbSrcSet ?? undefined}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            draggable={false}
            decoding="async"
            fetchPriority={priority ? 'high' : 'auto'}
          />
        ) : (
          <div className={classes.noPhoto}>
            <IconPhotoOff size={36} aria-hidden="true" />
            <Text fz="sm">{t('posts:card.noPhoto')}</Text>
          </div>
        )}
        <Badge className={classes.priceTag} size="xl" radius="md" variant="white" c="swapu.9" tt="none" fw={800}>
          {formatMoney(card.cashValueCents, lang)}
        </Badge>
        <Badge className={classes.conditionTag} size="md" radius="sm" variant="white" c="dark.6" tt="none" fw={600}>
          {t(`posts:condition.${card.condition}`)}
        </Badge>
        {card.boosted && (
          <Badge pos="absolute" top={12} left={12} color="yellow" c="dark" variant="filled" size="sm">
            {t('posts:card.boosted')}
          </Badge>
        )}
        {links && <div className={classes.links}>{links}</div>}
        {stamps && (
          <>
            <span className={`${classes.stamp} ${classes.stampLike}`} aria-hidden="true">
              {t('deck.like')}
            </span>
            <span className={`${classes.stamp} ${classes.stampPass}`} aria-hidden="true">
              {t('deck.pass')}
            </span>
          </>
        )}
      </div>
      <Stack gap={8} className={classes.body}>
        <Stack gap={2}>
          <Text component="h2" fw={700} fz="lg" lh={1.25} lineClamp={2} c="dark.7" m={0} data-testid="swipe-card-title" data-user-content>
            {card.title}
          </Text>
          <Group gap={12} c="dimmed" style={{ rowGap: 2 }}>
            {(place || km != null) && (
              <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconMapPin size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
                <Text fz="sm" truncate>
                  {[place, km != null ? formatDistance(km, lang) : null].filter(Boolean).join(' · ')}
                </Text>
              </Group>
            )}
            {card.ownerName && (
              <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                <IconUser size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
                <Text fz="sm" truncate data-user-content>
                  {memberName(t, card.ownerName)}
                </Text>
              </Group>
            )}
            {card.openToSelling && (
              <Badge size="sm" variant="light" color="swapu" tt="none" fw={600} style={{ flexShrink: 0 }}>
                {t('posts:card.openToSelling')}
              </Badge>
            )}
          </Group>
        </Stack>
        {card.reasons && <ReasonChips reasons={card.reasons} />}
      </Stack>
    </div>
  );
}

/** The card's links, as round buttons in the photo's corner: the item's own page, and (for my deck) this pairing's page. */
export function CardLinks({ card, fromPostId }: { card: DeckCard; fromPostId?: string }) {
  const { t } = useTranslation('swapSwipe');
  return (
    <>
      <Tooltip label={t('deck.viewItem')} openDelay={300} events={HOVER_ONLY}>
        <ActionIcon
          component={Link}
          to={paths.viewPost(card.id)}
          size={36}
          radius={999}
          variant="white"
          color="dark"
          aria-label={t('deck.viewItem')}
        >
          <IconInfoCircle size={20} />
        </ActionIcon>
      </Tooltip>
      {fromPostId && (
        <Tooltip label={t('deck.share')} openDelay={300} events={HOVER_ONLY}>
          <ActionIcon
            component={Link}
            to={paths.swapSwipePairing(fromPostId, card.id)}
            size={36}
            radius={999}
            variant="white"
            color="dark"
            aria-label={t('deck.share')}
          >
            <IconLink size={20} />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );
}
