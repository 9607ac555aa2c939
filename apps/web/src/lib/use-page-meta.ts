import { useEffect } from 'react';
import type { Locale } from '@swapu/shared/constants';
import type { PageMeta } from '@swapu/shared/page-meta';

/**
 * Keeps the tab's title and description the page's own while a person moves around the app; the
 * server writes the same ones (the same shared functions) into the HTML of a first visit.
 */
export function usePageMeta(meta: Pick<PageMeta, 'title' | 'description'> | null) {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (!title) return;
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

/** The page's language as the shared page texts name it. */
export const asLocale = (language: string): Locale => (language.startsWith('pt') ? 'pt-PT' : 'en-US');
