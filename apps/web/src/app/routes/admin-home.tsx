import { Alert, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBook2,
  IconChartBar,
  IconChevronRight,
  IconFlag,
  IconHistory,
  IconMail,
  IconMailForward,
  IconMessages,
  IconNews,
  IconTicket,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { usePageMeta } from '../../lib/use-page-meta';
import { useMe } from '../../features/auth/use-me';
import { LaunchChecks } from '../../features/admin/launch-checks';

/** The console's sections that are built, in the order the console lists them. */
type SectionKey = 'analytics' | 'users' | 'moderation' | 'coupons' | 'campaigns' | 'blog' | 'support' | 'mail' | 'audit' | 'docs';
const SECTIONS: Array<{ key: SectionKey; to: string; icon: ComponentType<{ size?: number }> }> = [
  { key: 'analytics', to: `${paths.admin}/analytics`, icon: IconChartBar },
  { key: 'users', to: `${paths.admin}/users`, icon: IconUsers },
  { key: 'moderation', to: `${paths.admin}/moderation`, icon: IconFlag },
  { key: 'coupons', to: paths.adminCoupons, icon: IconTicket },
  { key: 'campaigns', to: `${paths.admin}/campaigns`, icon: IconMailForward },
  { key: 'blog', to: `${paths.admin}/blog`, icon: IconNews },
  { key: 'support', to: `${paths.admin}/support`, icon: IconMessages },
  { key: 'mail', to: `${paths.admin}/mail`, icon: IconMail },
  { key: 'audit', to: `${paths.admin}/audit`, icon: IconHistory },
  { key: 'docs', to: '/docs', icon: IconBook2 },
];

/**
 * /admin: the console's home, a card for each section.
 * Members who are not admins see 'Permission Denied' (each section's API refuses them anyway).
 */
export default function AdminHomePage() {
  const { t } = useTranslation(['admin', 'errors']);
  usePageMeta({ title: `${t('home.title')} | SwapU`, description: t('home.intro') });
  const me = useMe();

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('home.title')}</Title>
        {me.isError ? (
          <LoadError onRetry={() => void me.refetch()} />
        ) : !me.data ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="admin-home-loading">
            {SECTIONS.map((s) => (
              <Skeleton key={s.key} h={132} radius="md" />
            ))}
          </SimpleGrid>
        ) : me.data.role !== 'admin' ? (
          <Alert color="red" role="alert" data-testid="admin-denied">
            {t('errors:permission_denied')}
          </Alert>
        ) : (
          <>
            <Text c="dimmed">{t('home.intro')}</Text>
            <LaunchChecks />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {SECTIONS.map(({ key, to, icon: Icon }) => (
                <li key={key}>
                  <Card component={Link} to={to} padding="lg" h="100%" data-testid="admin-section-card">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <ThemeIcon size={40} radius="xl" variant="light" color="grape">
                        <Icon size={22} />
                      </ThemeIcon>
                      <IconChevronRight size={20} color="var(--mantine-color-dimmed)" aria-hidden />
                    </Group>
                    <Title order={2} fz="lg" mt="sm">
                      {t(`home.sections.${key}.title`)}
                    </Title>
                    <Text fz="sm" c="dimmed" mt={4}>
                      {t(`home.sections.${key}.description`)}
                    </Text>
                  </Card>
                </li>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}
