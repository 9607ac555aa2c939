import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { CategorySlug } from '@swapu/shared/constants';
import { useMe } from '../../features/auth/use-me';
import { InterestPicker } from '../../features/profile/interest-picker';
import { useUpdateMe } from '../../features/profile/use-profile';

/** /chooseInterest and /categories-interests: pick the categories you are interested in. */
export default function ChooseInterestPage() {
  const { t } = useTranslation(['profile', 'errors']);
  const me = useMe();
  const update = useUpdateMe();
  const [value, setValue] = useState<string[] | null>(null);
  useEffect(() => {
    if (me.data && value === null) setValue(me.data.interests);
  }, [me.data, value]);
  const current = value ?? [];
  return (
    <Container size="md" py="xl">
      <Paper p={{ base: 'md', sm: 'xl' }} radius="lg" withBorder>
        <Stack>
          <Title order={1}>{t('interests.title')}</Title>
          <Text c="dimmed">{t('interests.intro')}</Text>
          <InterestPicker value={current} onChange={setValue} />
          {update.isError && (
            <Alert color="red" role="alert">
              {t('errors:generic')}
            </Alert>
          )}
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              {t('interests.selected', { count: current.length })}
            </Text>
            <Button
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { interests: current as CategorySlug[] },
                  { onSuccess: () => notifications.show({ color: 'swapu', message: t('interests.saved') }) },
                )
              }
            >
              {t('interests.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
