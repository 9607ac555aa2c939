import { endpoints } from '@swapu/shared/endpoints';
import type { PostFields } from '@swapu/shared/listing';
import { call } from '../../lib/api';
import { upload } from '../../lib/upload';

/** The owner sees their own drafts too. */
export const fetchPost = (id: string) => call(endpoints.post, { params: { id } });

/** Starts a draft with the fields so far. */
export const createDraft = (fields: PostFields) => call(endpoints.createPost, { body: fields });

/** Saves fields (a live listing must still pass every rule). */
export const savePost = (id: string, fields: PostFields) => call(endpoints.savePost, { params: { id }, body: fields });

/** The server checks every rule again. */
export const publishPost = (id: string) => call(endpoints.publishPost, { params: { id } });

export const deletePostImage = (id: string, imageId: string) => call(endpoints.deletePostImage, { params: { id, imageId } });

/** Every image id in the new order. */
export const reorderPostImages = (id: string, imageIds: string[]) =>
  call(endpoints.orderPostImages, { params: { id }, body: { imageIds } });

/**
 * A last save while the page goes away (reload, tab closed): `keepalive` lets the request
 * outlive the page. Best effort: nobody is left to tell if it fails.
 */
export function savePostOnExit(id: string, fields: PostFields) {
  try {
    void call(endpoints.savePost, { params: { id }, body: fields, keepalive: true }).catch(() => undefined);
  } catch {
    // keepalive bodies are capped (64 KB); a form this size never comes near it.
  }
}

/** Uploads one photo with progress; resolves with the whole post (its images in order). */
export const uploadPostImage = (id: string, file: Blob, fileName: string, onProgress: (pct: number) => void) =>
  upload(endpoints.addPostImage, { params: { id }, file, fileName, onProgress });
