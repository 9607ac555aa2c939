import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DocsSlug } from '@swapu/shared/docs';
import { endpoints } from '@swapu/shared/endpoints';
import { call, pathOf } from '../../lib/api';
import { fetchBlob } from '../../lib/download';
import { keyOf } from '../../lib/query-keys';

export type DocsLanguage = 'en-US' | 'pt-PT';

export const useDocsMenu = (lang: DocsLanguage) =>
  useQuery({
    queryKey: keyOf(endpoints.docsMenu, { query: { lang } }),
    queryFn: () => call(endpoints.docsMenu, { query: { lang } }),
    staleTime: 60_000,
  });

export const useDocsPage = (slug: DocsSlug, lang: DocsLanguage) =>
  useQuery({
    queryKey: keyOf(endpoints.docsPage, { params: { slug }, query: { lang } }),
    queryFn: () => call(endpoints.docsPage, { params: { slug }, query: { lang } }),
    staleTime: 60_000,
  });

export const useDocsTesting = () => useQuery({ queryKey: keyOf(endpoints.docsTesting), queryFn: () => call(endpoints.docsTesting) });
export const useDocsDatabase = () => useQuery({ queryKey: keyOf(endpoints.docsDatabase), queryFn: () => call(endpoints.docsDatabase) });
export const useDocsMetrics = () => useQuery({ queryKey: keyOf(endpoints.docsMetrics), queryFn: () => call(endpoints.docsMetrics) });

/** The live OpenAPI document the server publishes (public, like the API explorer). */
export const useOpenApi = () => useQuery({ queryKey: keyOf(endpoints.openApiDocument), queryFn: () => call(endpoints.openApiDocument) });
export const apiExplorerPath = () => pathOf(endpoints.openApiExplorer);

/** The address of an API file fetched with the member's token, as an object URL (revoked on unmount). */
export function useApiObjectUrl(path: string | null) {
  const [state, setState] = useState<{ url: string | null; error: boolean }>({ url: null, error: false });
  useEffect(() => {
    if (!path) return;
    let url: string | null = null;
    let live = true;
    setState({ url: null, error: false });
    fetchBlob(path).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setState({ url, error: false });
        else URL.revokeObjectURL(url);
      },
      () => live && setState({ url: null, error: true }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return state;
}

export const diagramPath = () => pathOf(endpoints.docsDiagram);
export const imagePath = (name: string) => pathOf(endpoints.docsImage, { params: { name } });
