import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors';
import {
  isInappropriate,
  ModerationUnavailableError,
  needsReview,
  nsfwModerator,
  NSFW_CLASSES,
  sexualScore,
  type ModerationVerdict,
} from './moderation';

/** Five scores, everything not named going to Neutral so they sum to 1. */
function scores(s: Partial<Record<(typeof NSFW_CLASSES)[number], number>>): Record<string, number> {
  const named = Object.values(s).reduce((a, b) => a + b, 0);
  return {
    Drawing: 0,
    Hentai: 0,
    Porn: 0,
    Sexy: 0,
    ...s,
    Neutral: s.Neutral ?? Math.max(0, 1 - named),
  };
}

describe('isInappropriate', () => {
  it.each([
    ['an ordinary photo', scores({ Neutral: 0.97, Drawing: 0.02, Sexy: 0.01 })],
    ['a drawing', scores({ Drawing: 0.95, Hentai: 0.03 })],
    ['some porn, below the line', scores({ Porn: 0.69 })],
    ['porn and hentai together just below 0.7', scores({ Porn: 0.4, Hentai: 0.29 })],
    ['swimwear (sexy, not sure)', scores({ Sexy: 0.89 })],
    ['sexy with a little porn, below 0.9 together', scores({ Sexy: 0.6, Porn: 0.29 })],
  ])('lets through %s', (_, s) => {
    expect(isInappropriate(s)).toBe(false);
  });

  it.each([
    ['porn', scores({ Porn: 0.7 })],
    ['hentai', scores({ Hentai: 0.72, Drawing: 0.2 })],
    ['porn and hentai together', scores({ Porn: 0.4, Hentai: 0.31 })],
    ['very sexy', scores({ Sexy: 0.9 })],
    ['sexy and porn together from 0.9', scores({ Sexy: 0.45, Porn: 0.5 })],
    ['a missing class', { Drawing: 0.1, Neutral: 0.9, Porn: 0, Sexy: 0 }],
    ['a score that is not a number', scores({ Porn: Number.NaN })],
  ])('refuses %s', (_, s) => {
    expect(isInappropriate(s)).toBe(true);
  });
});

describe('needsReview (stored, but queued for an admin: decision 0007)', () => {
  it.each([
    ['an ordinary photo', scores({ Neutral: 0.97, Drawing: 0.02, Sexy: 0.01 })],
    ['some porn, below 0.4', scores({ Porn: 0.39 })],
    ['swimwear below 0.7', scores({ Sexy: 0.69 })],
    ['sexy with a little porn, below 0.7 together', scores({ Sexy: 0.4, Porn: 0.29 })],
  ])('leaves alone %s', (_, s) => {
    expect(needsReview(s)).toBe(false);
  });

  it.each([
    ['porn from 0.4', scores({ Porn: 0.4 })],
    ['porn and hentai together from 0.4', scores({ Porn: 0.2, Hentai: 0.2 })],
    ['sexy from 0.7', scores({ Sexy: 0.7 })],
    ['sexy and porn together from 0.7', scores({ Sexy: 0.45, Porn: 0.25 })],
    ['anything refused (the refusal comes first anyway)', scores({ Porn: 0.9 })],
  ])('flags %s', (_, s) => {
    expect(needsReview(s)).toBe(true);
  });

  it('stores the sum of the sexual classes as the score, clamped to 0–1, a missing class as 0', () => {
    expect(sexualScore(scores({ Porn: 0.2, Hentai: 0.1, Sexy: 0.3 }))).toBeCloseTo(0.6, 6);
    expect(sexualScore({ Neutral: 1 })).toBe(0);
    expect(sexualScore({ Porn: 0.7, Hentai: 0.3, Sexy: 0.3 })).toBe(1);
  });
});

/** A product-like photo: a wooden chair on a plain floor and wall. */
async function chairJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#dfe6ea"/><rect y="430" width="800" height="170" fill="#b9a68c"/>
    <rect x="300" y="120" width="200" height="180" rx="10" fill="#7a4a21"/>
    <rect x="280" y="300" width="240" height="40" fill="#8b5a2b"/>
    <rect x="290" y="340" width="22" height="170" fill="#5c3b1c"/><rect x="488" y="340" width="22" height="170" fill="#5c3b1c"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

function expectFiveScores(v: ModerationVerdict) {
  expect(Object.keys(v.scores).sort()).toEqual([...NSFW_CLASSES].sort());
  for (const p of Object.values(v.scores)) expect(p).toBeGreaterThanOrEqual(0);
  expect(Object.values(v.scores).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
}

describe('nsfwModerator (the real model, from node_modules)', () => {
  const moderator = nsfwModerator();
  let chair: Buffer;
  let first: ModerationVerdict;
  const processHandlers = () => [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
  let handlersBefore: number[];

  beforeAll(async () => {
    chair = await chairJpeg();
    handlersBefore = processHandlers();
    first = await moderator.check(chair); // loads tfjs, the wasm backend and the model: once per file
  });

  it('leaves no process-wide error handlers behind (emscripten adds two)', () => {
    expect(processHandlers()).toEqual(handlersBefore);
  });

  it('classifies a product photo as not inappropriate, with all five class scores', () => {
    expectFiveScores(first);
    expect(first.inappropriate).toBe(false);
    expect(first.scores.Neutral! + first.scores.Drawing!).toBeGreaterThan(0.9);
  });

  it('judges the e2e avatar fixture, a JPEG from disk, as fine', async () => {
    const avatar = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../e2e/fixtures/avatar.jpg'));
    const v = await moderator.check(avatar);
    expectFiveScores(v);
    expect(v.inappropriate).toBe(false);
  });

  it('runs two checks at once, both resolving, with the same answer for the same picture', async () => {
    const [a, b] = await Promise.all([moderator.check(chair), moderator.check(chair)]);
    expect(a.scores).toEqual(first.scores);
    expect(b.scores).toEqual(first.scores);
  });

  it('reads the formats uploads come in: transparent PNG, one-channel grey, 16-bit, CMYK, WebP, GIF', async () => {
    const base = sharp(chair);
    const inputs = await Promise.all([
      base.clone().ensureAlpha(0.5).png().toBuffer(),
      base.clone().toColourspace('b-w').png().toBuffer(),
      base.clone().toColourspace('rgb16').png().toBuffer(),
      base.clone().toColourspace('cmyk').jpeg().toBuffer(),
      base.clone().webp().toBuffer(),
      base.clone().gif().toBuffer(),
    ]);
    const verdicts = await Promise.all(inputs.map((i) => moderator.check(i)));
    for (const v of verdicts) {
      expectFiveScores(v);
      expect(v.inappropriate).toBe(false);
    }
  });

  it('frees every tensor it makes', async () => {
    const tf = await import('@tensorflow/tfjs');
    expect(tf.getBackend()).toBe('wasm');
    const before = tf.memory().numTensors;
    await Promise.all([moderator.check(chair), moderator.check(chair), moderator.check(chair)]);
    expect(tf.memory().numTensors).toBe(before);
  });

  it('refuses bytes that are not an image as an invalid image', async () => {
    await expect(moderator.check(Buffer.from('not an image'))).rejects.toMatchObject({ code: 'image_invalid' });
    await expect(moderator.check(Buffer.from('not an image'))).rejects.toBeInstanceOf(AppError);
  });
});

describe('nsfwModerator when the model cannot be loaded', () => {
  it('fails closed, and tries to load again on the next check', async () => {
    const modelJson = vi.fn(() => Promise.reject(new Error('model.min.js is missing')));
    vi.resetModules();
    vi.doMock('nsfwjs/models/mobilenet_v2', () => ({
      MobileNetV2Model: {
        name: 'MobileNetV2',
        numOfWeightBundles: 1,
        modelJson,
        weightBundles: [],
      },
    }));
    try {
      // A fresh copy of the module, so its own model has not been loaded yet.
      const fresh = await import('./moderation');
      const moderator = fresh.nsfwModerator();
      const image = await chairJpeg();
      const error = await moderator.check(image).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(fresh.ModerationUnavailableError);
      expect((error as Error).cause).toMatchObject({
        message: 'model.min.js is missing',
      });
      await expect(moderator.check(image)).rejects.toThrow('The moderation model could not be loaded');
      expect(modelJson).toHaveBeenCalledTimes(2);
    } finally {
      vi.doUnmock('nsfwjs/models/mobilenet_v2');
      vi.resetModules();
    }
  });

  it('is a distinct error type the route can tell apart', () => {
    expect(new ModerationUnavailableError('x')).toBeInstanceOf(Error);
    expect(new ModerationUnavailableError('x')).not.toBeInstanceOf(AppError);
  });
});
