import { useRef, useState } from 'react';

export type SubmitResult<R> = { ok: true; data: R } | { ok: false; error: unknown };

/**
 * A form's one server call: pending while it runs, its failure kept for the form to show. (Plain
 * state rather than a TanStack mutation: the auth screens then share no query code with the home
 * page, which keeps the home page's first load smaller.)
 */
export function useSubmit<A, R>(action: (input: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const busy = useRef(false);
  const run = async (input: A): Promise<SubmitResult<R> | null> => {
    if (busy.current) return null;
    busy.current = true;
    setPending(true);
    setError(null);
    try {
      return { ok: true, data: await action(input) };
    } catch (err) {
      setError(err);
      return { ok: false, error: err };
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  return { run, pending, error };
}
