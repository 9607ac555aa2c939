import { useLocation } from 'react-router';

/** Where the person was before the auth screens ({ from } in the link's state), else home. */
export function useReturnTo(): string {
  const { state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  const safe = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !/^\/auth(\/|$|\?)/.test(from);
  return safe ? from : '/';
}
