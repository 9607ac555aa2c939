import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { useDeleteBlogPost } from './use-admin-blog';

/** Asks before a post is deleted for good. */
export function DeleteModal({
  post,
  onClose,
  onDeleted,
}: {
  post: { id: string; title: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['adminBlog', 'errors']);
  const del = useDeleteBlogPost();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog opened={!!post} onClose={onClose} fixed title={t('confirmDelete.title')} centered>
      <Stack gap="md">
        <Text>{t('confirmDelete.body', { title: post?.title ?? '' })}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirmDelete.cancel')}
          </Button>
          <Button
            color="red"
            loading={del.isPending}
            onClick={() =>
              post &&
              del.mutate(post.id, {
                onSuccess: () => {
                  setError(null);
                  notifications.show({ color: 'swapu', message: t('notify.deleted') });
                  onDeleted();
                },
                onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
              })
            }
          >
            {t('confirmDelete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
