-- Every new or updated notification is announced on the realtime hub when its transaction
-- commits (NOTIFY is transactional), whichever code path wrote it: the bell updates live.
CREATE OR REPLACE FUNCTION swapu_notify_notification() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('swapu_hub', json_build_object('users', json_build_array(NEW.user_id), 'kind', 'notification', 'id', NEW.id)::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER notifications_live AFTER INSERT OR UPDATE OF created_at ON notifications
  FOR EACH ROW EXECUTE FUNCTION swapu_notify_notification();
