import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { saveSession } from '../../lib/session';

/** Only same-site paths, never back to the auth screens. */
const safe = (p: string | null) =>
  p && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') && !/^\/auth(\/|$|\?|#)/.test(p) ? p : '/';

/**
 * /auth/complete: where Google or Facebook sign-in lands. The server puts the tokens in the
 * fragment (never sent to a server); they are stored like a password login (LOGIN_TOKEN_MS) and
 * the fragment is wiped before going back to where the person started.
 */
export default function AuthCompletePage() {
  const navigate = useNavigate();
  const params = useRef(new URLSearchParams(window.location.hash.slice(1)));
  const p = params.current;
  const complete = Boolean(p.get('idToken') && p.get('refreshToken') && p.get('localId'));
  useEffect(() => {
    if (!complete) return;
    saveSession(p.get('localId')!, { token: p.get('idToken')!, refreshToken: p.get('refreshToken')!, lifetimeMs: LOGIN_TOKEN_MS });
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void navigate(safe(p.get('returnTo')), { replace: true });
  }, [complete, navigate, p]);
  if (!complete) return <Navigate to="/auth?error=auth_failed" replace />;
  return null;
}
