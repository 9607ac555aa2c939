import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sharp } from './lazy-module';
import type { NSFWJS } from 'nsfwjs/core';
import { AppError } from './errors';

/** The model's five classes, each a probability; they sum to about 1. */
export interface ModerationVerdict {
  inappropriate: boolean;
  scores: Record<string, number>;
}

export interface Moderator {
  check(image: Buffer): Promise<ModerationVerdict>;
  /** Releases what the moderator holds (the model's thread); the app calls it when it closes. */
  close?(): Promise<void>;
}

/** The classes of the nsfwjs models, in no particular order. */
export const NSFW_CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;

/**
 * Thresholds (docs/decisions/0007-image-moderation.md). Explicit content, photographed or drawn,
 * is refused from 0.7. 'Sexy' alone (swimwear, lingerie, bare chests: things a clothes listing
 * legitimately shows) is refused only when the model is nearly sure the picture is sexual, 0.9,
 * counting Porn and Hentai with it so a picture split between the three does not slip through.
 */
export const EXPLICIT_THRESHOLD = 0.7;
export const SEXUAL_THRESHOLD = 0.9;

/** Pure decision from class scores. A missing or non-numeric score counts as a refusal: we cannot vouch for it. */
export function isInappropriate(scores: Record<string, number>): boolean {
  const get = (name: string) => scores[name];
  const values = NSFW_CLASSES.map(get);
  if (values.some((v) => typeof v !== 'number' || !Number.isFinite(v))) return true;
  const porn = get('Porn')!;
  const hentai = get('Hentai')!;
  const sexy = get('Sexy')!;
  return porn + hentai >= EXPLICIT_THRESHOLD || porn + hentai + sexy >= SEXUAL_THRESHOLD;
}

/**
 * Review lines (decision 0007, "Review"): a photo below the refusal thresholds but close to them is
 * stored with moderation_flag 'flagged' so an admin looks at it in the moderation queue. Explicit
 * content from 0.4 (Porn + Hentai), or everything sexual from 0.7 (Porn + Hentai + Sexy).
 */
export const REVIEW_EXPLICIT_THRESHOLD = 0.4;
export const REVIEW_SEXUAL_THRESHOLD = 0.7;

/** The score stored with a photo: the sum of the model's sexual classes (Porn + Hentai + Sexy), 0–1. */
export function sexualScore(scores: Record<string, number>): number {
  const n = (name: string) => {
    const v = scores[name];
    return typeof v === 'number' && Number.isFinite(v) ? v : 0;
  };
  return Math.min(1, Math.max(0, n('Porn') + n('Hentai') + n('Sexy')));
}

/** Pure decision for a photo that passed: does it come close enough to the line for an admin to look? */
export function needsReview(scores: Record<string, number>): boolean {
  if (isInappropriate(scores)) return true;
  const porn = scores.Porn!;
  const hentai = scores.Hentai!;
  const sexy = scores.Sexy!;
  return porn + hentai >= REVIEW_EXPLICIT_THRESHOLD || porn + hentai + sexy >= REVIEW_SEXUAL_THRESHOLD;
}

/** The model's input: MobileNetV2 reads 224×224 RGB. */
const INPUT_SIZE = 224;

/** Thrown by check() when the model cannot be loaded or run: the upload must be refused (fail closed). */
export class ModerationUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModerationUnavailableError';
  }
}

type Tf = typeof import('@tensorflow/tfjs');
interface Loaded {
  tf: Tf;
  model: NSFWJS;
}

// One model per process: tfjs's engine is global, and the weights take ~10 MB.
let loading: Promise<Loaded> | null = null;
// Inferences run one after another (the wasm backend is single-threaded in Node and blocks the
// event loop while it computes); this is the tail of that queue.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Loads tfjs on the wasm backend and nsfwjs's bundled MobileNetV2, all from node_modules: the
 * .wasm binaries through a path resolved from this module (so it works from the esbuild bundle
 * too), the model's JSON and weights from the modules nsfwjs ships them in. No network.
 */
async function load(): Promise<Loaded> {
  const tf = await import('@tensorflow/tfjs');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  // setBackend() keeps the name even when initialisation fails, so look for the instance too.
  if (!(tf.getBackend() === 'wasm' && tf.engine().registry.wasm)) {
    const require = createRequire(import.meta.url);
    const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
    wasm.setWasmPaths(wasmDir + path.sep);
    // Emscripten's Node glue adds process handlers that rethrow every uncaught exception and
    // unhandled rejection (emscripten#11768, tfjs#5851): a crash would print its whole minified
    // source line, and the server's own handlers would be bypassed. We take them off again.
    const events = ['uncaughtException', 'unhandledRejection'];
    const emitter: NodeJS.EventEmitter = process;
    const before = new Set(events.flatMap((e) => emitter.listeners(e)));
    try {
      if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend did not initialise');
    } finally {
      for (const e of events) {
        for (const listener of emitter.listeners(e)) {
          if (!before.has(listener)) emitter.removeListener(e, listener as (...args: unknown[]) => void);
        }
      }
    }
  }
  await tf.ready();
  // Never fall back to tfjs's pure-JS cpu backend: some 25 times slower, and it prints a banner.
  if (tf.getBackend() !== 'wasm') throw new Error(`tfjs is on the ${tf.getBackend()} backend, not wasm`);

  const [{ NSFWJS }, { MobileNetV2Model }] = await Promise.all([import('nsfwjs/core'), import('nsfwjs/models/mobilenet_v2')]);
  const modelJson = (await MobileNetV2Model.modelJson()).default;
  const shards = await Promise.all(MobileNetV2Model.weightBundles.map(async (bundle) => (await bundle()).default));
  // The shards are base64 strings, in the order of the manifest's paths (one for MobileNetV2).
  const weights = Buffer.concat(shards.map((s) => Buffer.from(s, 'base64')));
  const handler = tf.io.fromMemory({
    modelTopology: modelJson.modelTopology,
    weightSpecs: (modelJson.weightsManifest ?? []).flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  });
  // Built directly rather than through nsfwjs's load(), which logs a notice on every load.
  const model = new NSFWJS(handler, { size: INPUT_SIZE });
  await model.load(); // also runs one warm-up prediction
  return { tf, model };
}

function loaded(): Promise<Loaded> {
  if (!loading) {
    loading = load().catch((err: unknown) => {
      loading = null; // try again on the next check rather than stay broken for the process's life
      throw new ModerationUnavailableError('The moderation model could not be loaded', { cause: err });
    });
  }
  return loading;
}

/** Decodes any image sharp reads, upright, squashed to the model's square input, as raw RGB bytes. */
export async function toModelInput(image: Buffer): Promise<Buffer> {
  try {
    return await sharp()(image, { failOn: 'error', limitInputPixels: 80_000_000 })
      .rotate()
      // The whole picture, stretched like nsfwjs's own resize: cropping could cut out what matters.
      .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' })
      // Transparent areas become white, as the picture will be shown on a light page.
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      // Three 8-bit channels whatever came in (grey, CMYK, 16-bit). sharp already converts on
      // this path; saying so keeps it true if the pipeline changes.
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer();
  } catch {
    throw new AppError(400, 'image_invalid');
  }
}

async function classify({ tf, model }: Loaded, pixels: Buffer): Promise<Record<string, number>> {
  if (pixels.length !== INPUT_SIZE * INPUT_SIZE * 3) throw new Error(`unexpected model input of ${pixels.length} bytes`);
  const input = tf.tensor3d(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), [INPUT_SIZE, INPUT_SIZE, 3], 'int32');
  try {
    const predictions = await model.classify(input, NSFW_CLASSES.length);
    return Object.fromEntries(predictions.map((p) => [p.className, p.probability]));
  } finally {
    input.dispose();
  }
}

/**
 * The model's class scores for pixels made by toModelInput, in this thread: loads the model on
 * first use (ModerationUnavailableError when it cannot, tried again on the next call), one
 * inference at a time.
 */
export async function classifyPixels(pixels: Buffer): Promise<Record<string, number>> {
  return classifyQueued(await loaded(), pixels);
}

async function classifyQueued(ready: Loaded, pixels: Buffer): Promise<Record<string, number>> {
  const run = queue.then(() => classify(ready, pixels));
  queue = run.catch(() => undefined);
  try {
    return await run;
  } catch (err) {
    throw new ModerationUnavailableError('The moderation model failed on an image', { cause: err });
  }
}

/**
 * The real model in this thread: lazily loads tfjs (wasm backend) + the nsfwjs model from
 * node_modules on first use, keeps it in memory for the process's life, runs one inference at a
 * time, blocking the event loop while it computes. The server uses threadModerator
 * (lib/moderation-thread-client.ts) instead: the same model in a thread it releases when idle.
 */
export function nsfwModerator(): Moderator {
  return {
    async check(image) {
      const [pixels, ready] = await Promise.all([toModelInput(image), loaded()]);
      const scores = await classifyQueued(ready, pixels);
      return { inappropriate: isInappropriate(scores), scores };
    },
  };
}

/** Runs one check on a blank picture so the model is loaded before the first real upload. */
export async function warmUpModerator(moderator: Moderator): Promise<void> {
  const blank = await sharp()({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  await moderator.check(blank);
}

/** How long the model's thread stays after its last check before it is released (its ~190 MB with it). */
export const MODERATION_THREAD_IDLE_MS = 120_000;

/**
 * The thread's module: the bundle's sibling `moderation.mjs` when the server runs bundled
 * (scripts/build-server.mjs builds it), the TypeScript source through tsx otherwise (dev, tests).
 */
function threadModule(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { url: new URL('./moderation-thread.ts', here), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./moderation.mjs', here), execArgv: [] };
}

type Pending = Map<number, { resolve: (scores: Record<string, number>) => void; reject: (err: Error) => void }>;

/**
 * The server's moderator (decision 0048): the same model as nsfwModerator, in a worker thread that
 * is started by the first check and ended `idleMs` after the last one. tfjs, its wasm heap and the
 * model's weights take some 190 MB of a process that holds them (bench:memory); an idle server
 * holds none of it, and an upload after a quiet spell waits for the model to load (about a
 * second) as the first upload after a start always did. The picture is decoded here (sharp, off
 * the event loop): an unreadable one is refused as image_invalid without waking the thread; the
 * inference runs in the thread, so it no longer blocks the event loop. A thread that fails or
 * exits fails its checks with ModerationUnavailableError (fail closed); the next check starts a new one.
 */
export function threadModerator(opts: { idleMs?: number } = {}): Moderator & { close(): Promise<void>; threadRunning(): boolean } {
  const idleMs = opts.idleMs ?? MODERATION_THREAD_IDLE_MS;
  let thread: { worker: Worker; pending: Pending } | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  const stopIdleTimer = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  };
  const end = (t: { worker: Worker; pending: Pending }, err: Error) => {
    if (thread === t) thread = null;
    for (const p of t.pending.values()) p.reject(err);
    t.pending.clear();
  };
  const start = () => {
    const { url, execArgv } = threadModule();
    const t = { worker: new Worker(url, { execArgv, name: 'swapu-moderation' }), pending: new Map() as Pending };
    t.worker.on('message', (msg: { id: number; scores?: Record<string, number>; error?: string; cause?: string }) => {
      const p = t.pending.get(msg.id);
      if (!p) return;
      t.pending.delete(msg.id);
      if (msg.scores) p.resolve(msg.scores);
      else p.reject(new ModerationUnavailableError(msg.error ?? 'The moderation model failed', { cause: new Error(msg.cause ?? '') }));
      if (t.pending.size === 0 && thread === t) {
        stopIdleTimer();
        idleTimer = setTimeout(() => {
          idleTimer = null;
          if (thread !== t || t.pending.size) return;
          thread = null;
          void t.worker.terminate();
        }, idleMs);
        idleTimer.unref();
      }
    });
    t.worker.on('error', (err) => end(t, new ModerationUnavailableError("The moderation model's thread failed", { cause: err })));
    t.worker.on('exit', (code) => end(t, new ModerationUnavailableError(`The moderation model's thread stopped (code ${code})`)));
    // The thread never keeps the process alive on its own.
    t.worker.unref();
    return t;
  };
  return {
    async check(image) {
      const pixels = await toModelInput(image);
      stopIdleTimer();
      const t = (thread ??= start());
      const id = nextId++;
      const scores = await new Promise<Record<string, number>>((resolve, reject) => {
        t.pending.set(id, { resolve, reject });
        t.worker.postMessage({ id, pixels });
      });
      return { inappropriate: isInappropriate(scores), scores };
    },
    async close() {
      stopIdleTimer();
      const t = thread;
      thread = null;
      if (t) {
        end(t, new ModerationUnavailableError('The moderator was closed'));
        await t.worker.terminate();
      }
    },
    threadRunning: () => thread !== null,
  };
}
