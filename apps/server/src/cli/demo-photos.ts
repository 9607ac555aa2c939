// npm run demo:photos: renders every photo of the demo marketplace, in every size, into the picture
// cache that fresh data directories copy from (SEED_PICTURE_CACHE, or
// node_modules/.cache/swapu-demo-pictures: db/seed/demo-pictures.ts). The demo is seeded into a
// throwaway in-memory database and a temporary folder, both gone at the end; nothing else is
// touched. npm test runs it in its second stage, so the journeys' two servers (and bench:lighthouse)
// start in the last one with every photo cached instead of each rendering all 545 photos again
// (docs/decisions/0047-ci-time.md, 2026-12-06).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../db/client';
import { ensureReferenceData } from '../db/reference-data';
import { pictureCacheDir } from '../db/seed/demo-pictures';
import { SEED_STEPS, seedDemo } from '../db/seed/demo';
import { progressLine } from '../lib/progress-line';
import { localStorage } from '../lib/storage';

const cacheDir = pictureCacheDir();
if (!cacheDir) {
  console.error('SEED_PICTURE_CACHE is "off": there is no picture cache to fill.');
  process.exit(1);
}
const started = performance.now();
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-demo-photos-'));
const database = await openPglite(undefined);
try {
  await database.migrate();
  await ensureReferenceData(database.db);
  const line = progressLine(process.stdout, 'demo photos', SEED_STEPS.length + 1);
  const { laterSizes, images } = await seedDemo(database.db, localStorage(uploads), new Date(), () => {}, {
    pictureCache: cacheDir,
    progress: (step, label, done, total) => line.update(step, label, done, total),
  });
  const written = await laterSizes({ onProgress: (done, total) => line.update(SEED_STEPS.length + 1, 'more photo sizes', done, total) });
  line.end();
  if (written !== images) throw new Error(`only ${written} of ${images} photos were written`);
  console.log(`${images} demo photos in every size are in ${cacheDir} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await database.close();
  fs.rmSync(uploads, { recursive: true, force: true });
}
