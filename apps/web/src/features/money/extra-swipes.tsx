import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCards } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EXTRA_SWIPES, EXTRA_SWIPES_TOKENS } from '@swapu/shared/constants';
import { endpoints } from '@swapu/shared/endpoints';
import { useTranslation } from '../../i18n/react';
import { call, errorCodeOf } from '../../lib/api';
import { tokensKey } from './use-money';
import { keyOf } from '../../lib/query-keys';

const extraSwipesKey = keyOf(endpoints.extraSwipes);

/** 10 extra Swap Swipe right swipes for today, for 1 token (the deck adds them to the free ones). */
export function ExtraSwipes() {
  const { t } = useTranslation(['tokens', 'errors']);
  const qc = useQueryClient();
  const extra = useQuery({ queryKey: extraSwipesKey, queryFn: () => call(endpoints.extraSwipes) });
  const [error, setError] = useState<string | null>(null);
  const buy = useMutation({
    mutationFn: () => call(endpoints.buyExtraSwipes),
    onSuccess: async (r) => {
      qc.setQueryData(extraSwipesKey, r);
      setError(null);
      notifications.show({ color: 'swapu', message: t('extraSwipes.done', { count: r.extra }) });
      await qc.invalidateQueries({ queryKey: tokensKey });
    },
    onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
  });
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCards size={20} aria-hidden="true" />
          <Title order={2} fz="lg">
            {t('extraSwipes.title')}
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('extraSwipes.about', { swipes: EXTRA_SWIPES, count: EXTRA_SWIPES_TOKENS })}
        </Text>
        {extra.data ? (
          <Text fw={600} data-testid="extra-swipes-today">
            {t('extraSwipes.today', { count: extra.data.extra })}
          </Text>
        ) : (
          <Skeleton h={20} w={200} />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button variant="light" onClick={() => buy.mutate()} loading={buy.isPending} leftSection={<IconCards size={16} />}>
            {t('extraSwipes.buy', { count: EXTRA_SWIPES })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
