import { describe, expect, it } from 'vitest';
import { keepSpotlightOn } from './tour-runner';

const spotlit = (id: string) => {
  const el = document.createElement('div');
  el.id = id;
  el.className = 'card driver-active-element driver-no-interaction';
  el.setAttribute('aria-haspopup', 'dialog');
  el.setAttribute('aria-expanded', 'true');
  el.setAttribute('aria-controls', 'driver-popover-content');
  return el;
};

describe('keepSpotlightOn', () => {
  it("takes the spotlight's marks off every element but the one being spotlit, and nothing else", () => {
    const root = document.createElement('div');
    const left = spotlit('left');
    const next = spotlit('next');
    root.append(left, next);

    keepSpotlightOn(next, root);

    expect(left.className).toBe('card');
    expect(left.getAttributeNames().sort()).toEqual(['class', 'id']);
    expect(next.className).toBe('card driver-active-element driver-no-interaction');
    expect(next.getAttribute('aria-expanded')).toBe('true');
    expect(root.querySelectorAll('.driver-active-element')).toHaveLength(1);
  });

  it('clears them all when the step has no element of its own (a centred popover)', () => {
    const root = document.createElement('div');
    root.append(spotlit('a'), spotlit('b'));
    keepSpotlightOn(undefined, root);
    expect(root.querySelectorAll('.driver-active-element, .driver-no-interaction, [aria-haspopup]')).toHaveLength(0);
  });
});
