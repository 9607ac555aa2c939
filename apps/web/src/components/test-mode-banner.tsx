import { Box, Text } from '@mantine/core';
import { useTranslation } from '../i18n/react';

/** The strip above every page of a TEST_MODE site: no money is taken and no courier comes. */
export function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <Box
      role="note"
      data-testid="test-mode-banner"
      bg="orange.1"
      py={6}
      px="md"
      style={{ borderBottom: '1px solid var(--mantine-color-orange-3)' }}
    >
      <Text fz="sm" fw={700} ta="center" c="#7a3200">
        {t('testMode.banner')}
      </Text>
    </Box>
  );
}
