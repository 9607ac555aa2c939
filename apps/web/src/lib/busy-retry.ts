import { notifications } from '@mantine/notifications';

/** Tries of a read after a busy server's 503 (decision 0042). */
export const BUSY_RETRIES = 3;

/**
 * The wait before retry `n` (0, 1, …): at least the server's Retry-After (in seconds; a date is
 * read as none), doubling from 1 s, plus up to half again at random so that clients turned away
 * together do not come back together; at most 20 s.
 */
export const busyDelay = (n: number, retryAfter: string | null, random = Math.random) =>
  Math.min(20_000, Math.max(Number(retryAfter) * 1000 || 0, 1000 * 2 ** n) * (1 + random() / 2));

const pause = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** The calm notice while reads wait: one toast, shown while any read waits, gone when they are done. */
function notice(text: () => string) {
  return (busy: boolean) => {
    if (!busy) return notifications.hide('busy');
    notifications.show({ id: 'busy', color: 'swapu', loading: true, autoClose: false, withCloseButton: false, message: text() });
  };
}

/** Reads waiting now, across the page: the notice shows while there is one. */
let waiting = 0;

/**
 * A read answered 503, tried again up to BUSY_RETRIES times after busyDelay; resolves with the
 * first answer that is not a 503, or the last one. `tell(true)` when the first read starts
 * waiting, `tell(false)` when the last one is done; a cancelled read stops waiting at once.
 */
export async function retryRead(
  again: () => Promise<Response>,
  first: Response,
  /** The notice's text, translated (lib/api.ts's busyText). */
  text: () => string,
  signal?: AbortSignal | null,
  /** Told true when the first read starts waiting, false when the last is done (the notice by default). */
  tell: (busy: boolean) => void = notice(text),
): Promise<Response> {
  // A server render (no window) does not wait: it answers the page at once, without this data.
  if (typeof window === 'undefined') return first;
  if (waiting++ === 0) tell(true);
  try {
    let res = first;
    for (let n = 0; n < BUSY_RETRIES && res.status === 503; n++) {
      await pause(busyDelay(n, res.headers.get('retry-after')), signal);
      res = await again();
    }
    return res;
  } finally {
    if (--waiting === 0) tell(false);
  }
}
