import type { AnalyticsEvent, EventBatch } from '@swapu/shared/analytics';
import { vi } from 'vitest';
import { configureAnalytics, flushAnalytics, resetAnalytics, type SendResult } from '../lib/analytics';
import { assertBatch, assertEvent } from '../lib/analytics-check';

export interface SentBatch {
  how: 'fetch' | 'beacon';
  batch: EventBatch;
}

/**
 * Gives the analytics client a transport that keeps what it is handed, checked against the
 * shared contract (events as they are queued, batches as they leave). `stop` puts the silent
 * test client of test/setup.ts back.
 */
export function recordAnalytics(options: { now?: () => number } = {}) {
  const sent: SentBatch[] = [];
  const answers = { send: 'sent' as SendResult, beacon: true };
  const keep = (how: SentBatch['how'], batch: EventBatch) => {
    assertBatch(batch);
    sent.push({ how, batch });
  };
  const transport = {
    send: vi.fn(async (batch: EventBatch) => {
      keep('fetch', batch);
      return answers.send;
    }),
    beacon: vi.fn((batch: EventBatch) => {
      if (answers.beacon) keep('beacon', batch);
      return answers.beacon;
    }),
  };
  resetAnalytics();
  configureAnalytics({ transport, now: options.now ?? (() => Date.now()), check: assertEvent });
  return {
    sent,
    transport,
    /** What the transport answers from now on. */
    answers,
    /** Every event sent so far, after sending what is queued. */
    events(): AnalyticsEvent[] {
      flushAnalytics();
      return sent.flatMap((s) => s.batch.events);
    },
    /** The events sent so far of these names (all when none are given), as `name` and props. */
    named(...names: string[]) {
      return this.events()
        .filter((e) => !names.length || names.includes(e.name))
        .map((e): Record<string, unknown> => ({ name: e.name, ...e.props }));
    },
    stop() {
      resetAnalytics();
      configureAnalytics({ transport: null, now: () => Date.now(), check: assertEvent });
    },
  };
}
