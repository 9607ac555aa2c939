// Check 1: a photo uploaded through one instance is served by the other. The upload goes to
// app1 directly, then every size of the photo is fetched from app2 directly, from app1, and
// through the balancer: the same bytes everywhere (object storage shared by the instances, not a
// folder of the instance that received the upload).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { call, expectStatus, signUp } from './api';
import { appUrl, LB_URL, ROOT } from './cluster';
import type { Check } from './checks';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 12);

/** GET a photo URL (a /media path on `base`, or an absolute URL), following redirects (a CDN's). */
async function fetchPhoto(base: string, url: string): Promise<{ status: number; hash: string; bytes: number; via: string }> {
  let target = url.startsWith('http') ? url : base + url;
  for (let hop = 0; hop < 4; hop++) {
    const res = await fetch(target, { redirect: 'manual', signal: AbortSignal.timeout(10_000) }).catch(() => null);
    if (!res) return { status: 0, hash: '', bytes: 0, via: target };
    const buf = Buffer.from(await res.arrayBuffer());
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      target = new URL(location, target).toString();
      continue;
    }
    return { status: res.status, hash: res.status === 200 ? sha(buf) : '', bytes: buf.length, via: new URL(target).host };
  }
  return { status: 310, hash: '', bytes: 0, via: target };
}

export const photoCheck: Check = {
  id: 'photo',
  name: 'a photo uploaded through one instance is served by the other',
  async run() {
    const m = await signUp('photo');
    const post = expectStatus(
      await call<{ id: string }>(appUrl('app1'), 'POST', '/api/v1/posts', { token: m.token, body: { title: 'Cluster bike' } }),
      201,
      'new listing on app1',
    );
    const form = new FormData();
    const jpeg = fs.readFileSync(path.join(ROOT, 'e2e/fixtures/bike.jpg'));
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'bike.jpg');
    const up = await call<{ images: Array<{ url: string; thumbUrl: string; srcSet: string }> }>(
      appUrl('app1'),
      'POST',
      `/api/v1/posts/${post.id}/images`,
      { token: m.token, form, timeoutMs: 30_000 },
    );
    const image = expectStatus(up, 201, 'photo upload to app1').images[0]!;
    const urls = [...new Set([image.url, image.thumbUrl, ...image.srcSet.split(',').map((s) => s.trim().split(' ')[0]!)])];
    const figures: string[] = [`uploaded to app1: ${jpeg.length} bytes JPEG → ${urls.length} sizes`];
    let ok = true;
    for (const url of urls) {
      const from = {
        app1: await fetchPhoto(appUrl('app1'), url),
        app2: await fetchPhoto(appUrl('app2'), url),
        lb1: await fetchPhoto(LB_URL, url),
        lb2: await fetchPhoto(LB_URL, url),
      };
      const hashes = new Set(Object.values(from).map((f) => f.hash));
      const same = hashes.size === 1 && !hashes.has('');
      ok &&= same;
      figures.push(
        `${url.replace(/^.*\/(\w+\.webp)$/, '$1')}: app1 ${from.app1.status} (${from.app1.bytes} B), app2 ${from.app2.status} (${from.app2.bytes} B), ` +
          `balancer ${from.lb1.status}/${from.lb2.status}, ${same ? 'same bytes everywhere' : `DIFFERENT (${[...hashes].join(' ')})`}`,
      );
    }
    return { ok, figures };
  },
};
