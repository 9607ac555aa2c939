/**
 * A tiny per-instance cache of serialized responses for anonymous reads. Guests all see the same
 * feed, post and category counts, so for a second they can share one rendering — what a CDN would
 * do in front of us. Anything personal (a signed-in viewer) bypasses it.
 */
export class MicroCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();
  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, now = Date.now()): string | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.body;
  }

  set(key: string, body: string, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expires: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
