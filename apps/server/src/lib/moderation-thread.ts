import { parentPort } from 'node:worker_threads';
import { classifyPixels } from './moderation';

/**
 * The photo moderation model's worker thread (threadModerator in ./moderation.ts, decision 0048):
 * the model loads on the first message and answers class scores for pixels made by toModelInput,
 * one inference at a time. A failure is sent back as a message, never left to kill the thread.
 */
parentPort?.on('message', (msg: { id: number; pixels: Uint8Array }) => {
  classifyPixels(Buffer.from(msg.pixels.buffer, msg.pixels.byteOffset, msg.pixels.byteLength)).then(
    (scores) => parentPort?.postMessage({ id: msg.id, scores }),
    (err: unknown) =>
      parentPort?.postMessage({
        id: msg.id,
        error: err instanceof Error ? err.message : String(err),
        cause: err instanceof Error && err.cause !== undefined ? (err.cause instanceof Error ? err.cause.message : String(err.cause)) : '',
      }),
  );
});
