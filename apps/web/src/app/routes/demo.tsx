import { Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconRoute } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { tourDismissed } from '../../features/tour/tour-memory';
import { startTour } from '../../features/tour/tour-state';
import { TOUR_STOPS } from '../../features/tour/tour-steps';
import { useTranslation } from '../../i18n/react';
import { usePageMeta } from '../../lib/use-page-meta';

/**
 * /demo: the guided tour, always on offer (decision 0031). It runs over the real pages, so a
 * visitor sees the marketplace as it is today; this page says what it covers and starts it.
 */
export default function DemoPage() {
  const { t } = useTranslation('tour');
  usePageMeta({ title: `${t('title')} | SwapU`, description: t('pageDescription') });
  // What the device remembers is known only in the browser.
  const [seenBefore, setSeenBefore] = useState(false);
  useEffect(() => setSeenBefore(tourDismissed()), []);
  return (
    <Container size="md" py="lg">
      <Stack gap="xl">
        <Paper
          radius="xl"
          p={{ base: 'lg', sm: 32 }}
          style={{
            background: 'linear-gradient(120deg, var(--mantine-color-swapu-7) 0%, var(--mantine-color-swapu-5) 60%, #8fd3a6 100%)',
            color: 'white',
          }}
        >
          <Stack gap="sm" maw={620}>
            <Group gap="sm" wrap="nowrap">
              <IconRoute size={32} aria-hidden="true" style={{ flexShrink: 0 }} />
              <Title order={1} fz={{ base: 28, sm: 36 }} lh={1.15}>
                {t('title')}
              </Title>
            </Group>
            <Text fz={{ base: 'md', sm: 'lg' }} opacity={0.95}>
              {t('intro')}
            </Text>
            <Group mt="xs">
              <Button size="md" variant="white" color="dark" rightSection={<IconArrowRight size={18} />} onClick={startTour}>
                {t('start')}
              </Button>
            </Group>
            <Text fz="sm" opacity={0.9}>
              {t('hint')}
            </Text>
          </Stack>
        </Paper>
        <Box component="section" aria-labelledby="tour-stops">
          <Title order={2} fz="lg" mb="md" id="tour-stops">
            {t('stopsTitle')}
          </Title>
          <SimpleGrid component="ol" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {TOUR_STOPS.map((id, i) => (
              <Paper component="li" key={id} withBorder radius="lg" p="md">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={32} radius="xl" variant="light" aria-hidden="true">
                    <Text fw={700} fz="sm">
                      {i + 1}
                    </Text>
                  </ThemeIcon>
                  <Text fw={600}>{t(`steps.${id}.title`)}</Text>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        </Box>
        {seenBefore && (
          <Text fz="sm" c="dimmed" data-testid="tour-seen-before">
            {t('seenBefore')}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
