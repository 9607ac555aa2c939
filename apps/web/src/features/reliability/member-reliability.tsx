import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { ReliabilityBadge, ReliabilitySkeleton } from './reliability-badge';
import { useReliability } from './use-reliability';

/** A profile's reliability badge (nothing when it cannot be read: the profile still stands). */
export function MemberReliability({ userId, name }: { userId: string; name: string }) {
  const badges = useReliability([userId]);
  if (badges.isPending) return <ReliabilitySkeleton />;
  const badge = membersOf(badges.data).find((m) => m.userId === userId);
  return badge ? <ReliabilityBadge badge={badge} name={name} /> : null;
}

type Parties = Array<{ id: string; name: string }>;

/** The badges of an answer; none from an answer of another shape (a badge never breaks its page). */
function membersOf<M>(data: { members: M[] } | undefined): M[] {
  return Array.isArray(data?.members) ? data.members : [];
}

/**
 * The badges of an offer's parties, read together in one request. The offer page does not load
 * the badges' texts (the profile catalogue) before it is shown, so they wait here, not the page.
 */
export function PartiesReliability({ parties }: { parties: Parties }) {
  return (
    <Suspense fallback={<Skeleton height={26} width={130} radius="xl" />}>
      <Parties parties={parties} />
    </Suspense>
  );
}

function Parties({ parties }: { parties: Parties }) {
  const { t } = useTranslation('profile');
  const badges = useReliability(parties.map((p) => p.id));
  if (badges.isError) return null;
  return (
    <Stack gap="xs" data-testid="offer-reliability">
      {parties.map((p) => {
        const badge = membersOf(badges.data).find((m) => m.userId === p.id);
        return (
          <Group key={p.id} gap="xs" align="flex-start" wrap="wrap">
            <Text fz="sm" fw={600} pt={6} miw={0} style={{ overflowWrap: 'anywhere' }} data-user-content>
              {t('reliability.offer.party', { name: p.name })}
            </Text>
            {badges.isPending ? <ReliabilitySkeleton /> : badge ? <ReliabilityBadge badge={badge} name={p.name} /> : null}
          </Group>
        );
      })}
    </Stack>
  );
}
