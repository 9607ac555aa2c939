/** Names the service worker and the page share (the page's side: app/pwa-client.tsx). */

/** The cache of the feed's API answers (the page writes the first one it rendered from the server's HTML too). */
export const FEED_CACHE = 'swapu-feed';
/** On <html> of the shell the worker serves when a page could not be fetched: the app says it is offline. */
export const OFFLINE_ATTRIBUTE = 'data-swapu-offline';
