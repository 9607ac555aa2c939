import fs from 'node:fs';
import path from 'node:path';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GUEST_BLOCKED_ROUTES } from '@swapu/shared/paths';
import { findTarget, moveFrom, pathnameOf, pickListing, TOUR_STOPS, tourSteps } from './tour-steps';

const item = (id: string, thumbUrl: string | null, categories = ['bicycles']) => ({ id, thumbUrl, categories });
const listing = { id: 'p-1', category: 'camping-and-fishing' };

describe('the listing the tour shows', () => {
  it('is the newest listing with a photo in the public feed', () => {
    expect(pickListing([item('a', null), item('b', '/media/b.webp', ['toys', 'baby']), item('c', '/media/c.webp')])).toEqual({
      id: 'b',
      category: 'toys',
    });
  });

  it('is the newest listing when none has a photo, and none in an empty marketplace', () => {
    expect(pickListing([item('a', null, []), item('b', null)])).toEqual({ id: 'a', category: null });
    expect(pickListing([])).toBeNull();
  });
});

describe('the tour steps', () => {
  it('go search, the listing, its offer button, Swap Swipe, swap chains and delivery, each on its page', () => {
    expect(tourSteps(listing).map((s) => [s.id, s.path, s.target])).toEqual([
      ['search', '/search?category=camping-and-fishing', 'search'],
      ['listing', '/viewPost/p-1', 'listing'],
      ['makeOffer', '/viewPost/p-1', 'make-offer'],
      ['swapSwipe', '/swap-swipe', 'swap-swipe'],
      ['swapChains', '/swap-swipe', 'swap-chains'],
      ['delivery', '/delivery-calculator', 'delivery'],
    ]);
  });

  it('leave out the listing and its offer in an empty marketplace, and show search from the home page', () => {
    expect(tourSteps(null).map((s) => [s.id, s.path])).toEqual([
      ['search', '/'],
      ['swapSwipe', '/swap-swipe'],
      ['swapChains', '/swap-swipe'],
      ['delivery', '/delivery-calculator'],
    ]);
    expect(tourSteps({ id: 'p-2', category: null })[0]!.path).toBe('/');
  });

  it('never go to a page that sends a guest home', () => {
    for (const step of [...tourSteps(listing), ...tourSteps(null)]) {
      const blocked = GUEST_BLOCKED_ROUTES.filter((pattern) => matchPath(pattern, pathnameOf(step.path)));
      expect(blocked, step.path).toEqual([]);
    }
  });

  it('have a title and a text in every language', () => {
    for (const locale of ['en-US', 'pt-PT']) {
      const file = path.join(import.meta.dirname, `../../i18n/${locale}/tour.json`);
      const steps = (JSON.parse(fs.readFileSync(file, 'utf8')) as { steps: Record<string, { title: string; text: string }> }).steps;
      expect(Object.keys(steps).sort(), locale).toEqual([...TOUR_STOPS].sort());
    }
  });
});

describe('moving through the tour', () => {
  it('goes forward to the next step and finishes after the last', () => {
    expect(moveFrom(0, 1, 6)).toBe(1);
    expect(moveFrom(4, 1, 6)).toBe(5);
    expect(moveFrom(5, 1, 6)).toBe('finish');
  });

  it('goes back to the previous step, and nowhere from the first', () => {
    expect(moveFrom(3, -1, 6)).toBe(2);
    expect(moveFrom(0, -1, 6)).toBeNull();
  });

  it('spotlights the visible one of several marked elements (the header has a search box per screen width)', () => {
    document.body.innerHTML =
      '<div data-tour="search" id="wide"></div><div data-tour="search" id="phone"></div><div data-tour="delivery"></div>';
    const [wide, phone] = [document.getElementById('wide')!, document.getElementById('phone')!];
    wide.checkVisibility = () => false;
    phone.checkVisibility = () => true;
    expect(findTarget('search')).toBe(phone);
    phone.checkVisibility = () => false;
    expect(findTarget('search')).toBeUndefined();
    expect(findTarget('swap-chains')).toBeUndefined();
  });
});
