import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { nsfwModerator, NSFW_CLASSES, threadModerator } from './moderation';

async function chairJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#dfe6ea"/><rect y="430" width="800" height="170" fill="#b9a68c"/>
    <rect x="300" y="120" width="200" height="180" rx="10" fill="#7a4a21"/>
    <rect x="280" y="300" width="240" height="40" fill="#8b5a2b"/>
    <rect x="290" y="340" width="22" height="170" fill="#5c3b1c"/><rect x="488" y="340" width="22" height="170" fill="#5c3b1c"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

describe("threadModerator (the server's: the model in a thread released when idle, decision 0048)", () => {
  const moderator = threadModerator({ idleMs: 300 });
  afterAll(() => moderator.close());

  it('starts no thread until the first check, and refuses bytes that are not an image without one', async () => {
    expect(moderator.threadRunning()).toBe(false);
    await expect(moderator.check(Buffer.from('not an image'))).rejects.toMatchObject({ code: 'image_invalid' });
    await expect(moderator.check(Buffer.from('not an image'))).rejects.toBeInstanceOf(AppError);
    expect(moderator.threadRunning()).toBe(false);
  });

  it('answers what the model in this thread answers, checks at once included', async () => {
    const chair = await chairJpeg();
    const here = await nsfwModerator().check(chair);
    const [a, b] = await Promise.all([moderator.check(chair), moderator.check(chair)]);
    expect(Object.keys(a.scores).sort()).toEqual([...NSFW_CLASSES].sort());
    expect(a).toEqual(here);
    expect(b).toEqual(here);
    expect(moderator.threadRunning()).toBe(true);
  });

  it('ends the thread once idle, and the next check starts another that answers the same', async () => {
    const chair = await chairJpeg();
    const before = await moderator.check(chair);
    await new Promise((r) => setTimeout(r, 1000));
    expect(moderator.threadRunning()).toBe(false);
    expect(await moderator.check(chair)).toEqual(before);
    expect(moderator.threadRunning()).toBe(true);
  });

  it('ends the thread on close', async () => {
    const other = threadModerator();
    await other.check(await chairJpeg());
    expect(other.threadRunning()).toBe(true);
    await other.close();
    expect(other.threadRunning()).toBe(false);
  });
});
