import { Alert, Button, Card, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { AdminBlogPost } from '@swapu/shared/admin-blog';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { useBlogCover } from './use-admin-blog';

export function CoverField({
  post,
  pending,
  onPending,
}: {
  post: AdminBlogPost | null;
  pending: File | null;
  onPending: (file: File | null) => void;
}) {
  const { t } = useTranslation(['adminBlog', 'errors']);
  const cover = useBlogCover();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pendingUrl = useMemo(() => (pending ? URL.createObjectURL(pending) : null), [pending]);
  useEffect(() => () => void (pendingUrl && URL.revokeObjectURL(pendingUrl)), [pendingUrl]);
  const shown = pendingUrl ?? post?.coverUrl ?? null;

  const choose = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(t('errors:image_invalid'));
    if (file.size > 25 * 1024 * 1024) return setError(t('errors:file_too_large'));
    // A post not saved yet keeps the image until its first save.
    if (!post) return onPending(file);
    setProgress(0);
    cover.mutate(
      { id: post.id, file, onProgress: setProgress },
      {
        onSuccess: () => notifications.show({ color: 'swapu', message: t('notify.coverSaved') }),
        onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
        onSettled: () => setProgress(null),
      },
    );
  };
  const remove = () => {
    setError(null);
    if (!post || pending) return onPending(null);
    cover.mutate(
      { id: post.id, file: null },
      {
        onSuccess: () => notifications.show({ color: 'swapu', message: t('notify.coverRemoved') }),
        onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
      },
    );
  };

  return (
    <Stack gap={6}>
      <Text fw={500} fz="sm">
        {t('editor.cover')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('editor.coverHint')}
      </Text>
      {shown ? (
        <Image
          src={shown}
          alt={t('editor.coverAlt')}
          radius="md"
          maw={480}
          h="auto"
          style={{ aspectRatio: '1200 / 630', objectFit: 'cover' }}
          data-testid="blog-cover-preview"
        />
      ) : (
        <Card withBorder padding="lg" maw={480} bg="gray.0">
          <Group gap="xs" c="dimmed">
            <IconPhoto size={20} />
            <Text fz="sm">{t('editor.noCover')}</Text>
          </Group>
        </Card>
      )}
      {pending && (
        <Text fz="xs" c="dimmed">
          {t('editor.coverPending')}
        </Text>
      )}
      {progress !== null && <Progress value={progress} size="sm" maw={480} aria-label={t('editor.uploading', { pct: progress })} />}
      {error && (
        <Alert color="red" role="alert" maw={480}>
          {error}
        </Alert>
      )}
      <Group gap="xs">
        <FileButton onChange={choose} accept="image/png,image/jpeg,image/webp,image/gif,image/avif,image/heic">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconPhoto size={16} />}
              loading={cover.isPending}
              data-testid="blog-cover-button"
            >
              {shown ? t('editor.replaceCover') : t('editor.chooseCover')}
            </Button>
          )}
        </FileButton>
        {shown && (
          <Button size="xs" variant="subtle" color="red" onClick={remove} disabled={cover.isPending}>
            {t('editor.removeCover')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
