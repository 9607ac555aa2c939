import { useSyncExternalStore } from 'react';
import type { TourListing } from './tour-steps';

/**
 * The running tour: its step, and the listing it shows (undefined until the tour has looked one
 * up). Kept in sessionStorage so a reload of the tab goes on where it was; null when no tour runs.
 * This module is in the first load (the layout reads it), so it stays small: the tour itself
 * (driver.js, its styles, the steps' texts) loads only once a tour starts.
 */
export interface TourRun {
  step: number;
  listing?: TourListing | null;
}

const KEY = 'swapu.tour';
const listeners = new Set<() => void>();

function load(): TourRun | null {
  try {
    const run = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as TourRun | null;
    return run && Number.isInteger(run.step) && run.step >= 0 ? run : null;
  } catch {
    return null;
  }
}

let current: TourRun | null = typeof window === 'undefined' ? null : load();

function set(run: TourRun | null) {
  current = run;
  try {
    if (run) window.sessionStorage.setItem(KEY, JSON.stringify(run));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable: the tour runs in memory only
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const get = () => current;

/** The running tour as it is now (for code outside React). */
export const getTourRun = get;

/** Starts the tour at its first step (the runner looks up a listing, then goes there). */
export const startTour = () => set({ step: 0 });
export const setTourStep = (step: number) => current && set({ ...current, step });
export const setTourListing = (listing: TourListing | null) => current && set({ ...current, listing });
export const endTour = () => set(null);

/** The running tour, or null; null on the server and while hydrating. */
export function useTourRun(): TourRun | null {
  return useSyncExternalStore(subscribe, get, () => null);
}

/** Tests: the stored tour, as a fresh page load would read it. */
export const reloadTourForTests = () => {
  current = load();
};
