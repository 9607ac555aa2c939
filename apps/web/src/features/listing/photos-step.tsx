import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCamera, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { POST_IMAGES_MAX } from '@swapu/shared/constants';
import { CameraModal, canUseCamera } from './camera-modal';
import type { usePhotoUploads } from './use-photo-uploads';
import classes from './listing-form.module.css';

type Photos = ReturnType<typeof usePhotoUploads>;

const named = (files: File[]) => files.map((file) => ({ file, name: file.name }));

/** Step 1: drop or pick photos (or take one), watch them upload, reorder and remove them. */
export function PhotosStep({ photos }: { photos: Photos }) {
  const { t } = useTranslation(['listing', 'errors']);
  const [dragging, setDragging] = useState(false);
  const [camera, setCamera] = useState(false);
  // Phones open their own camera app from a file input; elsewhere a live camera picture.
  const phone = useMediaQuery('(pointer: coarse)');
  const { images, pending } = photos;
  const count = images.length + pending.length;
  const full = count >= POST_IMAGES_MAX;

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    photos.addFiles(named([...e.dataTransfer.files]));
  };
  const takePhoto = phone ? (
    <FileButton onChange={(file) => file && photos.addFiles(named([file]))} accept="image/*" capture="environment">
      {(props) => (
        <Button {...props} variant="default" leftSection={<IconCamera size={18} aria-hidden="true" />} disabled={full}>
          {t('photos.take')}
        </Button>
      )}
    </FileButton>
  ) : canUseCamera() ? (
    <Button variant="default" leftSection={<IconCamera size={18} aria-hidden="true" />} disabled={full} onClick={() => setCamera(true)}>
      {t('photos.take')}
    </Button>
  ) : null;

  return (
    <Stack gap="md">
      <Paper
        className={classes.dropzone}
        data-dragging={dragging || undefined}
        data-testid="photo-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Stack align="center" gap="xs">
          <IconPhotoPlus size={36} stroke={1.5} aria-hidden="true" color="var(--mantine-color-swapu-6)" />
          <Text fw={600} ta="center" visibleFrom="sm">
            {t('photos.drop')}
          </Text>
          <Text fz="sm" c="dimmed" ta="center">
            {t('photos.hint', { max: POST_IMAGES_MAX })}
          </Text>
          <Group justify="center" gap="sm" mt={4}>
            <FileButton onChange={(files) => photos.addFiles(named(files))} accept="image/*" multiple>
              {(props) => (
                <Button {...props} leftSection={<IconPhotoPlus size={18} aria-hidden="true" />} disabled={full}>
                  {t('photos.choose')}
                </Button>
              )}
            </FileButton>
            {takePhoto}
          </Group>
        </Stack>
      </Paper>

      <Group justify="space-between" gap="xs">
        <Text fz="sm" c="dimmed" data-testid="photo-count">
          {t('photos.count', { count: images.length, max: POST_IMAGES_MAX })}
        </Text>
        {images.length > 1 && (
          <Text fz="xs" c="dimmed">
            {t('photos.coverHint')}
          </Text>
        )}
      </Group>

      {photos.error && (
        <Alert color="red" role="alert" withCloseButton onClose={photos.clearError} closeButtonLabel={t('photos.dismiss')}>
          {t(`errors:${photos.error}`)}
        </Alert>
      )}

      {count > 0 && (
        <SimpleGrid
          cols={{ base: 3, sm: 4, md: 5 }}
          spacing="sm"
          component="ol"
          className={classes.photoList}
          aria-label={t('photos.listLabel')}
        >
          {images.map((img, i) => (
            <li key={img.id} data-testid="photo-thumb">
              <Paper radius="md" withBorder style={{ overflow: 'hidden' }}>
                <AspectRatio ratio={1}>
                  <img src={img.thumbUrl} alt={t('photos.photo', { n: i + 1 })} style={{ objectFit: 'cover' }} />
                </AspectRatio>
                {i === 0 && (
                  <Badge className={classes.cover} size="xs" variant="filled">
                    {t('photos.cover')}
                  </Badge>
                )}
                <Group gap={2} justify="center" p={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled={i === 0}
                    onClick={() => void photos.move(i, -1)}
                    aria-label={t('photos.moveLeft', { n: i + 1 })}
                  >
                    <IconArrowLeft size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled={i === images.length - 1}
                    onClick={() => void photos.move(i, 1)}
                    aria-label={t('photos.moveRight', { n: i + 1 })}
                  >
                    <IconArrowRight size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => void photos.remove(img.id)}
                    aria-label={t('photos.remove', { n: i + 1 })}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Paper>
            </li>
          ))}
          {pending.map((p) => (
            <li key={`pending-${p.key}`} data-testid="photo-uploading">
              <Paper radius="md" withBorder style={{ overflow: 'hidden' }}>
                <AspectRatio ratio={1}>
                  <img src={p.preview} alt="" style={{ objectFit: 'cover', opacity: 0.55 }} />
                </AspectRatio>
                <Box p={6}>
                  <Progress value={p.progress} size="sm" aria-label={t('photos.uploading', { name: p.name, percent: p.progress })} />
                  <Text fz={11} c="dimmed" mt={4} truncate>
                    {p.progress > 0 ? `${p.progress}%` : t('photos.waiting')}
                  </Text>
                </Box>
              </Paper>
            </li>
          ))}
        </SimpleGrid>
      )}
      {camera && (
        <CameraModal
          opened={camera}
          onClose={() => setCamera(false)}
          onCapture={(blob) => photos.addFiles([{ file: blob, name: `camera-${Date.now()}.jpg` }])}
        />
      )}
    </Stack>
  );
}
