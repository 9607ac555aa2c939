import { useCallback, useEffect, useRef, useState } from 'react';
import type { PostDetail } from '@swapu/shared/api';
import { createDraft, savePost, savePostOnExit } from './listing-api';
import { emptyListing, fromPostDetail, toPostFields, type ListingValues } from './listing-values';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** Quiet time after the last change before it is saved. */
export const AUTOSAVE_DEBOUNCE_MS = 600;
const RETRY_MS = 5_000;

/**
 * The listing being edited and its autosave. A draft is saved as the person goes: the first
 * save creates it on the server (POST), every later one PATCHes all fields; saves never overlap
 * and the last change always wins. A listing that is already live is not autosaved: its changes
 * go out together with "Save changes", after every rule has passed (`autosave: false`).
 */
export function useListingDraft({ initial, onCreated }: { initial: PostDetail | null; onCreated: (post: PostDetail) => void }) {
  const autosave = !initial || initial.state === 'draft';
  const [values, setValuesState] = useState<ListingValues>(() => (initial ? fromPostDetail(initial) : emptyListing()));
  const [postId, setPostId] = useState<string | null>(initial?.id ?? null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const idRef = useRef(initial?.id ?? null);
  const valuesRef = useRef(values);
  const dirty = useRef(false);
  const creating = useRef<Promise<string> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
  }, [onCreated]);

  /** The draft's id, creating it (once) with the fields so far when there is none yet. */
  const ensureDraft = useCallback(async (): Promise<string> => {
    if (idRef.current) return idRef.current;
    if (!creating.current) {
      dirty.current = false;
      creating.current = createDraft(toPostFields(valuesRef.current)).then(
        (post) => {
          idRef.current = post.id;
          if (alive.current) {
            setPostId(post.id);
            // A new draft is placed at the owner's suburb unless one was picked: show it.
            if (!valuesRef.current.location && post.suburb && post.postcode) {
              const location = fromPostDetail(post).location;
              setValuesState((v) => (valuesRef.current = { ...v, location }));
            }
            onCreatedRef.current(post);
          }
          return post.id;
        },
        (e: unknown) => {
          creating.current = null;
          dirty.current = true;
          throw e;
        },
      );
    }
    return creating.current;
  }, []);

  /**
   * Saves now (after any save in flight); resolves with the error of a failed save, or null.
   * Without a draft yet it creates one only when `create` is set or something was typed:
   * leaving the photos step with nothing added keeps /create empty.
   */
  const flush = useCallback(
    ({ create = true }: { create?: boolean } = {}): Promise<unknown> => {
      clearTimeout(timer.current);
      const run = async (): Promise<unknown> => {
        if (!autosave) return null;
        if (!idRef.current && !create && !dirty.current) return null;
        if (idRef.current && !dirty.current) return null;
        if (alive.current) setStatus('saving');
        try {
          const id = await ensureDraft();
          if (dirty.current) {
            dirty.current = false;
            await savePost(id, toPostFields(valuesRef.current));
          }
          if (alive.current) setStatus(dirty.current ? 'saving' : 'saved');
          return null;
        } catch (e) {
          dirty.current = true;
          if (alive.current) {
            setStatus('error');
            clearTimeout(timer.current);
            timer.current = setTimeout(() => void flush(), RETRY_MS);
          }
          return e;
        }
      };
      const result = chain.current.then(run, run);
      chain.current = result.then(() => undefined);
      return result;
    },
    [autosave, ensureDraft],
  );

  const setValues = useCallback(
    (patch: Partial<ListingValues>) => {
      setValuesState((v) => {
        const next = { ...v, ...patch };
        valuesRef.current = next;
        return next;
      });
      dirty.current = true;
      if (!autosave) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DEBOUNCE_MS);
    },
    [autosave, flush],
  );

  // Leaving: a change still waiting for its debounce is sent anyway, even when the page unloads.
  useEffect(() => {
    const onHide = () => {
      if (autosave && dirty.current && idRef.current) {
        dirty.current = false;
        savePostOnExit(idRef.current, toPostFields(valuesRef.current));
      }
    };
    window.addEventListener('pagehide', onHide);
    alive.current = true;
    return () => {
      window.removeEventListener('pagehide', onHide);
      alive.current = false;
      clearTimeout(timer.current);
      if (autosave && dirty.current && idRef.current) void savePost(idRef.current, toPostFields(valuesRef.current)).catch(() => undefined);
    };
  }, [autosave]);

  return {
    values,
    setValues,
    postId,
    status,
    autosave,
    ensureDraft,
    flush,
    isDirty: () => dirty.current,
    valuesNow: () => valuesRef.current,
  };
}
