import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';

/**
 * The small invitation a first-time visitor sees on the home page (decision 0031): take the tour,
 * or decline it for good. Above the phone's bottom navigation; bottom left on wider screens.
 */
export default function TourInvite({ onStart, onDismiss }: { onStart: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('tour');
  return (
    <Paper
      component="section"
      aria-label={t('invite.label')}
      data-testid="tour-invite"
      shadow="lg"
      radius="lg"
      p="md"
      withBorder
      pos="fixed"
      left={{ base: 12, sm: 24 }}
      right={{ base: 12, sm: 'auto' }}
      bottom={{ base: 'calc(72px + env(safe-area-inset-bottom))', sm: 24 }}
      maw={{ sm: 360 }}
      style={{ zIndex: 150 }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <IconRoute size={28} color="var(--mantine-color-swapu-7)" aria-hidden="true" style={{ flexShrink: 0 }} />
        <Stack gap={4} style={{ flex: 1 }}>
          <Text fw={700}>{t('invite.title')}</Text>
          <Text fz="sm" c="dimmed">
            {t('invite.text')}
          </Text>
          <Group gap="xs" mt={6}>
            <Button size="sm" onClick={onStart}>
              {t('invite.start')}
            </Button>
            <Button size="sm" variant="subtle" color="gray" onClick={onDismiss}>
              {t('invite.dismiss')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
