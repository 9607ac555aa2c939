import type { PostDetail } from '@swapu/shared/api';
import type { ErrorCode } from '@swapu/shared/errors';
import type { PostFields } from '@swapu/shared/listing';
import { api, ApiError } from '../../lib/api';
import { getSession } from '../../lib/session';

const postPath = (id: string) => `/api/v1/posts/${encodeURIComponent(id)}`;
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** GET /api/v1/posts/{id}: the owner sees their own drafts too. */
export const fetchPost = (id: string) => api<PostDetail>(postPath(id));

/** POST /api/v1/posts: starts a draft with the fields so far. */
export const createDraft = (fields: PostFields) => api<PostDetail>('/api/v1/posts', json('POST', fields));

/** PATCH /api/v1/posts/{id}: saves fields (a live listing must still pass every rule). */
export const savePost = (id: string, fields: PostFields) => api<PostDetail>(postPath(id), json('PATCH', fields));

/** POST /api/v1/posts/{id}/publish: the server checks every rule again. */
export const publishPost = (id: string) => api<PostDetail>(`${postPath(id)}/publish`, { method: 'POST' });

export const deletePostImage = (id: string, imageId: string) =>
  api<PostDetail>(`${postPath(id)}/images/${encodeURIComponent(imageId)}`, { method: 'DELETE' });

/** PUT /api/v1/posts/{id}/images/order with every image id in the new order. */
export const reorderPostImages = (id: string, imageIds: string[]) =>
  api<PostDetail>(`${postPath(id)}/images/order`, json('PUT', { imageIds }));

/**
 * A last save while the page goes away (reload, tab closed): `keepalive` lets the request
 * outlive the page. Best effort: nobody is left to tell if it fails.
 */
export function savePostOnExit(id: string, fields: PostFields) {
  const token = getSession().token;
  try {
    void fetch(postPath(id), {
      method: 'PATCH',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(fields),
    }).catch(() => undefined);
  } catch {
    // keepalive bodies are capped (64 KB); a form this size never comes near it.
  }
}

/**
 * Uploads one photo (multipart field `file`) with XMLHttpRequest so the form can show progress;
 * resolves with the whole post (its images in order) or rejects with the catalogue error.
 */
export function uploadPostImage(id: string, file: Blob, fileName: string, onProgress: (pct: number) => void) {
  return new Promise<PostDetail>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${postPath(id)}/images`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getSession().token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: (Partial<PostDetail> & { error?: { code?: string; message?: string; fields?: Record<string, string> } }) | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON (a proxy's 413 page, say)
      }
      if ((xhr.status === 200 || xhr.status === 201) && body && Array.isArray(body.images)) return resolve(body as PostDetail);
      const code = (xhr.status === 413 ? 'file_too_large' : (body?.error?.code ?? 'generic')) as ErrorCode;
      reject(new ApiError(xhr.status, code, body?.error?.message ?? 'An error occurred', body?.error?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'generic', 'An error occurred'));
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
