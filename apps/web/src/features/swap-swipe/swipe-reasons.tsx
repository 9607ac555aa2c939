import { Badge, Group } from '@mantine/core';
import { IconArrowsExchange, IconHeart, IconMapPin, IconScale, IconSparkles } from '@tabler/icons-react';
import { CATEGORIES } from '@swapu/shared/constants';
import type { SwipeReason, SwipeReasonKind } from '@swapu/shared/engagement';
import type { TFunction } from '../../i18n/core';
import { useTranslation } from '../../i18n/react';
import { formatDistance } from '../../lib/format';

/**
 * A category's name inside a sentence ("Wants bicycles — you have one"): lower-cased at the
 * start unless it begins with an acronym or a number ("4x4s and utes", "LEGO").
 */
function categoryInSentence(t: TFunction, slug: string): string {
  if (!(CATEGORIES as readonly string[]).includes(slug)) return slug;
  const name = t(`categories:names.${slug}`);
  const [first = '', second = ''] = name;
  return second && second === second.toLowerCase() ? first.toLowerCase() + name.slice(1) : name;
}

/** What a reason names: a category (by its name), else a wished-for word. */
const subject = (t: TFunction, r: SwipeReason) => (r.category ? categoryInSentence(t, r.category) : (r.keyword ?? ''));

/** Why a card was suggested, in words: "Wants bicycles — you have one", "12 km away", "Similar value". */
export function reasonText(t: TFunction, r: SwipeReason, locale: string): string {
  switch (r.kind) {
    case 'wants_yours': {
      const what = subject(t, r);
      return what ? t('swapSwipe:reason.wantsYours', { what }) : t('swapSwipe:reason.wantsYoursAny');
    }
    case 'wish': {
      const what = subject(t, r);
      return what ? t('swapSwipe:reason.wish', { what }) : t('swapSwipe:reason.wishAny');
    }
    case 'near':
      return r.km != null ? t('swapSwipe:reason.near', { distance: formatDistance(r.km, locale) }) : t('swapSwipe:reason.nearAny');
    case 'similar_value':
      return t('swapSwipe:reason.similarValue');
    case 'fresh':
      return t('swapSwipe:reason.fresh');
  }
}

const ICONS: Record<SwipeReasonKind, typeof IconHeart> = {
  wants_yours: IconArrowsExchange,
  wish: IconHeart,
  near: IconMapPin,
  similar_value: IconScale,
  fresh: IconSparkles,
};
/** The strongest reasons (a swap both people asked for) stand out; the rest are quieter. */
const COLORS: Record<SwipeReasonKind, string> = {
  wants_yours: 'swapu',
  wish: 'swapu',
  near: 'gray',
  similar_value: 'gray',
  fresh: 'orange',
};

/** The reasons of a card as a row of chips, in the order the server ranked them. */
export function ReasonChips({ reasons, size = 'md' }: { reasons: SwipeReason[]; size?: 'sm' | 'md' }) {
  const { t, i18n } = useTranslation(['swapSwipe', 'categories']);
  if (reasons.length === 0) return null;
  return (
    <Group
      gap={6}
      component="ul"
      aria-label={t('deck.why')}
      data-testid="swipe-reasons"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {reasons.map((r, i) => {
        const Icon = ICONS[r.kind];
        return (
          <Badge
            key={`${r.kind}-${i}`}
            component="li"
            size={size === 'sm' ? 'sm' : 'md'}
            radius="xl"
            variant="light"
            color={COLORS[r.kind]}
            tt="none"
            fw={600}
            leftSection={<Icon size={14} aria-hidden="true" />}
            data-testid="swipe-reason"
            styles={{
              root: { maxWidth: '100%', height: 'auto', minHeight: 26, paddingBlock: 3 },
              label: { whiteSpace: 'normal', textAlign: 'start' },
            }}
          >
            {reasonText(t, r, i18n.language)}
          </Badge>
        );
      })}
    </Group>
  );
}
