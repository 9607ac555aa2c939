-- Notifications are announced by the code that writes them, through the hub after commit
-- (modules/notifications/notify.ts, structure issue 14): the trigger that announced every kind
-- but chat's from inside the writer's transaction goes, so there is one path, not two.
DROP TRIGGER IF EXISTS notifications_live ON notifications;
--> statement-breakpoint
DROP FUNCTION IF EXISTS swapu_notify_notification();
