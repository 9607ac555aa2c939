import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { signInWithPassword } from '../../lib/auth-client';
import { saveSession } from '../../lib/session-writes';

/** Email and password sign-in; the stored session lasts LOGIN_TOKEN_MS (spec section 9). */
export async function signIn(input: { email: string; password: string; stayLoggedIn: boolean; totpCode?: string }) {
  const res = await signInWithPassword(input.email.trim(), input.password, input.totpCode);
  saveSession(res.localId, { token: res.idToken, lifetimeMs: LOGIN_TOKEN_MS }, input.stayLoggedIn);
  return res;
}
