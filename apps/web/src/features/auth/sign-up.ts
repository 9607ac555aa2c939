import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { signUpWithPassword } from '../../lib/auth-client';
import { saveSession } from '../../lib/session-writes';

/** Creates the account (terms and privacy accepted) and signs in for the server's expiresIn. */
export async function signUp(input: { email: string; password: string; language: string }) {
  const res = await signUpWithPassword({ email: input.email.trim(), password: input.password, language: input.language });
  saveSession(res.localId, { token: res.idToken, lifetimeMs: Number(res.expiresIn) * 1000 || LOGIN_TOKEN_MS });
  return res;
}
