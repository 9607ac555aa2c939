import { describe, expect, it } from 'vitest';
import { dragProgress, dragTransform, isTypingTarget, keyDirection, releaseDirection } from './swipe-gesture';

const key = (k: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('letting go of a dragged card', () => {
  it('swipes once the card is past 30 % of its width, the way it was dragged', () => {
    expect(releaseDirection(121, 0, 400)).toBe('right');
    expect(releaseDirection(-121, 0, 400)).toBe('left');
    expect(releaseDirection(119, 0, 400)).toBeNull();
    expect(releaseDirection(-119, 0, 400)).toBeNull();
  });

  it('needs at least 80 px on a narrow card', () => {
    expect(releaseDirection(70, 0, 200)).toBeNull();
    expect(releaseDirection(80, 0, 200)).toBe('right');
  });

  it('swipes on a quick flick the same way after a short drag, but not a flick back or a twitch', () => {
    expect(releaseDirection(40, 0.9, 400)).toBe('right');
    expect(releaseDirection(-40, -0.9, 400)).toBe('left');
    // Dragged right, then flicked back toward the middle: it springs back.
    expect(releaseDirection(40, -0.9, 400)).toBeNull();
    // Too short to be a flick.
    expect(releaseDirection(20, 2, 400)).toBeNull();
    // Too slow.
    expect(releaseDirection(60, 0.3, 400)).toBeNull();
  });
});

describe('the card under the finger', () => {
  it('follows the finger and turns toward the side it is dragged to, never more than 15°', () => {
    expect(dragTransform(100, 20, 400)).toBe('translate3d(100px, 5px, 0) rotate(4.50deg)');
    expect(dragTransform(-100, 0, 400)).toBe('translate3d(-100px, 0px, 0) rotate(-4.50deg)');
    expect(dragTransform(2000, 0, 400)).toContain('rotate(15.00deg)');
  });

  it('fades the Like stamp in toward a like and the Pass stamp toward a pass', () => {
    expect(dragProgress(60, 400)).toEqual({ like: 0.5, pass: 0 });
    expect(dragProgress(-240, 400)).toEqual({ like: 0, pass: 1 });
    expect(dragProgress(0, 400)).toEqual({ like: 0, pass: 0 });
  });
});

describe('keys', () => {
  it('→ likes and ← passes; with a modifier they are the browser’s', () => {
    expect(keyDirection(key('ArrowRight'))).toBe('right');
    expect(keyDirection(key('ArrowLeft'))).toBe('left');
    expect(keyDirection(key('ArrowUp'))).toBeNull();
    expect(keyDirection(key('ArrowLeft', { altKey: true }))).toBeNull();
    expect(keyDirection(key('ArrowRight', { metaKey: true }))).toBeNull();
  });

  it('leaves keys typed in a field or pressed in a dialog alone', () => {
    const input = document.createElement('input');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inDialog = document.createElement('button');
    dialog.append(inDialog);
    document.body.append(input, dialog);
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(inDialog)).toBe(true);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    input.remove();
    dialog.remove();
  });
});
