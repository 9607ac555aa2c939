import { analyticsNow, appPath, clip, onPageLeave, track, viewport } from './analytics';

/**
 * How long a page may take to name itself before page_view reports its title: pages set
 * document.title in an effect, some only once their data is in (a post's title).
 */
export const TITLE_WAIT_MS = 2_000;

interface Page {
  path: string;
  enteredAt: number;
  /** Visible time before the current visible stretch. */
  engagedMs: number;
  /** When the current visible stretch began; null while the page is hidden. */
  visibleSince: number | null;
  viewed: boolean;
  exitIntent: boolean;
}

export interface PageAnalytics {
  /** Listens to visibility, exit intent and the page going away; returns a stop function. */
  start(): () => void;
  /** The app is at `path` now: the page left is reported (its view, its visible time, the move). */
  enter(path: string): void;
  /** Reports the current page's view and visible time so far (before its session ends). */
  report(): void;
}

const isVisible = () => document.visibilityState === 'visible';

/** page_view, page_navigation, user_engagement and exit_intent, page by page of the single-page app. */
export function createPageAnalytics(): PageAnalytics {
  let page: Page | null = null;
  let viewTimer: ReturnType<typeof setTimeout> | undefined;

  const view = () => {
    clearTimeout(viewTimer);
    viewTimer = undefined;
    if (!page || page.viewed) return;
    page.viewed = true;
    track('page_view', { title: clip(document.title, 200) }, { path: page.path, at: page.enteredAt });
  };
  const armView = () => {
    if (page && !page.viewed && viewTimer === undefined) viewTimer = setTimeout(view, TITLE_WAIT_MS);
  };

  /** The page's view if still pending, and its visible time since it was last reported. */
  const report = () => {
    if (!page) return;
    view();
    const now = analyticsNow();
    const ms = page.engagedMs + (page.visibleSince === null ? 0 : now - page.visibleSince);
    page.engagedMs = 0;
    page.visibleSince = isVisible() ? now : null;
    const seconds = Math.min(1_000_000, Math.round(ms / 1000));
    if (seconds >= 1) track('user_engagement', { engaged_seconds: seconds }, { path: page.path });
  };

  const onVisibility = () => {
    if (!page) return;
    const now = analyticsNow();
    if (!isVisible() && page.visibleSince !== null) {
      page.engagedMs += now - page.visibleSince;
      page.visibleSince = null;
    } else if (isVisible() && page.visibleSince === null) page.visibleSince = now;
  };

  // The pointer leaving through the top of the window (towards the tabs or the address bar).
  const onMouseOut = (e: MouseEvent) => {
    if (e.relatedTarget || e.clientY > 0 || !page || page.exitIntent || viewport() !== 'desktop') return;
    page.exitIntent = true;
    track('exit_intent', {}, { path: page.path });
  };

  return {
    start() {
      document.addEventListener('visibilitychange', onVisibility);
      document.addEventListener('mouseout', onMouseOut);
      const off = onPageLeave(report);
      armView();
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        document.removeEventListener('mouseout', onMouseOut);
        off();
        clearTimeout(viewTimer);
        viewTimer = undefined;
      };
    },
    enter(rawPath) {
      const path = appPath(rawPath);
      if (page?.path === path) return;
      const from = page?.path;
      report();
      const now = analyticsNow();
      page = { path, enteredAt: now, engagedMs: 0, visibleSince: isVisible() ? now : null, viewed: false, exitIntent: false };
      if (from) track('page_navigation', { from, to: path }, { path });
      armView();
    },
    report,
  };
}
