import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import { withChunkTimeout, withNamespaces } from '../../lib/lazy-page';
import type { FairnessSource } from './use-fairness';

// Its own chunk and catalogue, fetched when an offer or the offer editor shows it: never in the home page's first load.
const Meter = lazy(withNamespaces(() => withChunkTimeout(() => import('./fair-swap-meter')), ['fairness']));

/** Whatever goes wrong in the meter (its chunk, its catalogue) stays in the meter: the offer around it goes on. */
class Contained extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The fair-swap meter, loaded on its own. */
export function FairSwapMeter({ source }: { source: FairnessSource }) {
  return (
    <Contained>
      <Suspense fallback={<Skeleton height={150} radius="lg" data-testid="fair-swap-meter-loading" />}>
        <Meter source={source} />
      </Suspense>
    </Contained>
  );
}
