// One on-demand chunk for what runs around a signed-in session (its timers, the account menu,
// the banned and auto-logout notices): guests on the home page never download it.
export { startSessionLifecycle } from '../../lib/session-lifecycle';
export { default as AccountMenu } from '../../features/auth/account-menu';
export { AutoLogoutAlert, SessionAlerts } from '../../features/auth/session-alerts';
export { TermsGate } from '../../features/auth/terms-gate';
export { NotificationBell } from '../../features/notifications/notification-bell';
// Chat: the tab's WebSocket and the unread counts in the header and the bottom nav (issue 7).
export { ChatHeaderButton, ChatLive, ChatNavBadge } from '../../features/chat/chat-badges';
