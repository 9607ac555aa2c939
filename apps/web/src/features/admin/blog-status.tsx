import { Badge, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWorld, IconWorldOff } from '@tabler/icons-react';
import type { AdminBlogPostSummary, BlogStatus } from '@swapu/shared/admin-blog';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { usePublishBlogPost } from './use-admin-blog';

const STATUS_COLOR: Record<BlogStatus, string> = { draft: 'gray', scheduled: 'blue', published: 'green' };

export function StatusBadge({ status }: { status: BlogStatus }) {
  const { t } = useTranslation('adminBlog');
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="blog-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Publish or unpublish straight from the list. */
export function PublishToggle({ post, size = 'xs' }: { post: Pick<AdminBlogPostSummary, 'id' | 'status'>; size?: string }) {
  const { t } = useTranslation(['adminBlog', 'errors']);
  const publish = usePublishBlogPost();
  const live = post.status === 'published';
  return (
    <Button
      size={size}
      variant={live ? 'default' : 'filled'}
      leftSection={live ? <IconWorldOff size={16} /> : <IconWorld size={16} />}
      loading={publish.isPending}
      onClick={() =>
        publish.mutate(
          { id: post.id, publish: !live },
          {
            onSuccess: () => notifications.show({ color: 'swapu', message: t(live ? 'notify.unpublished' : 'notify.published') }),
            onError: (err) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(err)}`) }),
          },
        )
      }
    >
      {t(live ? 'unpublish' : 'publish')}
    </Button>
  );
}
