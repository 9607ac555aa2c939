import { CHUNK_LOAD_TIMEOUT_MS } from '@swapu/shared/constants';

/** The spec's ChunkLoadError: a chunk failed or took longer than 120 s to load. */
export class ChunkLoadError extends Error {
  constructor(
    message: string,
    readonly request?: string,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([load(), timeout])
    .catch((err: unknown) => {
      if (err instanceof ChunkLoadError) throw err;
      const msg = err instanceof Error ? err.message : String(err);
      const url = /https?:\/\/\S+/.exec(msg)?.[0];
      throw new ChunkLoadError(`Loading chunk failed: ${msg}`, url);
    })
    .finally(() => clearTimeout(timer));
}
