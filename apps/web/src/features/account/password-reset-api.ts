import type { PasswordResetConfirm } from '@swapu/shared/mail';
import { api } from '../../lib/api';

/** Asks for a reset link (the answer never says whether the address has an account). */
export const requestReset = (email: string) =>
  api<{ accepted: true }>('/api/v1/auth/password-reset', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

/** Sets a new password with the token of the mailed link. */
export const confirmReset = (body: PasswordResetConfirm) =>
  api<{ reset: true }>('/api/v1/auth/password-reset/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
