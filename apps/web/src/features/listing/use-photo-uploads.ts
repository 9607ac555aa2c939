import { useCallback, useEffect, useRef, useState } from 'react';
import type { PostImage } from '@swapu/shared/api';
import { POST_IMAGES_MAX, UPLOAD_MAX_BYTES } from '@swapu/shared/constants';
import type { ErrorCode } from '@swapu/shared/errors';
import { errorCodeOf } from '../../lib/api';
import { deletePostImage, reorderPostImages, uploadPostImage } from './listing-api';

/** A photo on its way to the server: shown with its own progress bar until the post has it. */
export interface PendingUpload {
  key: number;
  name: string;
  preview: string;
  progress: number;
}

interface QueuedFile extends PendingUpload {
  file: Blob;
}

const isImage = (f: Blob) => !f.type || f.type.startsWith('image/');

/**
 * The photos of a listing: checks count, size and type before sending, uploads one file at a
 * time (so they keep the order they were picked in) with progress, removes and reorders. The
 * draft is created on the server first when there is none yet (`ensureDraft`).
 */
export function usePhotoUploads({ initial, ensureDraft }: { initial: PostImage[]; ensureDraft: () => Promise<string> }) {
  const [images, setImagesState] = useState<PostImage[]>(initial);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [error, setError] = useState<ErrorCode | null>(null);
  const queue = useRef<QueuedFile[]>([]);
  const running = useRef(false);
  const nextKey = useRef(0);
  const imagesRef = useRef(initial);
  // The latest list, for checks made between renders (room left, the order to send).
  const setImages = useCallback((next: PostImage[]) => {
    imagesRef.current = next;
    setImagesState(next);
  }, []);

  useEffect(
    () => () => {
      for (const q of queue.current) URL.revokeObjectURL(q.preview);
    },
    [],
  );

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (queue.current.length) {
        const item = queue.current[0]!;
        try {
          const id = await ensureDraft();
          const post = await uploadPostImage(id, item.file, item.name, (progress) =>
            setPending((list) => list.map((p) => (p.key === item.key ? { ...p, progress } : p))),
          );
          setImages(post.images);
        } catch (e) {
          setError(errorCodeOf(e));
        }
        queue.current.shift();
        URL.revokeObjectURL(item.preview);
        setPending((list) => list.filter((p) => p.key !== item.key));
      }
    } finally {
      running.current = false;
    }
  }, [ensureDraft, setImages]);

  /** Queues picked, dropped or captured files; refuses what breaks a rule, with its code. */
  const addFiles = useCallback(
    (files: Array<{ file: Blob; name: string }>) => {
      let refused: ErrorCode | null = null;
      const room = POST_IMAGES_MAX - imagesRef.current.length - queue.current.length;
      const accepted: QueuedFile[] = [];
      for (const { file, name } of files) {
        if (accepted.length >= room) {
          refused = 'images_limit';
          break;
        }
        if (file.size >= UPLOAD_MAX_BYTES) refused = 'file_too_large';
        else if (!isImage(file)) refused = 'image_invalid';
        else accepted.push({ key: nextKey.current++, name, file, preview: URL.createObjectURL(file), progress: 0 });
      }
      setError(refused);
      if (!accepted.length) return;
      queue.current.push(...accepted);
      setPending((list) => [...list, ...accepted.map(({ file: _file, ...p }) => p)]);
      void run();
    },
    [run],
  );

  const remove = useCallback(
    async (imageId: string) => {
      setError(null);
      const before = imagesRef.current;
      setImages(before.filter((i) => i.id !== imageId));
      try {
        const post = await deletePostImage(await ensureDraft(), imageId);
        setImages(post.images);
      } catch (e) {
        setImages(before);
        setError(errorCodeOf(e));
      }
    },
    [ensureDraft, setImages],
  );

  /** Moves a photo one place left (-1) or right (+1); the first photo is the cover. */
  const move = useCallback(
    async (index: number, by: -1 | 1) => {
      const before = imagesRef.current;
      const to = index + by;
      if (to < 0 || to >= before.length) return;
      setError(null);
      const next = [...before];
      [next[index], next[to]] = [next[to]!, next[index]!];
      setImages(next);
      try {
        const post = await reorderPostImages(
          await ensureDraft(),
          next.map((i) => i.id),
        );
        setImages(post.images);
      } catch (e) {
        setImages(before);
        setError(errorCodeOf(e));
      }
    },
    [ensureDraft, setImages],
  );

  return { images, pending, error, busy: pending.length > 0, addFiles, remove, move, clearError: () => setError(null) };
}
