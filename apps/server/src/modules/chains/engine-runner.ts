import { Worker } from 'node:worker_threads';
import { ChainEngineCore, type EngineReply, type EngineRequest } from './engine/core';

/** Where the chain engine runs: in this thread (tests, scripts) or in a worker thread (the server). */
export interface ChainEngine {
  run(req: EngineRequest): Promise<EngineReply>;
  close(): Promise<void>;
}

/** The engine in this thread: a full run blocks the event loop for its whole budget. */
export function inProcessEngine(): ChainEngine {
  const core = new ChainEngineCore();
  return { run: (req) => core.run(req), close: async () => {} };
}

/**
 * The thread's module: the bundle's sibling `chain-engine.mjs` when the server runs bundled
 * (scripts/build-server.mjs builds both), the TypeScript source through tsx otherwise (dev, tests).
 */
function threadModule(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? { url: new URL('./engine/thread.ts', here), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./chain-engine.mjs', here), execArgv: [] };
}

/**
 * The engine in its own worker thread (decision 0028), started on first use. Requests are answered
 * in order; if the thread dies, the requests in flight fail and the next request starts a new thread
 * (whose index is empty, so the next likes ask for a full run).
 */
export function threadEngine(onError?: (err: unknown) => void): ChainEngine {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: EngineReply) => void; reject: (e: Error) => void }>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const start = () => {
    const { url, execArgv } = threadModule();
    const w = new Worker(url, { execArgv, name: 'swapu-chain-engine' });
    w.on('message', (msg: { id: number; reply?: EngineReply; error?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.reply) p.resolve(msg.reply);
      else p.reject(new Error(`chain engine: ${msg.error ?? 'no reply'}`));
    });
    w.on('error', (err) => {
      onError?.(err);
      failAll(err instanceof Error ? err : new Error(String(err)));
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(new Error(`the chain engine's thread exited (code ${code})`));
    });
    // The thread never keeps the process alive on its own.
    w.unref();
    return w;
  };
  return {
    run(req) {
      worker ??= start();
      const id = nextId++;
      const transfer = req.kind === 'full' ? [req.graph.edges.buffer as ArrayBuffer] : [];
      return new Promise<EngineReply>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ id, req }, transfer);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      failAll(new Error('the chain engine was closed'));
      await w?.terminate();
    },
  };
}
