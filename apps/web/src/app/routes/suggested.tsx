import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconHeartSearch } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { PostGrid, PostGridSkeleton } from '../../components/post-grid';
import { reasonText } from '../../features/search/search-text';
import { useSuggested } from '../../features/search/use-suggested';
import { LoadError } from '../../components/load-error';

/** /suggested: items picked for this person, each saying why. */
export default function SuggestedPage() {
  const { t } = useTranslation(['search', 'categories', 'posts', 'common', 'errors']);
  const suggested = useSuggested();
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('suggested.title')}
          </Title>
          <Text c="dimmed">{t('suggested.intro')}</Text>
        </Stack>
        {suggested.isPending && <PostGridSkeleton />}
        {suggested.isError && <LoadError titled onRetry={() => void suggested.refetch()} />}
        {suggested.data?.length === 0 && (
          <Card padding="xl" ta="center">
            <Stack align="center" gap="xs">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconHeartSearch size={28} />
              </ThemeIcon>
              <Text fw={700} role="status">
                {t('errors:no_matches')}
              </Text>
              <Text fz="sm" c="dimmed" maw={420}>
                {t('suggested.emptyHint')}
              </Text>
              <Group gap="xs" justify="center">
                <Button component={Link} to={paths.create}>
                  {t('suggested.addItem')}
                </Button>
                <Button component={Link} to="/chooseInterest" variant="light">
                  {t('suggested.chooseInterests')}
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
        {suggested.data && suggested.data.length > 0 && (
          <PostGrid
            posts={suggested.data}
            note={(item) => (
              <Group gap={4} wrap="nowrap" c="orange.8" data-testid="suggestion-reason">
                <IconBulb size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
                <Text fz="xs" fw={600} lineClamp={2}>
                  {reasonText(t, item)}
                </Text>
              </Group>
            )}
          />
        )}
      </Stack>
    </Container>
  );
}
