/**
 * The in-flight bound of load shedding, adapted to how long the accepted requests take (decision
 * 0042, "An adaptive bound"): additive increase, multiplicative decrease, as TCP's congestion window
 * and Envoy's adaptive concurrency do. A fixed bound of 32 kept accepted answers fast at a few
 * times the saturation rate, but under hundreds of closed-loop clients the refusals themselves
 * (tens of thousands a second) slow every accepted request, and 32 of them in flight then wait
 * about 400 ms each; 16 kept them near 250 ms but refused far more at moderate overload.
 *
 * Each turn (every quarter second) looks at the accepted requests that finished in it:
 * - the bound was in use (a request found every slot taken) and their 90th percentile took longer
 *   than the target: the bound drops by target ÷ p90 (at least a quarter off, at most half), never
 *   below `min`, so a flood takes it from 32 to its floor within a second;
 * - their 90th percentile took at most half the target, or none finished and none was refused:
 *   the bound rises by an eighth (at least one), never above `max` (OVERLOAD_MAX_IN_FLIGHT);
 * - otherwise it holds.
 * A quiet server never lowers it: slow requests alone (an upload's moderation, a label's PDF) do
 * not count unless the bound is full, so a few of them cannot turn others away.
 */
export class AdaptiveLimit {
  /** The bound now. */
  limit: number;
  readonly min: number;
  private samples: number[] = [];
  private full = false;

  constructor(
    readonly max: number,
    readonly targetMs: number,
    min?: number,
  ) {
    this.limit = max;
    this.min = Math.min(max, min ?? Math.max(2, Math.ceil(max / 8)));
  }

  /** An accepted request finished after `ms`. */
  record(ms: number): void {
    // Enough for a half second at any rate this machine reaches; the rest changes nothing.
    if (this.samples.length < 20_000) this.samples.push(ms);
  }

  /** A request found every slot taken. */
  refused(): void {
    this.full = true;
  }

  /** The turn's decision; returns the new bound. */
  adjust(): number {
    const n = this.samples.length;
    const p90 = n ? this.samples.sort((a, b) => a - b)[Math.ceil(0.9 * n) - 1]! : 0;
    // Down in proportion to how far past the target, between a quarter and a half off.
    const down = Math.min(0.75, Math.max(0.5, this.targetMs / p90));
    if (this.full && n > 0 && p90 > this.targetMs) this.limit = Math.max(this.min, Math.floor(this.limit * down));
    else if ((n > 0 && p90 <= this.targetMs / 2) || (n === 0 && !this.full))
      this.limit = Math.min(this.max, this.limit + Math.max(1, Math.floor(this.limit / 8)));
    this.samples = [];
    this.full = false;
    return this.limit;
  }
}
