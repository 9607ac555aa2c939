import { ActionIcon, AspectRatio, Box, Group, Image, Stack, UnstyledButton } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { IconChevronLeft, IconChevronRight, IconZoomIn } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { PostImage } from '@swapu/shared/api';

function Arrows({ onPrev, onNext, size = 36 }: { onPrev: () => void; onNext: () => void; size?: number }) {
  const { t } = useTranslation('posts');
  const style = { position: 'absolute' as const, top: '50%', transform: 'translateY(-50%)', zIndex: 2 };
  const arrows = [
    { side: 'left', onClick: onPrev, label: t('detail.previousPhoto'), Icon: IconChevronLeft },
    { side: 'right', onClick: onNext, label: t('detail.nextPhoto'), Icon: IconChevronRight },
  ] as const;
  return arrows.map(({ side, onClick, label, Icon }) => (
    <ActionIcon key={side} variant="white" radius="xl" size={size} style={{ ...style, [side]: 8 }} onClick={onClick} aria-label={label}>
      <Icon size={20} />
    </ActionIcon>
  ));
}

/**
 * The post's photos: a carousel (arrows, keyboard, thumbnails) with a zoomed view that fills the
 * screen; a second click in the zoomed view magnifies the photo further.
 */
export function PostGallery({ images, title }: { images: PostImage[]; title: string }) {
  const { t } = useTranslation('posts');
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [magnified, setMagnified] = useState(false);
  const current = images[index] ?? images[0];
  if (!current) return null;
  const many = images.length > 1;
  const go = (delta: number) => {
    setMagnified(false);
    setIndex((i) => (i + delta + images.length) % images.length);
  };
  const onKey = (e: KeyboardEvent) => {
    if (!many) return;
    if (e.key === 'ArrowLeft') go(-1);
    if (e.key === 'ArrowRight') go(1);
  };
  const alt = `${title} – ${t('detail.photo', { n: index + 1, total: images.length })}`;
  return (
    <Stack gap="sm" onKeyDown={onKey}>
      <Box pos="relative">
        <AspectRatio ratio={1} style={{ borderRadius: 16, overflow: 'hidden', background: 'var(--mantine-color-sand-1)' }}>
          <UnstyledButton onClick={() => setZoomed(true)} aria-label={t('detail.zoom')} style={{ cursor: 'zoom-in' }}>
            <Image
              src={current.url}
              srcSet={current.srcSet}
              sizes="(min-width: 62em) 640px, 100vw"
              width={current.width}
              height={current.height}
              alt={alt}
              fit="contain"
              h="100%"
              fetchPriority={index === 0 ? 'high' : 'auto'}
              data-testid="post-main-image"
            />
          </UnstyledButton>
        </AspectRatio>
        {many && <Arrows onPrev={() => go(-1)} onNext={() => go(1)} />}
        <ActionIcon
          variant="white"
          radius="xl"
          size={36}
          style={{ position: 'absolute', right: 8, bottom: 8 }}
          onClick={() => setZoomed(true)}
          aria-label={t('detail.zoom')}
        >
          <IconZoomIn size={18} />
        </ActionIcon>
      </Box>
      {many && (
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
              <Image src={img.thumbUrl} alt="" w={64} h={64} width={64} height={64} loading="lazy" decoding="async" />
            </UnstyledButton>
          ))}
        </Group>
      )}
      <Dialog
        opened={zoomed}
        onClose={() => {
          setZoomed(false);
          setMagnified(false);
        }}
        fullScreen
        title={alt}
        styles={{
          body: { height: 'calc(100dvh - 70px)', padding: 0 },
          content: { background: '#111' },
          header: { background: '#111', color: '#fff' },
        }}
      >
        <Box pos="relative" h="100%" style={{ overflow: 'auto' }} onKeyDown={onKey}>
          <UnstyledButton
            onClick={() => setMagnified((m) => !m)}
            style={{ display: 'block', width: '100%', height: magnified ? 'auto' : '100%', cursor: magnified ? 'zoom-out' : 'zoom-in' }}
            aria-label={t('detail.zoom')}
          >
            <Image
              src={current.url}
              alt={alt}
              fit="contain"
              h={magnified ? 'auto' : '100%'}
              w={magnified ? '200%' : '100%'}
              maw="none"
              data-testid="post-zoomed-image"
            />
          </UnstyledButton>
          {many && <Arrows onPrev={() => go(-1)} onNext={() => go(1)} size={44} />}
        </Box>
      </Dialog>
    </Stack>
  );
}
