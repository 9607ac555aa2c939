// One on-demand chunk for what runs around a signed-in session (its timers, the account menu,
// the banned and auto-logout notices): guests on the home page never download it.
export { startSessionLifecycle } from '../../lib/session-lifecycle';
export { default as AccountMenu } from './account-menu';
export { AutoLogoutAlert, SessionAlerts } from './session-alerts';
export { TermsGate } from './terms-gate';
// Chat: the tab's WebSocket and the unread counts in the header and the bottom nav (issue 7).
export { ChatHeaderButton, ChatLive, ChatNavBadge } from '../chat/chat-badges';
