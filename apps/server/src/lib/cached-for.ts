/** Reloads under way, per cache and key (one at a time). */
const reloading = new WeakMap<object, WeakMap<object, Promise<unknown>>>();

/**
 * What `load` works out for a key object (a database: its position sample, its word statistics),
 * kept for `ttlMs`: concurrent callers share one load, and a failed load is not kept. Once the
 * value is older than `ttlMs`, callers keep getting it while one reload runs in the background,
 * which replaces it when it is done (a failed reload keeps the old value until the next try):
 * reloading the position sample reads 2,000 random blocks of the listings table, 6–12 s at
 * 5,000,000 listings on the 2-core machine, and every search that needed it waited for it.
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
    if (Date.now() - s.at >= ttlMs) reloadInBackground(cache, key, cached, load);
    return s;
  }
  const next = load(key);
  cache.set(key, next);
  next.catch(() => {
    if (cache.get(key) === next) cache.delete(key);
  });
  return next;
}

function reloadInBackground<K extends object, T>(cache: WeakMap<K, Promise<T>>, key: K, stale: Promise<T>, load: (key: K) => Promise<T>) {
  let running = reloading.get(cache);
  if (!running) reloading.set(cache, (running = new WeakMap()));
  if (running.has(key)) return;
  const reload = load(key)
    .then((fresh) => {
      // Unless the value was dropped or replaced meanwhile (forgetting it means "load it anew").
      if (cache.get(key) === stale) cache.set(key, Promise.resolve(fresh));
    })
    .catch(() => undefined)
    .finally(() => running.delete(key));
  running.set(key, reload);
}
