import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../test/database';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { backup, readBackup, restore, sha256Of } from './backup';
import { s3Storage, type S3Storage } from './s3-storage';

/**
 * The object store's half of a backup on a bucket (decision 0044): listed, copied out with
 * checksums and restored into another, empty bucket, whose objects carry their sha256 as the
 * server's own writes do; a bucket with objects is refused. (Listing past 1,000 objects, page after
 * page, is the adapter's, proven by lib/storage.contract.test.ts.) The store's half does not depend
 * on the database's engine: it runs in the PGlite stage only.
 */
const ENGINE_FREE = TEST_DB_KIND === 'pglite';
let work: string;
let from: S3TestServer;
let into: S3TestServer;
let source: S3Storage;
let target: S3Storage;
let pglite: PGlite;
const KEYS = Array.from({ length: 60 }, (_, i) => `posts/p${String(i % 7)}/img-${i}/${i % 2 ? 'sm' : 'lg'}.webp`);
const bytesOf = (key: string) => Buffer.from(`photo ${key} ${'x'.repeat(key.length % 50)}`);

beforeAll(async () => {
  if (!ENGINE_FREE) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-backup-s3-'));
  [from, into] = await Promise.all([startS3Server({ bucket: 'swapu-from' }), startS3Server({ bucket: 'swapu-into' })]);
  [source, target] = await Promise.all([s3Storage(from.config), s3Storage(into.config)]);
  for (let i = 0; i < KEYS.length; i += 50) await Promise.all(KEYS.slice(i, i + 50).map((k) => source.put(k, bytesOf(k))));
  pglite = await PGlite.create();
  await pglite.exec(`create table kept (id int primary key, note text); insert into kept values (1, 'one'), (2, 'two');`);
}, 60_000);

afterAll(async () => {
  source?.close();
  target?.close();
  await pglite?.close();
  await Promise.all([from?.stop(), into?.stop()]);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe.runIf(ENGINE_FREE)('a backup of a bucket', () => {
  it('copies every object out with its checksum and restores them into an empty bucket; refuses one that has objects', async () => {
    const out = path.join(work, 'backup');
    const secrets = { jwtSecret: 'j'.repeat(32), encryptionKey: 'k'.repeat(32), fromEnv: { jwtSecret: true, encryptionKey: true } };
    const manifest = await backup({
      out,
      database: { engine: 'pglite', pglite },
      storage: source,
      uploadsDir: '/nonexistent',
      dataDir: work,
      secrets,
      appVersion: 'test',
    });
    expect(manifest.storage).toMatchObject({ driver: 's3', source: 'bucket swapu-from', objects: KEYS.length });
    const { objects } = await readBackup(out);
    expect(objects.map((o) => o.key)).toEqual([...KEYS].sort());
    for (const o of objects) expect(o.sha256).toBe(sha256Of(bytesOf(o.key)));

    const dataDir = path.join(work, 'target');
    const to = {
      dir: out,
      database: { engine: 'pglite' as const, dataDir: path.join(dataDir, 'pglite') },
      storage: target,
      uploadsDir: '/nonexistent',
      dataDir,
    };
    const report = await restore(to);
    expect(report.objects).toBe(KEYS.length);
    for (const key of [KEYS[0]!, KEYS[31]!, KEYS[59]!]) {
      expect(await target.get(key)).toEqual(bytesOf(key));
      expect((await target.stat(key))?.sha256).toBe(sha256Of(bytesOf(key)));
    }
    let listed = 0;
    for await (const page of target.list('')) listed += page.length;
    expect(listed).toBe(KEYS.length);
    const restored = await PGlite.create({ dataDir: to.database.dataDir });
    expect((await restored.query('select note from kept order by id')).rows).toEqual([{ note: 'one' }, { note: 'two' }]);
    await restored.close();

    // Into a fresh database folder, but the bucket has the objects now: refused.
    const again = { ...to, database: { engine: 'pglite' as const, dataDir: path.join(work, 'other', 'pglite') } };
    await expect(restore(again)).rejects.toThrow(
      `Refusing to restore over data: the bucket swapu-into holds ${KEYS.length} objects. Nothing was changed.`,
    );
    expect(fs.existsSync(again.database.dataDir)).toBe(false);
  });
});
