CREATE TABLE "event_months" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"days" integer NOT NULL,
	"seconds" numeric NOT NULL,
	"logins" integer NOT NULL,
	"actions" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_months_tenant_id_user_id_month_pk" PRIMARY KEY("tenant_id","user_id","month")
);
--> statement-breakpoint
ALTER TABLE "event_months" ADD CONSTRAINT "event_months_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_months" ADD CONSTRAINT "event_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand below (docs/reports.md "User activity"): event_days summed per user and UTC month, kept by a row
-- trigger on event_days (whose rows change only through the triggers of events: an insert, an upsert that widens a
-- day, a delete of a day counted again), then filled from the days already there.
CREATE FUNCTION "event_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m date;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    m := date_trunc('month', OLD.day)::date;
    UPDATE event_months e SET days = e.days - 1, seconds = e.seconds - extract(epoch from (OLD.last_at - OLD.first_at)),
      logins = e.logins - OLD.logins, actions = e.actions - OLD.actions
      WHERE e.tenant_id = OLD.tenant_id AND e.user_id = OLD.user_id AND e.month = m;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO event_months AS e (tenant_id, user_id, month, days, seconds, logins, actions, last_at)
      VALUES (NEW.tenant_id, NEW.user_id, date_trunc('month', NEW.day)::date, 1, extract(epoch from (NEW.last_at - NEW.first_at)), NEW.logins, NEW.actions, NEW.last_at)
    ON CONFLICT (tenant_id, user_id, month) DO UPDATE SET days = e.days + 1, seconds = e.seconds + excluded.seconds,
      logins = e.logins + excluded.logins, actions = e.actions + excluded.actions, last_at = greatest(e.last_at, excluded.last_at);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (NEW.last_at < OLD.last_at OR (NEW.tenant_id, NEW.user_id, NEW.day) IS DISTINCT FROM (OLD.tenant_id, OLD.user_id, OLD.day))) THEN
    -- the month may have lost its last event or its last day: both taken again from its days
    DELETE FROM event_months e WHERE e.tenant_id = OLD.tenant_id AND e.user_id = OLD.user_id AND e.month = m AND e.days = 0;
    -- (none left yet while a statement deletes several of its days: kept until the last one's call empties the month)
    UPDATE event_months e SET last_at = coalesce((SELECT max(d.last_at) FROM event_days d WHERE d.tenant_id = e.tenant_id AND d.user_id = e.user_id
        AND d.day >= e.month AND d.day < (e.month + interval '1 month')::date), e.last_at)
      WHERE e.tenant_id = OLD.tenant_id AND e.user_id = OLD.user_id AND e.month = m;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_months_apply" AFTER INSERT OR UPDATE OR DELETE ON "event_days" FOR EACH ROW EXECUTE FUNCTION event_months_apply();--> statement-breakpoint
INSERT INTO event_months (tenant_id, user_id, month, days, seconds, logins, actions, last_at)
  SELECT tenant_id, user_id, date_trunc('month', day)::date, count(*), sum(extract(epoch from (last_at - first_at))), sum(logins), sum(actions), max(last_at)
  FROM event_days GROUP BY 1, 2, 3;
