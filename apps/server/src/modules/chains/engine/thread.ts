import { parentPort } from 'node:worker_threads';
import { ChainEngineCore, type EngineRequest } from './core';

/**
 * The engine's worker thread (decision 0028): HiGHS and the cycle search are synchronous, so the
 * server runs them here, off its event loop. One request at a time, in order; a failure is sent
 * back as a message, never left to kill the thread.
 */
const core = new ChainEngineCore();
let queue = Promise.resolve();
parentPort?.on('message', (msg: { id: number; req: EngineRequest }) => {
  queue = queue.then(async () => {
    try {
      parentPort?.postMessage({ id: msg.id, reply: await core.run(msg.req) });
    } catch (err) {
      parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
});
