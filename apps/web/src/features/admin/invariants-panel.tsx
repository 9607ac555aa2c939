import { Alert, Card, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { useTranslation } from '../../i18n/react';
import { call } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { keyOf } from '../../lib/query-keys';

export const invariantsKey = keyOf(adminEndpoints.adminInvariants);

/** Admins: the marketplace's invariants checked now (decision 0045). */
export const useInvariants = () =>
  useQuery({
    queryKey: invariantsKey,
    queryFn: ({ signal }) => call(adminEndpoints.adminInvariants, { signal }),
    staleTime: 60_000,
  });

/**
 * The dashboard's panel of data invariants: one line when all hold, otherwise each broken one with
 * its count of violations and a few ids (the CLI, `npm run check:invariants`, lists them too).
 */
export function InvariantsPanel() {
  const { t, i18n } = useTranslation('admin');
  const report = useInvariants();
  const data = report.data;
  const broken = data?.items.filter((i) => i.violations > 0) ?? [];
  return (
    <Card padding="md" data-testid="invariants-panel">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('invariants.title')}
        </Title>
        {report.isPending ? (
          <Skeleton h={24} />
        ) : !data ? (
          <Text c="dimmed">{t('invariants.failed')}</Text>
        ) : data.ok ? (
          <Group gap="xs" wrap="nowrap" data-testid="invariants-ok">
            <ThemeIcon color="teal" variant="light" radius="xl" size={24}>
              <IconCircleCheck size={16} />
            </ThemeIcon>
            <Text>{t('invariants.ok', { total: data.items.length, checkedAt: formatDateTime(data.checkedAt, i18n.language) })}</Text>
          </Group>
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            title={t('invariants.broken')}
            data-testid="invariants-broken"
          >
            <List spacing={4}>
              {broken.map((i) => (
                <List.Item key={i.code} data-testid={`invariant-${i.code}`}>
                  <Text span fw={600}>
                    {t(`invariants.codes.${i.code}`)}
                  </Text>
                  {': '}
                  {t('invariants.violations', { count: i.violations })}
                  {i.examples.length > 0 && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('invariants.examples', { ids: i.examples.join(', ') })}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
