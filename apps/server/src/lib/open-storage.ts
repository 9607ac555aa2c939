import type { Config } from '../config';
import { localStorage, type Storage } from './storage';

/**
 * The storage the configuration names: the local folder (DATA_DIR/uploads), or the bucket. The
 * AWS SDK is loaded only for a bucket: a server on the local default never pays its import.
 */
export async function openStorage(config: Pick<Config, 'storage' | 'uploadsDir'>): Promise<Storage & { close?: () => void }> {
  const { driver, s3, mediaPublicUrl } = config.storage;
  if (driver === 'local') return localStorage(config.uploadsDir, { publicUrl: mediaPublicUrl });
  if (!s3) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
  const { s3Storage } = await import('./s3-storage');
  return s3Storage(s3, { publicUrl: mediaPublicUrl });
}
