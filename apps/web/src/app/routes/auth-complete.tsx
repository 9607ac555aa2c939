import { Center, Loader } from '@mantine/core';
import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { takeOAuthNonce } from '../../features/auth/oauth-nonce';
import { completeOAuth } from '../../lib/auth-client';
import { saveSession } from '../../lib/session-writes';

/** Only same-site paths, never back to the auth screens. */
const safe = (p: string | null | undefined) =>
  p && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') && !/^\/auth(\/|$|\?|#)/.test(p) ? p : '/';

/**
 * /auth/complete: where Google or Facebook sign-in lands with a one-time code in the fragment
 * (never sent to a server log). The code and the nonce this browser kept when it started the
 * sign-in are exchanged for the tokens (the refresh token stays in the server's HttpOnly cookie);
 * the session is stored like a password login (LOGIN_TOKEN_MS) and the fragment is wiped before
 * going back to where the person started. A code without this browser's nonce opens nothing.
 */
export default function AuthCompletePage() {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const nonce = takeOAuthNonce();
    const fail = () => void navigate('/auth?error=auth_failed', { replace: true });
    if (!code || !nonce) return fail();
    completeOAuth(code, nonce).then((res) => {
      saveSession(res.localId, { token: res.idToken, lifetimeMs: LOGIN_TOKEN_MS });
      void navigate(safe(res.returnTo), { replace: true });
    }, fail);
  }, [navigate]);
  return (
    <Center mih="60vh">
      <Loader aria-label={t('actions.loading')} />
    </Center>
  );
}
