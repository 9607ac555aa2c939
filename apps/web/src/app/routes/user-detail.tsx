import { Alert, Avatar, Badge, Box, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCrown, IconMapPin, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useParams } from 'react-router';
import type { PublicProfile } from '@swapu/shared/account';
import { NotFound } from '../../components/not-found';
import { useMe } from '../../features/auth/use-me';
import { MemberPointsCard } from '../../features/points/member-points-card';
import { PublicGoals } from '../../features/goals/public-goals';
import { DeleteAccountCard } from '../../features/profile/delete-account-card';
import { ImageUploadButton } from '../../features/profile/image-upload-button';
import { MessageDigestCard } from '../../features/profile/message-digest-card';
import { PushSettingsCard } from '../../features/push/push-settings-card';
import { SecurityCard } from '../../features/profile/security-card';
import { TwoFactorCard } from '../../features/profile/two-factor-card';
import { useProfile } from '../../features/profile/use-profile';
import { ReviewList } from '../../features/reviews/review-list';
import { MemberReliability } from '../../features/reliability/member-reliability';
import { MyReliabilityCard } from '../../features/reliability/my-reliability-card';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { memberName } from '../../lib/member-name';
import { useDates } from '../../lib/clock';
import { EditForm } from '../../features/profile/profile-edit-form';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card padding="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** A swapper's profile; on your own you can edit it and manage your account. */
export default function UserDetailPage() {
  const { userid = '' } = useParams();
  const { t, i18n } = useTranslation(['profile', 'categories', 'errors']);
  const dates = useDates();
  const profile = useProfile(userid);
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const own = me.data?.id === userid;

  if (profile.isPending)
    return (
      <Container size="lg" py="lg">
        <Skeleton height={180} radius="lg" />
        <Skeleton height={24} mt="lg" width="40%" />
      </Container>
    );
  if (profile.isError)
    return profile.error instanceof ApiError && profile.error.status === 404 ? (
      <NotFound />
    ) : (
      <Container size="sm" py="lg">
        <Alert color="red" role="alert">
          {t('errors:generic')}
        </Alert>
      </Container>
    );
  const p: PublicProfile = profile.data;
  const since = dates.monthYear(p.memberSince);
  const name = memberName(t, p.displayName);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Box
          h={{ base: 120, sm: 200 }}
          style={{
            borderRadius: 20,
            background: p.bannerUrl
              ? `center / cover no-repeat url(${p.bannerUrl})`
              : 'linear-gradient(120deg, var(--mantine-color-swapu-7), var(--mantine-color-swapu-4))',
          }}
          data-testid="profile-banner"
        />
        <Group align="flex-end" mt={-64} px="md" wrap="nowrap">
          <Avatar
            src={p.avatarUrl}
            alt={t('profile.avatarAlt', { name })}
            name={name}
            color="swapu"
            size={112}
            radius={999}
            style={{ border: '4px solid white', flexShrink: 0 }}
            data-testid="profile-avatar"
          />
          <Stack gap={2} pb={8} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Title order={1} fz={{ base: 24, sm: 30 }} data-user-content>
                {name}
              </Title>
              {p.subscriber && (
                <Badge color="yellow" variant="light" leftSection={<IconCrown size={12} />} data-testid="subscriber-badge">
                  {t('profile.subscriber')}
                </Badge>
              )}
            </Group>
            <Group gap={6} c="dimmed" wrap="nowrap">
              {p.suburb && (
                <>
                  <IconMapPin size={16} aria-hidden="true" />
                  <Text fz="sm">{[p.suburb, p.auState].filter(Boolean).join(', ')}</Text>
                  <Text fz="sm">·</Text>
                </>
              )}
              <Text fz="sm">{t('profile.memberSince', { date: since })}</Text>
            </Group>
          </Stack>
        </Group>
        <MemberReliability userId={p.id} name={name} />
        {own && me.data && !editing && (
          <Group gap="xs">
            <Button variant="light" onClick={() => setEditing(true)}>
              {t('profile.edit')}
            </Button>
            <ImageUploadButton kind="avatar" label={t('profile.changeAvatar')} />
            <ImageUploadButton kind="banner" label={t('profile.changeBanner')} />
          </Group>
        )}
        {own && me.data && editing && <EditForm me={me.data} onDone={() => setEditing(false)} />}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat
            label={t('profile.rating')}
            value={p.rating === null ? t('profile.noRating') : t('profile.ratingValue', { value: formatNumber(p.rating, i18n.language) })}
            testId="profile-rating"
          />
          <Stat label={t('profile.reviews')} value={String(p.reviewsCount)} testId="profile-reviews" />
          <Stat label={t('profile.swaps')} value={String(p.swapsCompleted)} testId="profile-swaps" />
          <Stat
            label={t('profile.carbon')}
            value={t('profile.carbonValue', { kg: formatNumber(p.carbonKg, i18n.language, 1) })}
            testId="profile-carbon"
          />
        </SimpleGrid>
        {own && <MyReliabilityCard />}
        <MemberPointsCard userId={p.id} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card padding="lg">
            <Title order={2} fz="lg" mb="xs">
              {t('profile.bio')}
            </Title>
            <Text
              c={p.bio ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-line' }}
              data-testid="profile-bio"
              data-user-content={!!p.bio || undefined}
            >
              {p.bio || t('profile.noBio')}
            </Text>
          </Card>
          <Card padding="lg">
            <Title order={2} fz="lg" mb="xs">
              {t('profile.interests')}
            </Title>
            {p.interests.length ? (
              <Group gap={6}>
                {p.interests.map((c) => (
                  <Badge key={c} variant="light" size="lg" radius="xl">
                    {t(`categories:names.${c}`)}
                  </Badge>
                ))}
              </Group>
            ) : (
              <Text c="dimmed">{t('profile.noInterests')}</Text>
            )}
          </Card>
        </SimpleGrid>
        <Card padding="lg">
          <Group gap={6} mb="xs">
            <IconStarFilled size={18} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
            <Title order={2} fz="lg">
              {t('profile.reviews')}
            </Title>
          </Group>
          <ReviewList userId={p.id} />
        </Card>
        <PublicGoals userId={p.id} />
        {own && me.data && (
          <Stack gap="md">
            <Title order={2} fz="xl">
              {t('profile.settings')}
            </Title>
            <MessageDigestCard enabled={me.data.messageDigest} />
            <PushSettingsCard />
            <SecurityCard emailVerified={me.data.emailVerified} />
            <TwoFactorCard enabled={me.data.twoFactorEnabled} />
            <DeleteAccountCard />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
