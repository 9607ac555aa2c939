/** Which way a card leaves the deck: right is a like, left a pass. */
export type Direction = 'left' | 'right';

/** A pointer that moves less than this has tapped (a link on the card), not dragged. */
export const DRAG_SLOP_PX = 8;
/** Released past this share of the card's width, the card is swiped... */
export const SWIPE_DISTANCE_RATIO = 0.3;
/** ...or past this many pixels, on a narrow card. */
export const SWIPE_DISTANCE_MIN_PX = 80;
/** A flick: released moving at least this fast (px/ms) the right way, after a short drag, swipes too. */
export const FLICK_SPEED = 0.6;
export const FLICK_DISTANCE_MIN_PX = 30;
/** The most a dragged card turns, in degrees. */
export const MAX_ROTATION_DEG = 15;

/**
 * Where a released drag ends: swiped one way, or (null) back to the middle. `dx` is how far the
 * card was dragged, `velocity` how fast it was moving sideways when let go (px/ms), `width` the card's.
 */
export function releaseDirection(dx: number, velocity: number, width: number): Direction | null {
  const distance = Math.max(SWIPE_DISTANCE_MIN_PX, width * SWIPE_DISTANCE_RATIO);
  if (Math.abs(dx) >= distance) return dx > 0 ? 'right' : 'left';
  const flick = Math.abs(velocity) >= FLICK_SPEED && Math.abs(dx) >= FLICK_DISTANCE_MIN_PX && Math.sign(velocity) === Math.sign(dx);
  if (flick) return dx > 0 ? 'right' : 'left';
  return null;
}

/** The card under the finger: moved with it and turned a little, as if held at the bottom. */
export function dragTransform(dx: number, dy: number, width: number): string {
  const turn = Math.max(-MAX_ROTATION_DEG, Math.min(MAX_ROTATION_DEG, (dx / Math.max(width, 1)) * MAX_ROTATION_DEG * 1.2));
  return `translate3d(${dx}px, ${dy * 0.25}px, 0) rotate(${turn.toFixed(2)}deg)`;
}

/** How sure the drag looks (0..1 toward a like or a pass): the "Like"/"Pass" stamps fade in with it. */
export function dragProgress(dx: number, width: number): { like: number; pass: number } {
  const distance = Math.max(SWIPE_DISTANCE_MIN_PX, width * SWIPE_DISTANCE_RATIO);
  const p = Math.min(1, Math.abs(dx) / distance);
  return dx > 0 ? { like: p, pass: 0 } : { like: 0, pass: dx < 0 ? p : 0 };
}

/** Where a swiped card flies to: well past the side it left by. */
export function exitTransform(direction: Direction, width: number, dy = 0): string {
  const x = (direction === 'right' ? 1 : -1) * Math.max(width * 1.5, 480);
  return `translate3d(${x}px, ${dy * 0.25 + 40}px, 0) rotate(${direction === 'right' ? MAX_ROTATION_DEG * 1.5 : -MAX_ROTATION_DEG * 1.5}deg)`;
}

/** Keys that swipe: ← passes, → likes; not while typing, and not with a modifier (browser shortcuts). */
export function keyDirection(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): Direction | null {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return null;
  return e.key === 'ArrowRight' ? 'right' : e.key === 'ArrowLeft' ? 'left' : null;
}

/** A key press in a field (or a slider, a menu) belongs to that control, not to the deck. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return !!el.closest('input, textarea, select, [role="slider"], [role="menu"], [role="listbox"], [role="tablist"], [role="dialog"]');
}
