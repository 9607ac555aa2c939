import { Image, ThemeIcon } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';

/** An item's square photo, or a placeholder (offers, goals, swap chains). */
export function ItemThumb({ url, size }: { url: string | null; size: number }) {
  return url ? (
    <Image src={url} alt="" w={size} h={size} radius="md" style={{ flexShrink: 0 }} />
  ) : (
    <ThemeIcon size={size} radius="md" variant="light" color="gray" style={{ flexShrink: 0 }}>
      <IconPhotoOff size={Math.round(size / 3)} aria-hidden="true" />
    </ThemeIcon>
  );
}
