/** Navigation state that keeps the scroll position (a step change inside one form, say): app/layouts/scroll-reset. */
export const KEEP_SCROLL = { keepScroll: true } as const;
