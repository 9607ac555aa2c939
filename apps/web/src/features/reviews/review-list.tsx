import { Alert, Anchor, Avatar, Group, Rating, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { formatDateTime, formatRelative } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { useUserReviews } from './use-reviews';

/** The reviews a person received: stars, words, who wrote them, when. */
export function ReviewList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation(['offers', 'errors']);
  const reviews = useUserReviews(userId);
  if (reviews.isPending)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  if (reviews.isError)
    return (
      <Alert color="red" role="alert">
        {t('errors:generic')}
      </Alert>
    );
  if (reviews.data.items.length === 0) return <Text c="dimmed">{t('reviews.none')}</Text>;
  return (
    <Stack gap="md" data-testid="review-list">
      {reviews.data.items.map((r) => (
        <Group key={r.id} align="flex-start" wrap="nowrap" gap="sm" data-testid="review">
          <Avatar src={r.reviewer.avatarUrl} name={memberName(t, r.reviewer.displayName)} color="swapu" radius="xl" alt="" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Anchor component={Link} to={paths.userDetail(r.reviewer.id)} fw={700} fz="sm" c="dark.7" data-user-content>
                {memberName(t, r.reviewer.displayName)}
              </Anchor>
              <Rating value={r.stars} readOnly size="sm" aria-label={t('reviews.stars', { count: r.stars })} />
              <Text fz="xs" c="dimmed" title={formatDateTime(r.createdAt, i18n.language)}>
                {formatRelative(r.createdAt, i18n.language)}
              </Text>
            </Group>
            <Text fz="sm" style={{ whiteSpace: 'pre-line' }} data-user-content>
              {r.text}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
