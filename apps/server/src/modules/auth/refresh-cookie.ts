import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_DAYS } from '../../lib/tokens';
import { accountsChanged } from '../../lib/viewer-cache';
import type { TokenResponse } from './identity.service';

/**
 * The web app's refresh token lives in an HttpOnly cookie that page scripts cannot read, sent
 * only to the token endpoint (Path=/identity/v1/token, which also covers /identity/v1/token/revoke),
 * SameSite=Strict, Secure when the site is https. The access token stays in the spec's locally
 * stored keys. Other clients of the identity contract (the Firebase SDK, scripts) keep getting
 * the refresh token in the body: a request asks for the cookie with `sessionCookie: true`, and a
 * refresh that came from the cookie is always answered through the cookie, never in the body.
 */
export const REFRESH_COOKIE = 'swapu_refresh';
export const REFRESH_COOKIE_PATH = '/identity/v1/token';

export function setRefreshCookie(reply: FastifyReply, publicUrl: string, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: publicUrl.startsWith('https://'),
    maxAge: REFRESH_TOKEN_DAYS * 24 * 3600,
  });
}

export function clearRefreshCookie(reply: FastifyReply, publicUrl: string) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: publicUrl.startsWith('https://'),
  });
}

export const refreshCookieOf = (req: FastifyRequest): string | undefined => req.cookies?.[REFRESH_COOKIE] || undefined;

/** The body of a token answer: in cookie mode the refresh token goes in the cookie only. */
export function deliverTokens(reply: FastifyReply, publicUrl: string, tokens: TokenResponse, cookie: boolean) {
  // Signing in may have changed the account (ADMIN_EMAILS): its next request reads it afresh.
  accountsChanged(reply.server.ctx, [tokens.localId]);
  if (!cookie) return tokens;
  setRefreshCookie(reply, publicUrl, tokens.refreshToken);
  const { refreshToken: _kept, ...rest } = tokens;
  return rest;
}
