import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { securityHeaders } from './security-headers';
import { openStorage } from './open-storage';
import { isS3Storage } from './storage';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-storage-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'y'.repeat(32), ...env });

describe('storage settings', () => {
  it('keep the local folder by default, S3_* set or not: only STORAGE_DRIVER=s3 moves the server onto the bucket', async () => {
    expect(load({}).storage).toEqual({ driver: 'local', s3: undefined, mediaPublicUrl: undefined });
    const filling = load({ S3_BUCKET: 'swapu-photos', S3_ENDPOINT: 'http://10.0.0.5:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(filling.storage.driver).toBe('local');
    expect(isS3Storage(await openStorage(filling))).toBe(false);

    const on = load({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'swapu-photos',
      S3_ENDPOINT: 'https://abc.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(on.storage).toEqual({
      driver: 's3',
      s3: {
        bucket: 'swapu-photos',
        endpoint: 'https://abc.r2.cloudflarestorage.com',
        region: 'auto',
        accessKeyId: 'AKIA',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      },
      mediaPublicUrl: undefined,
    });
    const storage = await openStorage(on);
    expect(isS3Storage(storage)).toBe(true);
    if (isS3Storage(storage)) storage.close();
    // AWS itself: no endpoint, the region's default, and the SDK's own credential chain.
    expect(load({ STORAGE_DRIVER: 's3', S3_BUCKET: 'swapu-photos' }).storage.s3).toMatchObject({
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it('refuse, by name, a bucket driver without a bucket, half a key pair, a bad bucket name and an http CDN for an https site', () => {
    expect(() => load({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
    expect(() => load({ S3_BUCKET: 'swapu-photos', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/);
    expect(() => load({ S3_BUCKET: 'Photos_Bucket' })).toThrow(/S3_BUCKET: a bucket name is 3-63/);
    expect(() => load({ S3_BUCKET: 'ab' })).toThrow(/S3_BUCKET/);
    expect(() => load({ STORAGE_DRIVER: 'disk' })).toThrow(/STORAGE_DRIVER/);
    expect(() => load({ PUBLIC_URL: 'https://swapu.example', MEDIA_PUBLIC_URL: 'http://cdn.example.com' })).toThrow(
      /MEDIA_PUBLIC_URL: must be https when PUBLIC_URL is/,
    );
    expect(() => load({ MEDIA_PUBLIC_URL: 'ftp://cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL/);
  });

  it('let the page load images from MEDIA_PUBLIC_URL’s origin and nowhere else', () => {
    const imgSrc = (env: Record<string, string>) => {
      const csp = securityHeaders(load(env)).contentSecurityPolicy;
      return (csp as { directives: Record<string, string[]> }).directives['img-src'];
    };
    expect(imgSrc({})).toEqual(["'self'", 'data:', 'blob:']);
    expect(imgSrc({ PUBLIC_URL: 'https://swapu.example', MEDIA_PUBLIC_URL: 'https://cdn.example.com/photos/' })).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.example.com',
    ]);
    expect(load({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/photos/' }).storage.mediaPublicUrl).toBe('https://cdn.example.com/photos');
  });
});
