-- The sign-in cache (server/core/sign-in-cache.ts, docs/security.md "The sign-in cache"): each API process keeps a
-- token's rows for a few seconds and forgets them as soon as the database says that the user or the token changed,
-- whoever changed it: the application, a cascade, an administrator in psql. The message goes out when the change
-- commits, on the channel every process listens on (server/core/broadcast.ts). Written by hand: drizzle-kit's snapshot
-- holds no triggers. A sign-in's note of the time (`last_login_at`, nothing else changed) is not news to anybody: it is
-- not sent, so that a school signing in for an exam does not make every process forget the students already in.
CREATE OR REPLACE FUNCTION lms_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - 'last_login_at') = (to_jsonb(NEW) - 'last_login_at') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('lms_broadcast', json_build_object('topic', 'signed-in', 'from', 'db', 'user', OLD.id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lms_token_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lms_broadcast', json_build_object('topic', 'signed-in', 'from', 'db', 'user', OLD.user_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_signed_in_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_signed_in_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION lms_user_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tokens_signed_in_changed" ON "tokens";
--> statement-breakpoint
CREATE TRIGGER "tokens_signed_in_changed" AFTER UPDATE OR DELETE ON "tokens" FOR EACH ROW EXECUTE FUNCTION lms_token_changed();
