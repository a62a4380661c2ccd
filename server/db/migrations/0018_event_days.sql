CREATE TABLE "event_days" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"logins" integer NOT NULL,
	"actions" integer NOT NULL,
	CONSTRAINT "event_days_tenant_id_user_id_day_pk" PRIMARY KEY("tenant_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "event_days" ADD CONSTRAINT "event_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_days" ADD CONSTRAINT "event_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand below (docs/reports.md "User activity"): the triggers that keep event_days, then the days of the
-- events already there. A day is the UTC day, as the report periods are.
-- A statement's new events: added to their days in one upsert (a bulk insert costs one statement, not one per row).
CREATE FUNCTION "event_days_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_days AS d (tenant_id, user_id, day, first_at, last_at, logins, actions)
    SELECT tenant_id, user_id, (created_at AT TIME ZONE 'UTC')::date, min(created_at), max(created_at),
      count(*) FILTER (WHERE kind = 'login'), count(*) FILTER (WHERE kind <> 'login')
    FROM new_events GROUP BY 1, 2, 3
  ON CONFLICT (tenant_id, user_id, day) DO UPDATE SET first_at = least(d.first_at, excluded.first_at),
    last_at = greatest(d.last_at, excluded.last_at), logins = d.logins + excluded.logins, actions = d.actions + excluded.actions;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Days whose events were deleted or moved: counted again from the events left (a day left empty disappears).
CREATE FUNCTION "event_days_recount"(ts integer[], us integer[], ds date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_days d USING unnest(ts, us, ds) AS k(tenant_id, user_id, day)
    WHERE d.tenant_id = k.tenant_id AND d.user_id = k.user_id AND d.day = k.day;
  INSERT INTO event_days (tenant_id, user_id, day, first_at, last_at, logins, actions)
    SELECT e.tenant_id, e.user_id, k.day, min(e.created_at), max(e.created_at),
      count(*) FILTER (WHERE e.kind = 'login'), count(*) FILTER (WHERE e.kind <> 'login')
    FROM unnest(ts, us, ds) AS k(tenant_id, user_id, day)
    JOIN events e ON e.tenant_id = k.tenant_id AND e.user_id = k.user_id
      AND e.created_at >= k.day::timestamp AT TIME ZONE 'UTC' AND e.created_at < (k.day + 1)::timestamp AT TIME ZONE 'UTC'
    GROUP BY e.tenant_id, e.user_id, k.day;
END $$;--> statement-breakpoint
CREATE FUNCTION "event_days_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ts integer[]; us integer[]; ds date[];
BEGIN
  SELECT array_agg(tenant_id), array_agg(user_id), array_agg(day) INTO ts, us, ds
    FROM (SELECT DISTINCT tenant_id, user_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM old_events) k;
  IF ts IS NOT NULL THEN PERFORM event_days_recount(ts, us, ds); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update that changes none of the figures' columns (the player's progress rewrites `data`) recounts nothing.
CREATE FUNCTION "event_days_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ts integer[]; us integer[]; ds date[];
BEGIN
  WITH moved AS (
    SELECT o.tenant_id AS ot, o.user_id AS ou, o.created_at AS oc, n.tenant_id AS nt, n.user_id AS nu, n.created_at AS nc
    FROM old_events o JOIN new_events n ON n.id = o.id
    WHERE (o.tenant_id, o.user_id, o.kind, o.created_at) IS DISTINCT FROM (n.tenant_id, n.user_id, n.kind, n.created_at)
  )
  SELECT array_agg(tenant_id), array_agg(user_id), array_agg(day) INTO ts, us, ds FROM (
    SELECT ot AS tenant_id, ou AS user_id, (oc AT TIME ZONE 'UTC')::date AS day FROM moved
    UNION SELECT nt, nu, (nc AT TIME ZONE 'UTC')::date FROM moved
  ) k;
  IF ts IS NOT NULL THEN PERFORM event_days_recount(ts, us, ds); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_days_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION event_days_inserted();--> statement-breakpoint
CREATE TRIGGER "event_days_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION event_days_deleted();--> statement-breakpoint
CREATE TRIGGER "event_days_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION event_days_updated();--> statement-breakpoint
INSERT INTO event_days (tenant_id, user_id, day, first_at, last_at, logins, actions)
  SELECT tenant_id, user_id, (created_at AT TIME ZONE 'UTC')::date, min(created_at), max(created_at),
    count(*) FILTER (WHERE kind = 'login'), count(*) FILTER (WHERE kind <> 'login')
  FROM events GROUP BY 1, 2, 3;
