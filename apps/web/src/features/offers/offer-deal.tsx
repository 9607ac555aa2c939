/** An offer's page parts: the deal (what each side gives), its chain of counter-offers and its status. */
import { ChatRoomButton } from '../../components/chat-room-button';
import {
  Alert,
  Anchor,
  AspectRatio,
  Avatar,
  Blockquote,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowsExchange, IconCash, IconCircleCheck, IconClock, IconPhotoOff, IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import type { Offer } from '@swapu/shared/offers';
import { paths } from '@swapu/shared/paths';
import { OfferActions } from './offer-actions';
import { offerPaths } from './offer-paths';
import { describeCash, describeTimeLeft, otherParty } from './offer-text';
import { useOffer } from './use-offers';
import { formatDateTime, formatMoney } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import classes from './offer-deal.module.css';

type Party = Offer['offerer'];

/** One item in the deal: photo, value, title; small enough for three across on a phone. */
function DealItem({ item }: { item: Offer['items'][number] }) {
  const { t, i18n } = useTranslation('posts');
  return (
    <Link to={paths.viewPost(item.id)} className="swapu-card-link" data-testid="deal-item">
      <Card padding={0} h="100%" style={{ overflow: 'hidden' }}>
        <AspectRatio ratio={1}>
          {item.thumbUrl ? (
            <Image src={item.thumbUrl} alt="" loading="lazy" fit="cover" />
          ) : (
            <Stack align="center" justify="center" bg="sand.1" c="sand.9" gap={2}>
              <IconPhotoOff size={24} aria-hidden="true" />
              <Text fz={10}>{t('card.noPhoto')}</Text>
            </Stack>
          )}
        </AspectRatio>
        <Stack gap={0} p={8}>
          <Text fw={800} fz="sm" c="swapu.8">
            {formatMoney(item.cashValueCents, i18n.language)}
          </Text>
          <Text fw={600} fz="xs" lineClamp={2} lh={1.3} c="dark.7">
            {item.title}
          </Text>
        </Stack>
      </Card>
    </Link>
  );
}

function SideHeader({ party, label }: { party: Party; label: string }) {
  const { t } = useTranslation('offers');
  return (
    <Group gap="xs" wrap="nowrap" mb="xs">
      <Avatar size={28} radius="xl" color="swapu" src={party.avatarUrl} name={memberName(t, party.displayName)} alt="" />
      <Text fw={700} fz="sm" truncate>
        {label}
      </Text>
    </Group>
  );
}

/** What each side gives, the cash in words, and the proposer's message. */
export function Deal({ offer: o, viewerId }: { offer: Offer; viewerId: string | null }) {
  const { t, i18n } = useTranslation('offers');
  const proposer = o.proposedBy === 'offerer' ? o.offerer : o.owner;
  return (
    <Card padding="md" className={classes.deal} data-testid="offer-deal">
      <Title order={2} fz="lg" mb="sm">
        {t('detail.deal')}
      </Title>
      <div className={classes.sides}>
        <div>
          <SideHeader party={o.offerer} label={t('detail.gives', { name: memberName(t, o.offerer.displayName) })} />
          {o.items.length ? (
            <SimpleGrid cols={{ base: 3, sm: 2 }} spacing="xs" data-testid="offer-items">
              {o.items.map((p) => (
                <DealItem key={p.id} item={p} />
              ))}
            </SimpleGrid>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('detail.noItems')}
            </Text>
          )}
        </div>
        <ThemeIcon className={classes.swapIcon} size={36} radius="xl" variant="light" aria-hidden="true">
          <IconArrowsExchange size={20} />
        </ThemeIcon>
        <div>
          <SideHeader party={o.owner} label={t('detail.gives', { name: memberName(t, o.owner.displayName) })} />
          <SimpleGrid cols={{ base: 3, sm: 2 }} spacing="xs">
            <DealItem item={o.post} />
          </SimpleGrid>
        </div>
      </div>
      <Group gap="xs" mt="md" wrap="nowrap" align="flex-start">
        <IconCash size={20} color="var(--mantine-color-swapu-7)" aria-hidden="true" style={{ flexShrink: 0 }} />
        <Text fw={600} data-testid="offer-cash">
          {describeCash(t, o, viewerId, i18n.language)}
        </Text>
      </Group>
      {o.message && (
        <Blockquote color="swapu" mt="md" p="sm" cite={`— ${memberName(t, proposer.displayName)}`} data-testid="offer-message">
          <Text style={{ whiteSpace: 'pre-line' }} data-user-content>
            {o.message}
          </Text>
        </Blockquote>
      )}
    </Card>
  );
}

/** Where this offer came from and what came of it. */
export function Chain({ offer: o }: { offer: Offer }) {
  const { t } = useTranslation('offers');
  const parent = useOffer(o.parentId);
  const lines: ReactNode[] = [];
  if (o.parentId) {
    const key = parent.data && parent.data.state !== 'countered' ? 'chain.resubmissionOf' : 'chain.counterTo';
    lines.push(
      <Text key="parent" fz="sm">
        {t(key)}{' '}
        <Anchor component={Link} to={offerPaths.swapOffer(o.parentId)}>
          {t('chain.earlierOffer')}
        </Anchor>
      </Text>,
    );
  }
  o.childIds.forEach((id, i) =>
    lines.push(
      <Text key={id} fz="sm">
        {t(o.state === 'countered' ? 'chain.counteredBy' : 'chain.sentAgainAs')}{' '}
        <Anchor component={Link} to={offerPaths.swapOffer(id)}>
          {o.childIds.length > 1 ? t('chain.newerOfferN', { n: i + 1 }) : t('chain.newerOffer')}
        </Anchor>
      </Text>,
    ),
  );
  if (!lines.length) return null;
  return (
    <Alert color="violet" variant="light" data-testid="offer-chain">
      <Stack gap={4}>{lines}</Stack>
    </Alert>
  );
}

/** Where the offer stands, what happens next, and what the viewer can do about it. */
export function Status({ offer: o, viewerId }: { offer: Offer; viewerId: string | null }) {
  const { t, i18n } = useTranslation(['offers', 'errors']);
  const lang = i18n.language;
  const other = otherParty(o, viewerId);
  const otherName = memberName(t, other.displayName);
  const party = viewerId === o.offerer.id || viewerId === o.owner.id;
  const nextKey = o.state === 'pending' ? `next.pending_${o.box ?? 'sent'}` : `next.${o.state}`;
  const confirmations: Array<[Party, string | null]> = [
    [o.offerer, o.offererConfirmedAt],
    [o.owner, o.ownerConfirmedAt],
  ];
  return (
    <Card padding="md" className={classes.side} data-testid="offer-status">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('detail.whatNext')}
        </Title>
        <Text fz="sm">{t(nextKey, { name: otherName })}</Text>
        {o.state === 'pending' && o.stillValid && (
          <Group gap={6} c="orange.8">
            <IconClock size={16} aria-hidden="true" />
            <Text fz="sm" fw={600} title={formatDateTime(o.expiresAt, lang)} data-testid="offer-time-left">
              {describeTimeLeft(t, o.expiresAt)}
            </Text>
          </Group>
        )}
        {(o.state === 'accepted' || o.state === 'completed' || o.state === 'disputed') && (
          <Stack gap={4} data-testid="offer-confirmations">
            {confirmations.map(([p, at]) => (
              <Group key={p.id} gap={6} wrap="nowrap">
                <IconCircleCheck size={16} color={at ? 'var(--mantine-color-swapu-6)' : 'var(--mantine-color-gray-5)'} aria-hidden="true" />
                <Text fz="sm">
                  {at
                    ? t('detail.confirmed', { name: memberName(t, p.displayName) })
                    : t('detail.notConfirmed', { name: memberName(t, p.displayName) })}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {party && viewerId && <OfferActions offer={o} viewerId={viewerId} />}
        {party &&
          o.state === 'completed' &&
          (o.reviewedByMe ? (
            <Text fz="sm" c="dimmed">
              {t('detail.reviewed', { name: otherName })}
            </Text>
          ) : (
            <Button component={Link} to={offerPaths.reviewSwap(o.id)} leftSection={<IconStar size={18} />} fullWidth>
              {t('detail.review', { name: otherName })}
            </Button>
          ))}
        {party && (
          <ChatRoomButton to={paths.chatWith(other.id, o.post.id)} variant="default" fullWidth>
            {t('detail.chat', { name: otherName })}
          </ChatRoomButton>
        )}
        <Anchor component={Link} to={paths.userDetail(other.id)} fz="sm">
          {t('detail.seeProfile', { name: otherName })}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** /swap-offer/:offerId — one offer between the two people in it. */
