import { AspectRatio, Group, Image, Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostImage } from '@swapu/shared/api';

/** The post's photos: one large image and a row of thumbnails to switch between them. */
export function PostGallery({ images, title }: { images: PostImage[]; title: string }) {
  const { t } = useTranslation('posts');
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return null;
  return (
    <Stack gap="sm">
      <AspectRatio ratio={1} style={{ borderRadius: 16, overflow: 'hidden', background: 'var(--mantine-color-sand-1)' }}>
        <Image
          src={current.url}
          alt={`${title} – ${t('detail.photo', { n: index + 1, total: images.length })}`}
          data-testid="post-main-image"
        />
      </AspectRatio>
      {images.length > 1 && (
        <Group gap="xs">
          {images.map((img, i) => (
            <UnstyledButton
              key={img.id}
              onClick={() => setIndex(i)}
              aria-label={t('detail.photo', { n: i + 1, total: images.length })}
              aria-pressed={i === index}
              style={{
                borderRadius: 10,
                overflow: 'hidden',
                outline: i === index ? '3px solid var(--mantine-color-swapu-6)' : '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <Image src={img.thumbUrl} alt="" w={72} h={72} />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}
