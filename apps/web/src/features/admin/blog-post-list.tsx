import { Anchor, Button, Card, Group, Image, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconEye, IconNews, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminBlogPostSummary } from '@swapu/shared/admin-blog';
import { paths } from '@swapu/shared/paths';
import { LoadError } from '../../components/load-error';
import { useTranslation } from '../../i18n/react';
import { formatDateTime } from '../../lib/format';
import { DeleteModal } from './blog-delete-dialog';
import { PublishToggle, StatusBadge } from './blog-status';
import { useAdminBlogPosts } from './use-admin-blog';

const smallCover = (url: string) => url.replace(/\/lg\.webp$/, '/sm.webp');

export function PostList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation(['adminBlog', 'errors']);
  const list = useAdminBlogPosts();
  const [deleting, setDeleting] = useState<AdminBlogPostSummary | null>(null);
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  if (list.isPending)
    return (
      <Stack gap="sm" data-testid="blog-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={112} radius="md" />
        ))}
      </Stack>
    );
  if (list.data.length === 0)
    return (
      <Card padding="xl">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconNews size={26} />
          </ThemeIcon>
          <Text c="dimmed">{t('empty')}</Text>
          <Button leftSection={<IconPlus size={18} />} onClick={() => onOpen('new')}>
            {t('newPost')}
          </Button>
        </Stack>
      </Card>
    );
  return (
    <>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')}>
        {list.data.map((p) => (
          <Card key={p.id} component="li" padding="md" data-testid="blog-row">
            <Group align="flex-start" gap="md" wrap="nowrap">
              {p.coverUrl ? (
                <Image src={smallCover(p.coverUrl)} alt="" w={96} h={50} radius="sm" visibleFrom="xs" />
              ) : (
                <ThemeIcon size={50} radius="sm" variant="light" color="gray" visibleFrom="xs">
                  <IconPhoto size={22} />
                </ThemeIcon>
              )}
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <StatusBadge status={p.status} />
                  <Text fz="xs" c="dimmed">
                    {p.publishedAt && p.status !== 'draft'
                      ? t('publishedOn', { date: formatDateTime(p.publishedAt, i18n.language) })
                      : t('editedOn', { date: formatDateTime(p.updatedAt, i18n.language) })}
                  </Text>
                </Group>
                <Anchor
                  component="button"
                  type="button"
                  fw={700}
                  ta="left"
                  onClick={() => onOpen(p.id)}
                  style={{ overflowWrap: 'anywhere' }}
                  // The post's title as the team wrote it (e2e/support/pt-PT-check.ts).
                  data-user-content
                >
                  {p.title}
                </Anchor>
                <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  /{p.urlTitle}
                </Text>
                <Group gap="xs" mt={4}>
                  <Button size="xs" variant="light" onClick={() => onOpen(p.id)} aria-label={t('editLabel', { title: p.title })}>
                    {t('edit')}
                  </Button>
                  <PublishToggle post={p} />
                  {p.status === 'published' && (
                    <Button size="xs" variant="subtle" component={Link} to={paths.blogPost(p.id)} leftSection={<IconEye size={16} />}>
                      {t('view')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => setDeleting(p)}
                    aria-label={t('deleteLabel', { title: p.title })}
                  >
                    {t('delete')}
                  </Button>
                </Group>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      <DeleteModal post={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />
    </>
  );
}
