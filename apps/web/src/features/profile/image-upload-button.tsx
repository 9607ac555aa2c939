import { Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { UPLOAD_MAX_BYTES } from '@swapu/shared/constants';
import { ApiError } from '../../lib/api';
import { uploadProfileImage } from './use-profile';
import { groupKey } from '../../lib/query-keys';

/** Picks an image, checks its size before sending, uploads it with a progress bar. */
export function ImageUploadButton({ kind, label }: { kind: 'avatar' | 'banner'; label: string }) {
  const { t } = useTranslation(['profile', 'errors']);
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size >= UPLOAD_MAX_BYTES) {
      setError(t('errors:file_too_large'));
      return;
    }
    setProgress(0);
    try {
      await uploadProfileImage(kind, file, setProgress);
      notifications.show({ color: 'swapu', message: t('profile.uploaded') });
      await qc.invalidateQueries({ queryKey: groupKey('me') });
      await qc.invalidateQueries({ queryKey: groupKey('users') });
    } catch (e) {
      setError(e instanceof ApiError ? t(`errors:${e.code}`) : t('errors:generic'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={4}>
      <FileButton onChange={(f) => void pick(f)} accept="image/*">
        {(props) => (
          <Button {...props} variant="default" size="xs" loading={progress !== null}>
            {label}
          </Button>
        )}
      </FileButton>
      {progress !== null && (
        <>
          <Progress value={progress} size="sm" aria-label={t('profile.uploading', { percent: progress })} />
          <Text fz="xs" c="dimmed">
            {t('profile.uploading', { percent: progress })}
          </Text>
        </>
      )}
      {error && (
        <Text fz="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
