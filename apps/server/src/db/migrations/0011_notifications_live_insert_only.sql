-- Only a new notification changes the bell's count: announce inserts, not the regrouping of
-- chat notifications (one update per message, which doubled the NOTIFY traffic of a busy chat).
DROP TRIGGER IF EXISTS notifications_live ON notifications;
--> statement-breakpoint
CREATE TRIGGER notifications_live AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION swapu_notify_notification();
