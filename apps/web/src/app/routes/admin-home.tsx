import { Alert, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconChevronRight, IconMessages, IconTicket } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { usePageMeta } from '../../lib/use-page-meta';
import { useMe } from '../../features/auth/use-me';

/** The console's sections that are built, in the order the console lists them. */
const SECTIONS: Array<{ key: 'analytics' | 'coupons' | 'support'; to: string; icon: ComponentType<{ size?: number }> }> = [
  { key: 'analytics', to: `${paths.admin}/analytics`, icon: IconChartBar },
  { key: 'coupons', to: paths.adminCoupons, icon: IconTicket },
  { key: 'support', to: `${paths.admin}/support`, icon: IconMessages },
];

/**
 * /admin: the console's home, a card for each section that exists (analytics, coupons, support).
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
            <Text fz="sm" c="dimmed">
              {t('home.soon')}
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
