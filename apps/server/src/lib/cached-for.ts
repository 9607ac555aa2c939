/**
 * What `load` works out for a key object (a database: its position sample, its word statistics),
 * kept for `ttlMs`: concurrent callers share one load, and a failed load is not kept.
 */
export async function cachedFor<K extends object, T extends { at: number }>(
  cache: WeakMap<K, Promise<T>>,
  key: K,
  ttlMs: number,
  load: (key: K) => Promise<T>,
): Promise<T> {
  const cached = cache.get(key);
  if (cached) {
    const s = await cached;
    if (Date.now() - s.at < ttlMs) return s;
  }
  const next = load(key);
  cache.set(key, next);
  next.catch(() => cache.delete(key));
  return next;
}
