/**
 * A tiny per-instance cache of renderings shared by viewers who see the same thing (guests all see
 * the same feed, post and category counts), kept for a second: what a CDN would do in front of us.
 * Anything personal bypasses it.
 */
export class MicroCache<T = string> {
  private readonly entries = new Map<string, { body: T; expires: number }>();
  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.body;
  }

  set(key: string, body: T, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { body, expires: now + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
