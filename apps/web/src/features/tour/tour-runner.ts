import { type DriveStep, driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import type { I18n } from '../../i18n/core';
import type { TourRun } from './tour-state';
import { findTarget, moveFrom, pathnameOf, pickListing, type TourListing, type TourStep, tourSteps } from './tour-steps';

/** How long a step waits for its element on the page it moved to (that page's code and data loading); then its popover shows centred. */
const WAIT_FOR_ELEMENT_MS = 8000;
/** On the body while the tour moves to another page: the last popover hides until the next one shows. */
const MOVING = 'swapu-tour-moving';

/** The classes and attributes driver.js puts on the element it spotlights. */
const SPOTLIT_CLASSES = ['driver-active-element', 'driver-no-interaction'];
const SPOTLIT_ATTRIBUTES = ['aria-haspopup', 'aria-expanded', 'aria-controls'];

/**
 * Leaves the spotlight's marks on `element` alone. driver.js takes them off the element whose
 * highlight last *finished*: Next pressed while a step's spotlight is still moving (400 ms) left
 * them on that step's element as well, which stayed unclickable and announced as the tour's
 * dialog opener until the tour ended (seen as two spotlit elements in the tour's journey on a
 * phone). Called as each highlight starts, before driver.js moves its marks to the new element.
 */
export function keepSpotlightOn(element: Element | undefined, root: ParentNode = document): void {
  for (const el of root.querySelectorAll('.driver-active-element')) {
    if (el === element) continue;
    el.classList.remove(...SPOTLIT_CLASSES);
    for (const a of SPOTLIT_ATTRIBUTES) el.removeAttribute(a);
  }
}

/** driver.js writes titles and descriptions as HTML: ours are text. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What the tour needs of the app, handed over by the layout. The tour's chunk imports nothing the
 * first load already has: each such import regroups the first load's shared chunks, which cost
 * over 1 KB gzip when this module imported React and the translator itself (decision 0031).
 */
export interface TourApp {
  i18n: I18n;
  navigate: (path: string) => void;
  /** The public feed's newest listings. */
  feed: () => Promise<readonly Parameters<typeof pickListing>[0][number][]>;
  /** Ends the tour, remembered on the device (skipTour). */
  leave: () => void;
  setStep: (step: number) => void;
  setListing: (listing: TourListing | null) => void;
}

export interface TourControl {
  /** The app's location changed: anywhere but the tour's page means the person left the tour. */
  moved(pathname: string): void;
  /** Takes the tour off the screen (the layout unmounting, or the tour having ended). */
  stop(): void;
}

/**
 * The running tour (decision 0031): spotlights each step's element on its real page with
 * driver.js, moves between pages as the person goes Next and Back, and ends, remembered on the
 * device, on Skip tour, Escape, Finish, or when the person goes elsewhere themselves.
 *
 * Plain code, no React: this module and everything only it imports load when a tour starts, and
 * keeping React out of it keeps the first load's chunks as they were (decision 0031).
 */
export function runTour(run: TourRun, app: TourApp): TourControl {
  const { i18n, navigate, leave } = app;
  let stopped = false;
  /** The page the tour is on or moving to, once known. */
  let expected: string | null = null;
  let cleanup = () => {};

  const goTo = (path: string) => {
    expected = pathnameOf(path);
    if (window.location.pathname + window.location.search !== path) navigate(path);
  };

  const show = (steps: TourStep[], at: number) => {
    const t = i18n.getFixedT(null, 'tour');
    const total = steps.length;
    const driveSteps: DriveStep[] = steps.map((step, i) => ({
      element: () => findTarget(step.target) as Element,
      popover: {
        title: escapeHtml(t(`steps.${step.id}.title`)),
        description: escapeHtml(t(`steps.${step.id}.text`)),
        progressText: escapeHtml(t('progress', { current: i + 1, total })),
        showButtons: i === 0 ? ['next'] : ['next', 'previous'],
      },
    }));
    const go = (delta: 1 | -1) => {
      const to = moveFrom(d.getActiveIndex() ?? 0, delta, total);
      if (to === 'finish') return leave();
      if (to === null) return;
      const step = steps[to]!;
      app.setStep(to);
      if (pathnameOf(step.path) !== window.location.pathname) document.body.classList.add(MOVING);
      goTo(step.path);
      d.moveTo(to);
    };
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const d = driver({
      steps: driveSteps,
      animate: !reducedMotion,
      smoothScroll: !reducedMotion,
      // Only Skip tour, Escape and Finish end the tour: a stray tap on the page does not.
      allowClose: false,
      // Arrow keys stay the page's (the Swap Swipe sample deck swipes with them); Escape is handled below.
      allowKeyboardControl: false,
      disableActiveInteraction: true,
      waitForElement: WAIT_FOR_ELEMENT_MS,
      overlayOpacity: 0.6,
      stagePadding: 6,
      stageRadius: 12,
      popoverClass: 'swapu-tour',
      showProgress: true,
      nextBtnText: escapeHtml(t('next')),
      prevBtnText: escapeHtml(t('back')),
      doneBtnText: escapeHtml(t('finish')),
      onNextClick: () => go(1),
      onPrevClick: () => go(-1),
      onHighlightStarted: (element) => {
        document.body.classList.remove(MOVING);
        keepSpotlightOn(element);
      },
      onPopoverRender: (popover) => {
        // "Step n of N" above the title; Skip tour at the footer's start, Back and Next at its end.
        popover.wrapper.insertBefore(popover.progress, popover.title);
        const skip = document.createElement('button');
        skip.type = 'button';
        skip.className = 'driver-popover-footer-btn swapu-tour-skip';
        skip.textContent = t('skip');
        skip.addEventListener('click', leave);
        popover.footer.insertBefore(skip, popover.footerButtons);
        // The driver focuses the popover's first button; Next is the one to start from.
        queueMicrotask(() => popover.nextButton.focus());
      },
    });
    d.drive(at);

    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      leave();
    };
    document.addEventListener('keydown', onKey, true);
    // Pages settle after the spotlight is drawn (photos, data): keep it on its element.
    let frame = 0;
    const resize = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => d.refresh());
    });
    resize.observe(document.body);
    // A phone turned sideways can leave the spotlit element off the screen: bring it back.
    const onResize = () => {
      const el = d.getActiveElement();
      const box = el?.getBoundingClientRect();
      if (el && box && (box.bottom < 0 || box.top > window.innerHeight)) el.scrollIntoView({ block: 'center' });
    };
    window.addEventListener('resize', onResize);
    cleanup = () => {
      document.removeEventListener('keydown', onKey, true);
      window.removeEventListener('resize', onResize);
      resize.disconnect();
      cancelAnimationFrame(frame);
      document.body.classList.remove(MOVING);
      d.destroy();
    };
  };

  const begin = async () => {
    await i18n.loadNamespaces('tour');
    let steps: TourStep[];
    let at = run.step;
    if (run.listing === undefined) {
      // A fresh start: a listing from the public feed, then the first step's page.
      const listing = await app.feed().then(pickListing, () => null);
      if (stopped) return;
      app.setListing(listing);
      steps = tourSteps(listing);
      at = 0;
      goTo(steps[0]!.path);
    } else {
      // A reload mid-tour goes on only on that step's page.
      steps = tourSteps(run.listing);
      at = Math.min(at, steps.length - 1);
      if (window.location.pathname !== pathnameOf(steps[at]!.path)) return leave();
      expected = pathnameOf(steps[at]!.path);
    }
    if (!stopped) show(steps, at);
  };
  void begin();

  return {
    moved(pathname) {
      if (!stopped && expected !== null && pathname !== expected) leave();
    },
    stop() {
      stopped = true;
      cleanup();
    },
  };
}
