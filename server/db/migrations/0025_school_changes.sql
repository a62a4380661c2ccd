-- The schools and section flags caches (server/core/context.ts): each API process keeps a school (by its slug) and its
-- section flags for a minute while it hears the other processes, and forgets them as soon as the database says that a
-- school or its sections changed, whoever changed it: the application, the school command, an administrator in psql.
-- The message goes out when the change commits, on the channel every process listens on (server/core/broadcast.ts).
-- Written by hand: drizzle-kit's snapshot holds no triggers.
CREATE OR REPLACE FUNCTION lms_school_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lms_broadcast', json_build_object('topic', 'tenant-caches', 'from', 'db')::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tenants_school_changed" ON "tenants";
--> statement-breakpoint
CREATE TRIGGER "tenants_school_changed" AFTER UPDATE OR DELETE ON "tenants" FOR EACH STATEMENT EXECUTE FUNCTION lms_school_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tenant_access_school_changed" ON "tenant_access";
--> statement-breakpoint
CREATE TRIGGER "tenant_access_school_changed" AFTER INSERT OR UPDATE OR DELETE ON "tenant_access" FOR EACH STATEMENT EXECUTE FUNCTION lms_school_changed();
