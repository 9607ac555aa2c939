import { endpoints } from '@swapu/shared/endpoints';
import type { PasswordResetConfirm } from '@swapu/shared/mail';
import { call } from '../../lib/api';

/** Asks for a reset link (the answer never says whether the address has an account). */
export const requestReset = (email: string) => call(endpoints.passwordReset, { body: { email } });

/** Sets a new password with the token of the mailed link. */
export const confirmReset = (body: PasswordResetConfirm) => call(endpoints.passwordResetConfirm, { body });
