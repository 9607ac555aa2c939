import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCategory } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { CategoryChips } from '../../features/categories/category-chips';
import { PostFeed } from '../../features/posts/post-feed';
import { pageMeta } from '@swapu/shared/page-meta';
import { trackPostOpen } from '../../lib/analytics';
import { asLocale, usePageMeta } from '../../lib/use-page-meta';

export default function HomePage() {
  const { t, i18n } = useTranslation();
  usePageMeta(pageMeta.home(asLocale(i18n.language)));
  return (
    <Container size="xl" py="lg">
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
            <Title order={1} fz={{ base: 28, sm: 36 }} lh={1.15}>
              {t('home.heroTitle')}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} opacity={0.95}>
              {t('home.heroText')}
            </Text>
            <Group mt="xs">
              <Button component={Link} to="/all-categories" variant="white" color="dark" leftSection={<IconCategory size={18} />}>
                {t('home.heroCta')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Box>
          <Title order={2} fz="lg" mb="sm">
            {t('home.categories')}
          </Title>
          <CategoryChips />
        </Box>
        <Box>
          <Title order={2} fz="xl" mb="md">
            {t('home.newest')}
          </Title>
          <PostFeed onOpen={trackPostOpen} />
        </Box>
      </Stack>
    </Container>
  );
}
