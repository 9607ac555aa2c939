import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, MeUpdate, PublicProfile } from '@swapu/shared/account';
import { api, ApiError } from '../../lib/api';
import { getSession } from '../../lib/session';
import { fetchLocalities } from '../../lib/lookups';

export const useProfile = (id: string) =>
  useQuery({ queryKey: ['users', id], queryFn: () => api<PublicProfile>(`/api/v1/users/${encodeURIComponent(id)}`) });

/** PATCH /api/v1/me; refreshes the cached account and profile. */
export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: MeUpdate) =>
      api<Me>('/api/v1/me', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) }),
    onSuccess: (me) => {
      qc.setQueryData(['me', me.id], me);
      void qc.invalidateQueries({ queryKey: ['users', me.id] });
    },
  });
}

export const useLocalitySearch = (q: string) =>
  useQuery({
    queryKey: ['localities', q],
    queryFn: () => fetchLocalities(q),
    enabled: q.trim().length >= 2,
    staleTime: 5 * 60_000,
  });

/**
 * Uploads an avatar or banner with XMLHttpRequest so the page can show progress; resolves with
 * the new image URL or rejects with the server's catalogue error.
 */
export function uploadProfileImage(kind: 'avatar' | 'banner', file: File, onProgress: (pct: number) => void) {
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/me/${kind}`);
    const token = getSession().token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: { url?: string; error?: { code?: string; message?: string } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status === 200 && body.url) resolve(body.url);
      else reject(new ApiError(xhr.status, (body.error?.code as never) ?? 'generic', body.error?.message ?? 'An error occurred'));
    };
    xhr.onerror = () => reject(new ApiError(0, 'generic', 'An error occurred'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

const postJson = <T>(path: string, body?: unknown) =>
  api<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });

export const twoFactorApi = {
  setup: () => postJson<{ secret: string; otpauthUrl: string; qrDataUrl: string }>('/api/v1/me/2fa/setup'),
  enable: (code: string) => postJson<{ recoveryCodes: string[] }>('/api/v1/me/2fa/enable', { code }),
  disable: (code: string) => postJson<void>('/api/v1/me/2fa/disable', { code }),
};

export const deleteMyAccount = (password: string) =>
  api<void>('/api/v1/me', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) });

export const securityApi = {
  /** Mails the verification link again; `sent: false` when the address is verified already. */
  resendVerification: () => postJson<{ sent: boolean }>('/api/v1/me/verification-mail'),
  /** Ends every session of the account, this one included. */
  signOutEverywhere: () => postJson<void>('/api/v1/me/sign-out-everywhere'),
};
