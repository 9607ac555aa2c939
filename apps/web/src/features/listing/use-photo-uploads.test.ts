import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostImage } from '@swapu/shared/api';
import { POST_IMAGES_MAX, UPLOAD_MAX_BYTES } from '@swapu/shared/constants';
import { ApiError } from '../../lib/api';
import { aPost } from './post-fixture';
import { usePhotoUploads } from './use-photo-uploads';

const api = vi.hoisted(() => ({
  uploadPostImage: vi.fn(),
  deletePostImage: vi.fn(),
  reorderPostImages: vi.fn(),
}));
vi.mock('./listing-api', () => api);

const image = (id: string): PostImage => ({
  id,
  url: `/media/${id}.webp`,
  srcSet: `/media/${id}.webp 800w`,
  thumbUrl: `/media/${id}-sm.webp`,
  width: 800,
  height: 600,
});
const jpeg = (name: string, size = 1000) => ({ file: new File([new Uint8Array(size)], name, { type: 'image/jpeg' }), name });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  // The server appends each upload at the end, as POST /posts/{id}/images does.
  let stored: PostImage[] = [];
  api.uploadPostImage.mockImplementation(async (_id: string, _file: Blob, name: string, progress: (p: number) => void) => {
    progress(50);
    stored = [...stored, image(name)];
    return aPost({ images: stored });
  });
});
afterEach(() => vi.clearAllMocks());

describe('the photos of a listing', () => {
  it('creates the draft first, then uploads the files one at a time in the order they were picked', async () => {
    const ensureDraft = vi.fn(async () => 'p1');
    const { result } = renderHook(() => usePhotoUploads({ initial: [], ensureDraft }));
    act(() => result.current.addFiles([jpeg('a.jpg'), jpeg('b.jpg')]));
    expect(result.current.pending.map((p) => p.name)).toEqual(['a.jpg', 'b.jpg']);
    await waitFor(() => expect(result.current.images.map((i) => i.id)).toEqual(['a.jpg', 'b.jpg']));
    expect(result.current.pending).toEqual([]);
    expect(ensureDraft).toHaveBeenCalled();
    expect(api.uploadPostImage.mock.calls.map((c) => [c[0], c[2]])).toEqual([
      ['p1', 'a.jpg'],
      ['p1', 'b.jpg'],
    ]);
  });

  it(`refuses the ${POST_IMAGES_MAX + 1}th photo before sending it`, async () => {
    const initial = Array.from({ length: POST_IMAGES_MAX - 1 }, (_, i) => image(`old-${i}`));
    const { result } = renderHook(() => usePhotoUploads({ initial, ensureDraft: async () => 'p1' }));
    act(() => result.current.addFiles([jpeg('tenth.jpg'), jpeg('eleventh.jpg')]));
    expect(result.current.error).toBe('images_limit');
    expect(result.current.pending.map((p) => p.name)).toEqual(['tenth.jpg']);
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(api.uploadPostImage).toHaveBeenCalledTimes(1);
  });

  it('refuses a file of 25 MB or more, and anything that is not an image, without sending them', () => {
    const { result } = renderHook(() => usePhotoUploads({ initial: [], ensureDraft: async () => 'p1' }));
    act(() => result.current.addFiles([jpeg('huge.jpg', UPLOAD_MAX_BYTES)]));
    expect(result.current.error).toBe('file_too_large');
    act(() => result.current.addFiles([{ file: new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' }), name: 'manual.pdf' }]));
    expect(result.current.error).toBe('image_invalid');
    expect(api.uploadPostImage).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it refuses a photo", async () => {
    api.uploadPostImage.mockRejectedValueOnce(new ApiError(400, 'image_inappropriate', 'Please refrain from using inappropriate images.'));
    const { result } = renderHook(() => usePhotoUploads({ initial: [], ensureDraft: async () => 'p1' }));
    act(() => result.current.addFiles([jpeg('x.jpg')]));
    await waitFor(() => expect(result.current.error).toBe('image_inappropriate'));
    expect(result.current.images).toEqual([]);
    expect(result.current.pending).toEqual([]);
  });

  it('moves a photo and puts it back if the server refuses the new order', async () => {
    const initial = [image('a'), image('b'), image('c')];
    api.reorderPostImages.mockResolvedValueOnce(aPost({ images: [image('b'), image('a'), image('c')] }));
    const { result } = renderHook(() => usePhotoUploads({ initial, ensureDraft: async () => 'p1' }));
    await act(() => result.current.move(1, -1));
    expect(api.reorderPostImages).toHaveBeenCalledWith('p1', ['b', 'a', 'c']);
    expect(result.current.images.map((i) => i.id)).toEqual(['b', 'a', 'c']);

    api.reorderPostImages.mockRejectedValueOnce(new ApiError(400, 'data_invalid', 'Data invalid'));
    await act(() => result.current.move(2, -1));
    expect(result.current.images.map((i) => i.id)).toEqual(['b', 'a', 'c']);
    expect(result.current.error).toBe('data_invalid');
  });

  it('removes a photo', async () => {
    api.deletePostImage.mockResolvedValueOnce(aPost({ images: [image('b')] }));
    const { result } = renderHook(() => usePhotoUploads({ initial: [image('a'), image('b')], ensureDraft: async () => 'p1' }));
    await act(() => result.current.remove('a'));
    expect(api.deletePostImage).toHaveBeenCalledWith('p1', 'a');
    expect(result.current.images.map((i) => i.id)).toEqual(['b']);
  });
});
