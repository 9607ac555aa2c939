import { useEffect } from 'react';

/** Marks the page as live: `html[data-ready]`, which the journeys wait for after a page load. */
export const markReady = () => {
  document.documentElement.dataset.ready = 'true';
};

/**
 * Rendered beside a layout's page, inside the page's Suspense boundary: its effect runs once the
 * page is on screen and, after a server render, hydrated (React hydrates a boundary's content
 * after the root, so a mark at the root came before the header's controls answered).
 */
export function MarkReady() {
  useEffect(markReady, []);
  return null;
}
