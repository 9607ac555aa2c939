import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audience, CampaignCreateBody, DesignBody } from '@swapu/shared/campaigns';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';

/** The campaigns section's query keys (saving, deleting or sending refreshes them). */
export const designsKey = ['admin', 'mail-designs'] as const;
export const campaignsKey = ['admin', 'campaigns'] as const;

/** Admins: saved email designs, the most recently edited first. */
export const useDesigns = () => useQuery({ queryKey: designsKey, queryFn: () => call(endpoints.adminDesigns) });

/** Admins: one saved design (the editor opened with ?design=id). */
export const useDesign = (id: string | null) =>
  useQuery({
    queryKey: [...designsKey, id],
    queryFn: () => call(endpoints.adminDesign, { params: { id: id! } }),
    enabled: id !== null,
    // The editor keeps its own copy once loaded: a refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });

/** Admins: saves a design, new (no id) or existing. */
export function useSaveDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DesignBody }) =>
      id ? call(endpoints.adminUpdateDesign, { params: { id }, body }) : call(endpoints.adminCreateDesign, { body }),
    onSuccess: (design) => {
      qc.setQueryData([...designsKey, design.id], design);
      void qc.invalidateQueries({ queryKey: designsKey, exact: true });
    },
  });
}

export function useDeleteDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.adminDeleteDesign, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: designsKey }),
  });
}

/** Admins: sends a saved design to their own address. */
export const useTestDesign = () => useMutation({ mutationFn: (id: string) => call(endpoints.adminTestDesign, { params: { id } }) });

/** Admins: the mail as a recipient gets it (sanitised, in SwapU's layout), for the editor's preview. */
export const usePreview = (subject: string, html: string, enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'mail-preview', subject, html],
    queryFn: () => call(endpoints.adminPreviewDesign, { body: { subject, html } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

/** Admins: how many addresses an audience has now (null while the audience is incomplete). */
export const useAudienceCount = (audience: Audience | null) =>
  useQuery({
    queryKey: ['admin', 'audience', audience],
    queryFn: () =>
      call(endpoints.adminAudienceCount, {
        query: { kind: audience!.kind, value: 'value' in audience! ? audience.value : undefined },
      }),
    enabled: audience !== null,
    staleTime: 0,
  });

/** Admins: campaigns with their progress, refreshed every 5 s while one is still sending. */
export const useCampaigns = () =>
  useQuery({
    queryKey: campaignsKey,
    queryFn: () => call(endpoints.adminCampaigns),
    refetchInterval: (q) => (q.state.data?.items.some((c) => c.state === 'sending') ? 5000 : false),
  });

export function useSendCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignCreateBody) => call(endpoints.adminCreateCampaign, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignsKey }),
  });
}
