import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { s3Storage } from './s3-storage';
import { localStorage, type Storage } from './storage';

/**
 * The storage port's contract, run against both adapters: the local folder and an S3 bucket on a
 * real S3-compatible server (s3rver) the suite starts itself.
 */
type Adapter = { storage: Storage; cdn: (publicUrl: string) => Promise<Storage>; stop: () => Promise<void> };

const adapters: Record<string, () => Promise<Adapter>> = {
  'the local folder': async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-storage-'));
    return {
      storage: localStorage(root),
      cdn: async (publicUrl) => localStorage(root, { publicUrl }),
      stop: async () => fs.rmSync(root, { recursive: true, force: true }),
    };
  },
  'an S3 bucket': async () => {
    const server: S3TestServer = await startS3Server();
    const storage = await s3Storage(server.config);
    return {
      storage,
      cdn: async (publicUrl) => {
        const cdn = await s3Storage(server.config, { publicUrl });
        cdn.close();
        return cdn;
      },
      stop: async () => {
        storage.close();
        await server.stop();
      },
    };
  },
};

const bytes = (text: string) => Buffer.from(text);

describe.each(Object.keys(adapters))('storage on %s', (name) => {
  let a: Adapter;
  let s: Storage;
  beforeAll(async () => {
    a = await adapters[name]!();
    s = a.storage;
  });
  afterAll(async () => {
    await a?.stop();
  });

  it('answers a ping (what /api/ready asks) when it can be used', async () => {
    await expect(s.ping()).resolves.toBeUndefined();
  });

  it('gives back what was put, byte for byte, and knows it exists', async () => {
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    expect(await s.exists('posts/p1/i1/lg.webp')).toBe(false);
    await s.put('posts/p1/i1/lg.webp', data);
    expect(await s.exists('posts/p1/i1/lg.webp')).toBe(true);
    expect((await s.get('posts/p1/i1/lg.webp'))!.equals(data)).toBe(true);
  });

  it('replaces an object written again under the same key', async () => {
    await s.put('avatars/u1/a/lg.webp', bytes('first version'));
    await s.put('avatars/u1/a/lg.webp', bytes('second'));
    expect((await s.get('avatars/u1/a/lg.webp'))!.toString()).toBe('second');
  });

  it('answers null and false for an object that is not there', async () => {
    expect(await s.get('posts/nothing/here.webp')).toBeNull();
    expect(await s.exists('posts/nothing/here.webp')).toBe(false);
  });

  it('removes one object by its key, and a missing one without complaint', async () => {
    await s.put('blog/b1/c1/lg.webp', bytes('cover'));
    await s.put('blog/b1/c1/sm.webp', bytes('small cover'));
    await s.remove('blog/b1/c1/lg.webp');
    expect(await s.exists('blog/b1/c1/lg.webp')).toBe(false);
    expect(await s.exists('blog/b1/c1/sm.webp')).toBe(true);
    await s.remove('blog/b1/c1/lg.webp');
    await s.remove('blog/never/');
  });

  it('removes every object under a prefix, over a thousand of them, and nothing outside it', async () => {
    // 1,003 objects: more than one page of a bucket listing (and of one DeleteObjects call).
    const inside = [
      ...Array.from({ length: 1000 }, (_, i) => `posts/gone/i${String(i).padStart(4, '0')}/sm.webp`),
      'posts/gone/deeper/still/lg.webp',
      'posts/gone/x.pdf',
      'posts/gone/a',
    ];
    const outside = ['posts/gone-not/i1/sm.webp', 'posts/goner/x.webp', 'posts/kept/gone/x.webp', 'other/posts/gone/x.webp'];
    const all = [...inside, ...outside];
    for (let i = 0; i < all.length; i += 32) await Promise.all(all.slice(i, i + 32).map((k) => s.put(k, bytes(k))));
    await s.remove('posts/gone/');
    // In batches, as the puts above: a thousand requests at once outran the S3 server's accept queue
    // on a saturated CI machine (a connection not made within the client's 5 s).
    const left = async (keys: string[]) => {
      const found: string[] = [];
      for (let i = 0; i < keys.length; i += 32)
        for (const k of await Promise.all(keys.slice(i, i + 32).map(async (k) => ((await s.exists(k)) ? k : null)))) if (k) found.push(k);
      return found;
    };
    expect(await left(inside)).toEqual([]);
    expect(await left(outside)).toEqual(outside);
    expect((await s.get('posts/goner/x.webp'))!.toString()).toBe('posts/goner/x.webp');
  });

  it('refuses keys that could leave the folder or bucket prefix, for every operation', async () => {
    for (const key of [
      '../escape.webp',
      'posts/../../etc/passwd',
      '/etc/passwd',
      '',
      '.hidden',
      'posts/a b.webp',
      'posts/ü.webp',
      'posts\\x',
    ]) {
      await expect(s.put(key, bytes('x')), key).rejects.toThrow(/unsafe storage key/);
      await expect(s.get(key), key).rejects.toThrow(/unsafe storage key/);
      await expect(s.exists(key), key).rejects.toThrow(/unsafe storage key/);
      await expect(s.remove(key), key).rejects.toThrow(/unsafe storage key/);
    }
    await expect(s.remove('/'), 'the whole store').rejects.toThrow(/unsafe storage key/);
  });

  it('names an object by /media/<key>, or under MEDIA_PUBLIC_URL when one is set', async () => {
    expect(s.url('posts/p1/i1/sm.webp')).toBe('/media/posts/p1/i1/sm.webp');
    expect((await a.cdn('https://cdn.example.com')).url('posts/p1/i1/sm.webp')).toBe('https://cdn.example.com/posts/p1/i1/sm.webp');
    expect((await a.cdn('https://cdn.example.com/swapu/')).url('avatars/u/a/lg.webp')).toBe(
      'https://cdn.example.com/swapu/avatars/u/a/lg.webp',
    );
  });
});
