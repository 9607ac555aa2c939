import { ActionIcon, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconHeartFilled, IconX } from '@tabler/icons-react';
import { type PointerEvent as ReactPointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { DeckCard } from '@swapu/shared/engagement';
import { useTranslation } from '../../i18n/react';
import { CARD_IMAGE_SIZES, HOVER_ONLY, SwipeCard } from './swipe-card';
import {
  type Direction,
  DRAG_SLOP_PX,
  dragProgress,
  dragTransform,
  exitTransform,
  isTypingTarget,
  keyDirection,
  releaseDirection,
} from './swipe-gesture';
import classes from './swap-swipe.module.css';

/** Cards drawn under the top one (their photos load with it), and cards whose photos load ahead. */
const BEHIND = 2;
const PRELOAD = 5;

interface Leaving {
  key: number;
  card: DeckCard;
  direction: Direction;
  from: string;
  width: number;
  dy: number;
}

/** Loads the photos of the cards after the visible ones, so the next swipes never wait for an image. */
function usePreloadImages(cards: DeckCard[]) {
  const ids = cards
    .slice(BEHIND + 1, BEHIND + 1 + PRELOAD)
    .map((c) => c.id)
    .join(',');
  const cardsRef = useRef(cards);
  cardsRef.current = cards;
  useEffect(() => {
    if (!ids || typeof Image === 'undefined') return;
    for (const c of cardsRef.current.slice(BEHIND + 1, BEHIND + 1 + PRELOAD)) {
      if (!c.thumbUrl) continue;
      const img = new Image();
      img.decoding = 'async';
      img.sizes = CARD_IMAGE_SIZES;
      if (c.thumbSrcSet) img.srcset = c.thumbSrcSet;
      img.src = c.thumbUrl;
    }
  }, [ids]);
}

/** A swiped card flying off the side it left by, from where the finger let it go. */
function LeavingCard({ leaving, onDone }: { leaving: Leaving; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const el = ref.current;
    const still = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!el || typeof el.animate !== 'function' || still) return void done.current();
    const animation = el.animate(
      [
        { transform: leaving.from, opacity: 1 },
        { transform: exitTransform(leaving.direction, leaving.width, leaving.dy), opacity: 0 },
      ],
      { duration: 280, easing: 'cubic-bezier(0.4, 0, 1, 1)', fill: 'forwards' },
    );
    animation.onfinish = () => done.current();
    // Cancelling rejects `finished`: expected when the deck goes away mid-flight.
    animation.finished?.catch(() => {});
    return () => animation.cancel();
  }, [leaving]);
  return (
    <div ref={ref} className={classes.leaving} style={{ transform: leaving.from }} aria-hidden="true" data-testid="swipe-card-leaving">
      <SwipeCard card={leaving.card} stamps />
    </div>
  );
}

/**
 * A deck of cards to swipe: drag the top card (finger or mouse; it follows with a slight turn and
 * is swiped when let go far or fast enough, else springs back), press ← or →, or use the buttons.
 * `onSwipe` answers the card that went (none for a right swipe over the day's limit).
 */
export function SwipeDeck({
  cards,
  onSwipe,
  onUndo,
  canUndo = false,
  keyboard = true,
  cardLinks,
  empty,
}: {
  cards: DeckCard[];
  /** Swipes the top card: answers the card that went, or null when it stays. */
  onSwipe: (direction: Direction) => DeckCard | null;
  onUndo?: () => void;
  canUndo?: boolean;
  /** Off while a dialog is open over the deck. */
  keyboard?: boolean;
  cardLinks?: (card: DeckCard) => ReactNode;
  empty: ReactNode;
}) {
  const { t } = useTranslation('swapSwipe');
  const top = cards[0];
  const topRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{
    id: number;
    x0: number;
    y0: number;
    dx: number;
    dy: number;
    lastX: number;
    lastT: number;
    v: number;
    on: boolean;
  } | null>(null);
  /** A click right after a drag is the end of the drag, not a tap on a link. */
  const swallowClick = useRef(false);
  const [leaving, setLeaving] = useState<Leaving[]>([]);
  const [said, setSaid] = useState('');
  const nextKey = useRef(0);
  usePreloadImages(cards);

  const style = (el: HTMLDivElement, dx: number, dy: number, width: number) => {
    el.style.transform = dx || dy ? dragTransform(dx, dy, width) : '';
    const p = dragProgress(dx, width);
    el.style.setProperty('--like', String(p.like));
    el.style.setProperty('--pass', String(p.pass));
  };
  const reset = (el: HTMLDivElement | null, spring: boolean) => {
    if (!el) return;
    if (spring) {
      el.classList.add(classes.springBack!);
      window.setTimeout(() => el.classList.remove(classes.springBack!), 300);
    }
    style(el, 0, 0, el.offsetWidth || 1);
  };

  /** Swipes the top card from where it is now (the middle, for keys and buttons). */
  const commit = (direction: Direction, dx = 0, dy = 0) => {
    const el = topRef.current;
    if (!top) return;
    const width = el?.offsetWidth || 360;
    const card = onSwipe(direction);
    if (!card) return reset(el, true);
    const from = dx || dy ? dragTransform(dx, dy, width) : 'none';
    setLeaving((l) => [...l, { key: nextKey.current++, card, direction, from, width, dy }]);
    setSaid(t(direction === 'right' ? 'deck.liked' : 'deck.passed', { title: card.title }));
    if (el) style(el, 0, 0, width);
  };
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    if (!keyboard) return;
    const onKey = (e: KeyboardEvent) => {
      const direction = keyDirection(e);
      if (!direction || e.defaultPrevented || isTypingTarget(e.target)) return;
      e.preventDefault();
      commitRef.current(direction);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keyboard]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    drag.current = { id: e.pointerId, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, lastX: e.clientX, lastT: e.timeStamp, v: 0, on: false };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const el = topRef.current;
    if (!d || d.id !== e.pointerId || !el) return;
    d.dx = e.clientX - d.x0;
    d.dy = e.clientY - d.y0;
    if (!d.on) {
      if (Math.abs(d.dx) < DRAG_SLOP_PX) return;
      // Past the slop the card is held: it keeps the pointer even when the finger leaves it.
      d.on = true;
      el.classList.remove(classes.springBack!);
      el.setPointerCapture?.(e.pointerId);
    }
    const dt = e.timeStamp - d.lastT;
    if (dt > 0) d.v = 0.7 * ((e.clientX - d.lastX) / dt) + 0.3 * d.v;
    d.lastX = e.clientX;
    d.lastT = e.timeStamp;
    style(el, d.dx, d.dy, el.offsetWidth || 1);
  };
  const onPointerEnd = (e: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    if (!d.on) return;
    swallowClick.current = true;
    window.setTimeout(() => (swallowClick.current = false), 0);
    const el = topRef.current;
    const direction = cancelled ? null : releaseDirection(d.dx, d.v, el?.offsetWidth || 360);
    if (direction) commit(direction, d.dx, d.dy);
    else reset(el, true);
  };

  return (
    <div>
      <div className={classes.stage}>
        {top ? (
          <div className={classes.slot}>
            {cards.slice(1, 1 + BEHIND).map((c, i) => (
              <div key={c.id} className={`${classes.behind} ${i === 0 ? classes.behind1 : classes.behind2}`} aria-hidden="true" inert>
                <SwipeCard card={c} />
              </div>
            ))}
            <div
              key={top.id}
              ref={topRef}
              className={classes.top}
              role="group"
              aria-roledescription={t('deck.cardRole')}
              aria-label={top.title}
              // Named after the item's title, the member's own words (e2e/support/pt-PT-check.ts).
              data-user-content="aria-label"
              data-testid="swipe-card"
              data-post-id={top.id}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={(e) => onPointerEnd(e, false)}
              onPointerCancel={(e) => onPointerEnd(e, true)}
              onClickCapture={(e) => {
                if (swallowClick.current) {
                  e.preventDefault();
                  e.stopPropagation();
                }
              }}
            >
              <SwipeCard card={top} stamps priority links={cardLinks?.(top)} />
            </div>
            {leaving.map((l) => (
              <LeavingCard key={l.key} leaving={l} onDone={() => setLeaving((all) => all.filter((x) => x.key !== l.key))} />
            ))}
          </div>
        ) : (
          <>
            {empty}
            {leaving.map((l) => (
              <LeavingCard key={l.key} leaving={l} onDone={() => setLeaving((all) => all.filter((x) => x.key !== l.key))} />
            ))}
          </>
        )}
      </div>
      <div className={classes.actions}>
        <Tooltip label={t('deck.passHint')} openDelay={400} events={HOVER_ONLY}>
          <ActionIcon
            className={classes.big}
            size={64}
            radius={999}
            variant="white"
            color="red.8"
            aria-label={t('deck.pass')}
            disabled={!top}
            onClick={() => commit('left')}
            data-testid="swipe-pass"
          >
            <IconX size={30} stroke={2.6} />
          </ActionIcon>
        </Tooltip>
        {onUndo && (
          <Tooltip label={t('deck.undo')} openDelay={400} events={HOVER_ONLY}>
            <ActionIcon size={44} radius={999} variant="default" aria-label={t('deck.undo')} disabled={!canUndo} onClick={onUndo}>
              <IconArrowBackUp size={22} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('deck.likeHint')} openDelay={400} events={HOVER_ONLY}>
          <ActionIcon
            className={classes.big}
            size={64}
            radius={999}
            variant="filled"
            color="swapu"
            aria-label={t('deck.like')}
            disabled={!top}
            onClick={() => commit('right')}
            data-testid="swipe-like"
          >
            <IconHeartFilled size={30} />
          </ActionIcon>
        </Tooltip>
      </div>
      <Text fz="xs" c="dimmed" ta="center" mt="xs" visibleFrom="sm">
        {t('deck.keysHint')}
      </Text>
      <Text fz="xs" c="dimmed" ta="center" mt="xs" hiddenFrom="sm">
        {t('deck.dragHint')}
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {said}
      </VisuallyHidden>
    </div>
  );
}
