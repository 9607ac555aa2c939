import { Card, Skeleton, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { BadgeList } from './badge-list';
import { PointsCardHeader } from './points-card-header';
import { useMemberPoints } from './use-points';

/** A profile's points and badges, with the way to the leaderboard. */
export function MemberPointsCard({ userId }: { userId: string }) {
  const { t } = useTranslation('points');
  const points = useMemberPoints(userId);
  // A profile without its points is still a profile: nothing is shown when they cannot be read.
  if (points.isError) return null;
  return (
    <Card padding="lg" data-testid="profile-points-card">
      <PointsCardHeader title={t('profile.title')} mb="xs" />
      {points.data ? (
        <>
          <Text fz="xl" fw={800} c="swapu.8" mb="sm" data-testid="profile-points">
            {t('points', { count: points.data.points })}
          </Text>
          <BadgeList badges={points.data.badges} />
        </>
      ) : (
        <>
          <Skeleton height={28} width={120} mb="sm" />
          <Skeleton height={26} width="60%" />
        </>
      )}
    </Card>
  );
}
