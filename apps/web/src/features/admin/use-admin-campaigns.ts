import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Audience, CampaignCreateBody, DesignBody } from '@swapu/shared/campaigns';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { call } from '../../lib/api';
import { keyOf, pathKey } from '../../lib/query-keys';

/** The campaigns section's query keys (saving, deleting or sending refreshes them). */
export const designsKey = keyOf(adminEndpoints.adminDesigns);
export const campaignsKey = keyOf(adminEndpoints.adminCampaigns);
const designKey = (id: string | null) => keyOf(adminEndpoints.adminDesign, { params: { id: id ?? '' } });

/** Admins: saved email designs, the most recently edited first. */
export const useDesigns = () => useQuery({ queryKey: designsKey, queryFn: () => call(adminEndpoints.adminDesigns) });

/** Admins: one saved design (the editor opened with ?design=id). */
export const useDesign = (id: string | null) =>
  useQuery({
    queryKey: designKey(id),
    queryFn: () => call(adminEndpoints.adminDesign, { params: { id: id! } }),
    enabled: id !== null,
    // The editor keeps its own copy once loaded: a refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });

/** Admins: saves a design, new (no id) or existing. */
export function useSaveDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DesignBody }) =>
      id ? call(adminEndpoints.adminUpdateDesign, { params: { id }, body }) : call(adminEndpoints.adminCreateDesign, { body }),
    onSuccess: (design) => {
      qc.setQueryData(designKey(design.id), design);
      void qc.invalidateQueries({ queryKey: designsKey, exact: true });
    },
  });
}

export function useDeleteDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(adminEndpoints.adminDeleteDesign, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pathKey(adminEndpoints.adminDesigns) }),
  });
}

/** Admins: sends a saved design to their own address. */
export const useTestDesign = () => useMutation({ mutationFn: (id: string) => call(adminEndpoints.adminTestDesign, { params: { id } }) });

/** Admins: the mail as a recipient gets it (sanitised, in SwapU's layout), for the editor's preview. */
export const usePreview = (subject: string, html: string, enabled: boolean) =>
  useQuery({
    // Not a row's key: a write (POST …/preview) run as a query, kept apart from the designs so
    // refreshing them never asks for the preview again.
    queryKey: ['admin', 'mail-preview', subject, html],
    queryFn: () => call(adminEndpoints.adminPreviewDesign, { body: { subject, html } }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

const audienceQuery = (audience: Audience | null) =>
  audience ? { kind: audience.kind, value: 'value' in audience ? audience.value : undefined } : undefined;

/** Admins: how many addresses an audience has now (null while the audience is incomplete). */
export const useAudienceCount = (audience: Audience | null) =>
  useQuery({
    queryKey: keyOf(adminEndpoints.adminAudienceCount, { query: audienceQuery(audience) }),
    queryFn: () => call(adminEndpoints.adminAudienceCount, { query: audienceQuery(audience) }),
    enabled: audience !== null,
    staleTime: 0,
  });

/** Admins: campaigns with their progress, refreshed every 5 s while one is still sending. */
export const useCampaigns = () =>
  useQuery({
    queryKey: campaignsKey,
    queryFn: () => call(adminEndpoints.adminCampaigns),
    refetchInterval: (q) => (q.state.data?.items.some((c) => c.state === 'sending') ? 5000 : false),
  });

export function useSendCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignCreateBody) => call(adminEndpoints.adminCreateCampaign, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignsKey }),
  });
}
