import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeUpdate } from '@swapu/shared/account';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { upload } from '../../lib/upload';
import { fetchLocalities } from '../../lib/lookups';
import { keyOf, pathKey } from '../../lib/query-keys';

export const useProfile = (id: string) =>
  useQuery({ queryKey: keyOf(endpoints.profile, { params: { id } }), queryFn: () => call(endpoints.profile, { params: { id } }) });

/** Saves the account's fields; refreshes the cached account and profile. */
export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: MeUpdate) => call(endpoints.updateMe, { body: patch }),
    onSuccess: (me) => {
      qc.setQueryData(keyOf(endpoints.me, { viewer: me.id }), me);
      void qc.invalidateQueries({ queryKey: pathKey(endpoints.profile, { id: me.id }) });
    },
  });
}

export const useLocalitySearch = (q: string) =>
  useQuery({
    queryKey: keyOf(endpoints.localities, { query: { q }, variant: 'items' }),
    queryFn: () => fetchLocalities(q),
    enabled: q.trim().length >= 2,
    staleTime: 5 * 60_000,
  });

/** Uploads an avatar or banner with progress; resolves with the new image URL. */
export const uploadProfileImage = (kind: 'avatar' | 'banner', file: File, onProgress: (pct: number) => void) =>
  upload(kind === 'avatar' ? endpoints.avatar : endpoints.banner, { file, onProgress }).then((r) => r.url);

export const twoFactorApi = {
  setup: () => call(endpoints.twoFactorSetup),
  enable: (code: string) => call(endpoints.twoFactorEnable, { body: { code } }),
  disable: (code: string) => call(endpoints.twoFactorDisable, { body: { code } }),
};

export const deleteMyAccount = (password: string) => call(endpoints.deleteMe, { body: { password } });

export const securityApi = {
  /** Mails the verification link again; `sent: false` when the address is verified already. */
  resendVerification: () => call(endpoints.verificationMail),
  /** Ends every session of the account, this one included. */
  signOutEverywhere: () => call(endpoints.signOutEverywhere),
};
