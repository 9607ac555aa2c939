-- Chat notifications are announced by the send path itself, through the hub's batched NOTIFY
-- after commit (decision 0010): a NOTIFY inside the send's transaction makes PostgreSQL serialise
-- that commit with every other notifying commit, which queued the first messages of many rooms.
-- Every other kind is still announced here, whichever code path writes it.
CREATE OR REPLACE FUNCTION swapu_notify_notification() RETURNS trigger AS $$
BEGIN
  IF NEW.kind <> 'message' THEN
    PERFORM pg_notify('swapu_hub', json_build_object('users', json_build_array(NEW.user_id), 'kind', 'notification', 'id', NEW.id)::text);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
