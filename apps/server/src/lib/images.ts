import type { Metadata } from 'sharp';
import { sharp } from './lazy-module';
import { AppError } from './errors';

export interface Variant {
  name: string;
  width: number;
  height: number;
  /** 'cover' crops to exactly width×height (thumbnails, avatars); 'inside' keeps the whole picture within it. */
  fit?: 'cover' | 'inside';
}

/**
 * Decodes an upload to prove it is an image ('Please use valid image'), applies its EXIF
 * orientation, and re-encodes it as WebP at each size. Re-encoding drops every metadata block
 * (EXIF, GPS, XMP), so no location ever leaves the uploader's device through us.
 */
export async function toWebVariants(input: Buffer, variants: Variant[]): Promise<Map<string, Buffer>> {
  let meta: Metadata;
  try {
    meta = await sharp()(input, { failOn: 'error', limitInputPixels: 80_000_000 }).metadata();
  } catch {
    throw new AppError(400, 'image_invalid');
  }
  if (!meta.width || !meta.height || !['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff'].includes(meta.format ?? '')) {
    throw new AppError(400, 'image_invalid');
  }
  const out = new Map<string, Buffer>();
  try {
    for (const v of variants) {
      out.set(
        v.name,
        await sharp()(input, { failOn: 'error' })
          .rotate()
          .resize(v.width, v.height, v.fit === 'inside' ? { fit: 'inside', withoutEnlargement: true } : { fit: 'cover' })
          .webp({ quality: 80 })
          .toBuffer(),
      );
    }
  } catch {
    throw new AppError(400, 'image_invalid');
  }
  return out;
}
