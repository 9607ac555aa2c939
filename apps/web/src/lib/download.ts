import type { ErrorCode } from '@swapu/shared/errors';
import { ApiError } from './api';
import { freshToken } from './session';

/** The browser refused the download (or the file never arrived): 'Browser denied file download...'. */
export class DownloadDeniedError extends ApiError {
  constructor() {
    super(0, 'download_denied', 'Browser denied file download...');
    this.name = 'DownloadDeniedError';
  }
}

/**
 * Downloads a file from the API (a label PDF, a CSV). The API needs the bearer token, so a plain
 * link cannot fetch it: the file is fetched here and handed to the browser through a temporary
 * link, named as the server's Content-Disposition says (else `fallbackName`). A refusal by the
 * server rejects with its ApiError; anything the browser refuses (the request, reading the file,
 * the download itself) with DownloadDeniedError.
 */
export async function downloadFile(path: string, accept: string, fallbackName: string): Promise<void> {
  const res = await fetchAuthorized(path, accept);
  try {
    const blob = await res.blob();
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.style.display = 'none';
    document.body.append(a);
    a.click();
    a.remove();
    // Some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    throw new DownloadDeniedError();
  }
}

/**
 * GET from the API with the bearer token. A refusal by the server rejects with its ApiError (the
 * catalogue code from its JSON body); a request the browser refused with DownloadDeniedError.
 */
async function fetchAuthorized(path: string, accept: string): Promise<Response> {
  const headers = new Headers({ accept });
  const token = await freshToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(path, { headers });
  } catch {
    throw new DownloadDeniedError();
  }
  if (!res.ok) {
    let code: ErrorCode = 'generic';
    try {
      const body = (await res.json()) as { error?: { code?: string } };
      if (typeof body.error?.code === 'string' && /^[a-z0-9_]+$/.test(body.error.code)) code = body.error.code as ErrorCode;
    } catch {
      // not JSON: the generic error
    }
    throw new ApiError(res.status, code, 'An error occurred');
  }
  return res;
}

/**
 * A file from the API as a Blob (an image the page shows: the bearer token cannot ride on an
 * <img> request). Rejects as fetchAuthorized does.
 */
export async function fetchBlob(path: string, accept = '*/*'): Promise<Blob> {
  return (await fetchAuthorized(path, accept)).blob();
}
