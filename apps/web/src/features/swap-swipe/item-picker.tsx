import { Button, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight, IconPhotoOff, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PostCard } from '@swapu/shared/api';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/format';

/**
 * A member's start: which of their published items to swipe for (each opens its deck). With none
 * published, the way to list one.
 */
export function ItemPicker({ items }: { items: PostCard[] | undefined }) {
  const { t, i18n } = useTranslation('swapSwipe');
  if (!items) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={88} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (items.length === 0) {
    return (
      <Card padding="xl" data-testid="swipe-no-items">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconPlus size={28} />
          </ThemeIcon>
          <Title order={3} fz="lg">
            {t('pick.emptyTitle')}
          </Title>
          <Text fz="sm" c="dimmed" maw={420}>
            {t('pick.emptyText')}
          </Text>
          <Button component={Link} to={paths.create} leftSection={<IconPlus size={18} />}>
            {t('pick.emptyCta')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((post) => (
        <li key={post.id}>
          {/* Named by its title and value, as shown (WCAG 2.5.3), under the heading that says what choosing does. */}
          <Link to={paths.swapSwipeDeck(post.id)} className="swapu-card-link" data-testid="swipe-pick">
            <Card padding="sm" h="100%">
              <Group gap="sm" wrap="nowrap">
                {post.thumbUrl ? (
                  <Image src={post.thumbUrl} alt="" w={64} h={64} radius="md" style={{ flexShrink: 0 }} />
                ) : (
                  <ThemeIcon size={64} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }}>
                    <IconPhotoOff size={24} />
                  </ThemeIcon>
                )}
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={700} c="dark.7" lineClamp={2} lh={1.3}>
                    {post.title}
                  </Text>
                  <Text fz="sm" fw={700} c="swapu.8">
                    {formatMoney(post.cashValueCents, i18n.language)}
                  </Text>
                </Stack>
                <IconChevronRight size={20} color="var(--mantine-color-gray-6)" aria-hidden="true" style={{ flexShrink: 0 }} />
              </Group>
            </Card>
          </Link>
        </li>
      ))}
    </SimpleGrid>
  );
}
