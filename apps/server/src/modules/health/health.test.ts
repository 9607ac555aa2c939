import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { startS3Server } from '../../test/s3-server';

const root = path.resolve(import.meta.dirname, '../../../../..');
const packageVersion = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it("reports the root package.json's version (the one CHANGELOG.md and a release folder name)", async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: packageVersion });
    expect(packageVersion).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('GET /api/ready and the photo store', () => {
  it('is ready on a bucket that answers, and not ready (a fast 503) once the bucket is away', async () => {
    const s3 = await startS3Server();
    const onBucket = await createTestApp({ config: { storage: { driver: 's3', s3: s3.config, mediaPublicUrl: undefined } } });
    try {
      expect((await onBucket.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      await s3.stop();
      // A good answer stands for 5 s (a balancer asks every second): past it, the bucket is asked again.
      const later = performance.now() + 5001;
      const now = vi.spyOn(performance, 'now').mockImplementation(() => later);
      try {
        const started = Date.now();
        const res = await onBucket.app.inject({ url: '/api/ready' });
        expect(res.statusCode).toBe(503);
        expect(res.json().error.message).toBe('An error occurred');
        expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        now.mockRestore();
      }
    } finally {
      await onBucket.close();
    }
  });

  it('is not ready on a bucket that does not exist (or these credentials may not use)', async () => {
    const s3 = await startS3Server();
    const wrong = await createTestApp({
      config: { storage: { driver: 's3', s3: { ...s3.config, bucket: 'no-such-bucket' }, mediaPublicUrl: undefined } },
    });
    try {
      expect((await wrong.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await wrong.close();
      await s3.stop();
    }
  });

  it('is not ready when the uploads folder cannot be written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-ready-'));
    const uploads = path.join(dir, 'uploads');
    const blocked = await createTestApp({ config: { uploadsDir: uploads } });
    try {
      expect((await blocked.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      // The folder replaced by a file (a disk unmounted, a volume gone): nothing can be written there.
      fs.rmSync(uploads, { recursive: true, force: true });
      fs.writeFileSync(uploads, 'a file where the uploads folder should be');
      const later = performance.now() + 5001;
      const now = vi.spyOn(performance, 'now').mockImplementation(() => later);
      try {
        expect((await blocked.app.inject({ url: '/api/ready' })).statusCode).toBe(503);
      } finally {
        now.mockRestore();
      }
      expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await blocked.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
