import { CHUNK_LOAD_TIMEOUT_MS } from '@swapu/shared/constants';
import type { Catalogue } from '../i18n/namespaces';
import { i18n } from '../i18n/instance';

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

/**
 * A chunk's code and the translation catalogues its components read, fetched side by side. A
 * component whose namespace is missing suspends (i18n/react.tsx) and renders again once it is
 * in, one namespace after another as each component is reached: on the signed-in profile the
 * header's (chat, notifications, auth) came in one after another, then the page's (profile, then
 * points, offers and goals once its cards were reached), each wave a re-render, a commit and a
 * layout on a throttled phone. The list is a head start only: a
 * namespace left out still loads when a component asks for it. In the browser only (the server
 * renders with every catalogue in hand). A catalogue that fails to load does not fail the chunk.
 */
export function withNamespaces<T>(load: () => Promise<T>, namespaces: readonly Catalogue[] | undefined): () => Promise<T> {
  if (!namespaces?.length || typeof window === 'undefined') return load;
  return () => Promise.all([load(), i18n.loadNamespaces(namespaces).catch(() => undefined)]).then(([m]) => m);
}
