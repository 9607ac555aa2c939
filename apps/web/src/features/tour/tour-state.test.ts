import { beforeEach, describe, expect, it } from 'vitest';
import { endTour, reloadTourForTests, setTourListing, setTourStep, startTour } from './tour-state';

const stored = () => JSON.parse(window.sessionStorage.getItem('swapu.tour') ?? 'null') as unknown;

beforeEach(() => {
  endTour();
  window.sessionStorage.clear();
});

describe('the running tour', () => {
  it('starts at the first step with no listing looked up yet, and survives a reload of the tab', () => {
    startTour();
    expect(stored()).toEqual({ step: 0 });
    setTourListing({ id: 'p-1', category: 'toys' });
    setTourStep(3);
    expect(stored()).toEqual({ step: 3, listing: { id: 'p-1', category: 'toys' } });
  });

  it('is forgotten when it ends', () => {
    startTour();
    endTour();
    expect(stored()).toBeNull();
    // Nothing to move once it has ended.
    setTourStep(2);
    expect(stored()).toBeNull();
  });

  it('ignores a stored tour it cannot read', () => {
    window.sessionStorage.setItem('swapu.tour', '{"step":-1}');
    reloadTourForTests();
    setTourStep(1);
    expect(stored()).toEqual({ step: -1 });
    window.sessionStorage.setItem('swapu.tour', '{"step":2}');
    reloadTourForTests();
    setTourStep(4);
    expect(stored()).toEqual({ step: 4 });
  });
});
