import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { revokeSession } from '../../lib/auth-client';
import { clearSession, getSession } from '../../lib/session';

/**
 * Logout: ends the session here at once (the layout then drops private queries and refetches the
 * rest), revokes the session cookie's refresh token on the server, and goes home.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    const signedIn = getSession().token !== null;
    clearSession();
    if (signedIn) revokeSession().catch(() => undefined);
    void navigate('/');
  }, [navigate]);
}
