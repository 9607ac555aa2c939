import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberTourDismissed, shouldInvite, tourDismissed } from './tour-memory';

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('what the device remembers about the tour', () => {
  it('is nothing for a first-time visitor, and skipTour once the tour is skipped, finished or declined', () => {
    expect(tourDismissed()).toBe(false);
    rememberTourDismissed();
    expect(window.localStorage.getItem('skipTour')).toBe('true');
    expect(tourDismissed()).toBe(true);
  });

  it('is onboarding\'s "don\'t show again" too: the same skipTour key', () => {
    window.localStorage.setItem('skipTour', 'true');
    expect(tourDismissed()).toBe(true);
    window.localStorage.setItem('skipTour', 'false');
    expect(tourDismissed()).toBe(false);
  });

  it('counts as dismissed when storage cannot be read, so the invitation does not come back on every visit', () => {
    // As browsers that block site data do: reading window.localStorage throws.
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(tourDismissed()).toBe(true);
  });
});

describe('the invitation to take the tour', () => {
  const firstVisit = { pathname: '/', guest: true, dismissed: false, touring: false };

  it('is for a guest on the home page who has neither taken nor declined the tour', () => {
    expect(shouldInvite(firstVisit)).toBe(true);
  });

  it('is not shown once skipTour is set, to members, on other pages, or while the tour runs', () => {
    expect(shouldInvite({ ...firstVisit, dismissed: true })).toBe(false);
    expect(shouldInvite({ ...firstVisit, guest: false })).toBe(false);
    expect(shouldInvite({ ...firstVisit, pathname: '/demo' })).toBe(false);
    expect(shouldInvite({ ...firstVisit, pathname: '/search' })).toBe(false);
    expect(shouldInvite({ ...firstVisit, touring: true })).toBe(false);
  });
});
