import type { AnyEndpoint, PathParams, PatternOf, ResponseOf } from '@swapu/shared/endpoints';
import { urlOf } from '@swapu/shared/endpoints';
import { ApiError, GENERIC, isCode } from './api';
import { freshToken } from './session';

// Apart from lib/api.ts, which every page's first load carries: only the pages that upload photos need this.

type UploadParams<E> = [keyof PathParams<PatternOf<E>>] extends [never] ? object : { params: PathParams<PatternOf<E>> };
/**
 * A multipart upload (field `file`) with XMLHttpRequest, so the page can show progress; resolves
 * with the typed answer or rejects with the server's catalogue error (413 is file_too_large).
 */
export function upload<E extends AnyEndpoint>(
  endpoint: E,
  options: UploadParams<E> & { file: Blob; fileName?: string; onProgress: (pct: number) => void },
): Promise<ResponseOf<E>> {
  const params = (options as { params?: Record<string, string> }).params;
  const send = (token: string | null) =>
    new Promise<ResponseOf<E>>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(endpoint.method, urlOf(endpoint.pattern, params));
      xhr.setRequestHeader('accept', 'application/json');
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && options.onProgress(Math.round((e.loaded / e.total) * 100));
      xhr.onload = () => {
        let body: { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // not JSON (a proxy's error page)
        }
        if (xhr.status >= 200 && xhr.status < 300 && body && !body.error) return resolve(body as ResponseOf<E>);
        const code = xhr.status === 413 ? 'file_too_large' : isCode(body?.error?.code) ? body.error.code : 'generic';
        reject(new ApiError(xhr.status, code, body?.error?.message ?? GENERIC, body?.error?.fields));
      };
      xhr.onerror = () => reject(new ApiError(0, 'generic', GENERIC));
      const form = new FormData();
      if (options.fileName) form.append('file', options.file, options.fileName);
      else form.append('file', options.file);
      xhr.send(form);
    });
  return freshToken().then(send);
}
