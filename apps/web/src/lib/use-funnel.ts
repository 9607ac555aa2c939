import { useEffect, useState } from 'react';
import { FUNNELS, type FunnelName } from '@swapu/shared/analytics-events';
import { onPageLeave, track } from './analytics';

export interface Funnel {
  /** The step at `index` is on screen (reported once each time the step changes). */
  step: (index: number) => void;
  /** The flow succeeded (published, offer sent, onboarding finished). */
  complete: () => void;
}

/**
 * One run through a funnel (spec section 4): funnel_step as each step shows, funnel_complete on
 * success, funnel_abandon with the furthest step reached when the member leaves first (another
 * route, or the page going away).
 */
class FunnelRun implements Funnel {
  private state: 'idle' | 'open' | 'completed' | 'abandoned' = 'idle';
  private shown = -1;
  private furthest = -1;
  /** The flow's page: by the time it unmounts, the address is already the next page's. */
  private path = '/';
  private mounted = false;

  constructor(private readonly funnel: FunnelName) {}

  private stepName = (index: number) => FUNNELS[this.funnel][index]!;

  step = (index: number) => {
    if (this.state !== 'open') {
      // A finished run (or one left while the page was away and then restored) starts again.
      this.state = 'open';
      this.shown = -1;
      this.furthest = -1;
    }
    if (index === this.shown || !FUNNELS[this.funnel][index]) return;
    this.shown = index;
    this.furthest = Math.max(this.furthest, index);
    this.path = window.location.pathname;
    track('funnel_step', { funnel: this.funnel, step: this.stepName(index), step_index: index });
  };

  complete = () => {
    if (this.state !== 'open') return;
    this.state = 'completed';
    track('funnel_complete', { funnel: this.funnel });
  };

  abandon = () => {
    if (this.state !== 'open') return;
    this.state = 'abandoned';
    const at = this.furthest;
    track('funnel_abandon', { funnel: this.funnel, step: this.stepName(at), step_index: at }, { path: this.path });
  };

  /**
   * While mounted. An unmount is judged once the current task's synchronous work is done:
   * StrictMode's development remount comes within it, and is not a departure.
   */
  mount = () => {
    this.mounted = true;
    const off = onPageLeave(this.abandon);
    return () => {
      off();
      this.mounted = false;
      queueMicrotask(() => {
        if (!this.mounted) this.abandon();
      });
    };
  };
}

/** A funnel for the life of the component: leaving it unfinished (unmounting) is an abandonment. */
export function useFunnel(funnel: FunnelName): Funnel {
  const [run] = useState(() => new FunnelRun(funnel));
  useEffect(() => run.mount(), [run]);
  return run;
}
