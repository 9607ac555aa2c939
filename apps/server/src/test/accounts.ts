import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Signs a new member up through the real identity endpoint (so the account is exactly what a
 * person would get) and returns what tests need to act as them.
 */
export async function signUpMember(app: FastifyInstance, opts: { email?: string; password?: string } = {}) {
  const email = opts.email ?? `member-${randomUUID().slice(0, 12)}@example.com`;
  const password = opts.password ?? 'secret1';
  const res = await app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signUp',
    // Each member from an address of their own: sign-ups are limited per IP.
    remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    payload: { email, password, acceptTerms: true, returnSecureToken: true },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return {
    id: body.localId as string,
    email,
    token: body.idToken as string,
    refreshToken: body.refreshToken as string,
    headers: { authorization: `Bearer ${body.idToken}` },
  };
}
export type TestMember = Awaited<ReturnType<typeof signUpMember>>;
