CREATE TABLE "network_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'off' NOT NULL,
	"looking_job" boolean DEFAULT false NOT NULL,
	"looking_employee" boolean DEFAULT false NOT NULL,
	"is_hire" boolean DEFAULT false NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"marital_status" text,
	"pet" text,
	"hobbies" text,
	"native_language" text,
	"industry" text,
	"skills" text,
	"company" text,
	"position" text,
	"education" text,
	"about" text,
	"additionally" text,
	"telegram" text,
	"shown_contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"sort_name" text DEFAULT '' NOT NULL,
	"city" text,
	"country_id" integer,
	"city_id" integer,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("full_name", '') || ' ' || coalesce("company", '') || ' ' || coalesce("position", '') || ' ' || coalesce("industry", '') || ' ' || coalesce("skills", '') || ' ' || coalesce("hobbies", '') || ' ' || coalesce("city", ''))) STORED,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_profiles" ADD CONSTRAINT "network_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_profiles" ADD CONSTRAINT "network_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "network_profiles_user" ON "network_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "network_profiles_search" ON "network_profiles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "network_profiles_status" ON "network_profiles" USING btree ("status","tenant_id");--> statement-breakpoint
CREATE INDEX "network_profiles_sort" ON "network_profiles" USING btree ("status","sort_name","id");--> statement-breakpoint
CREATE INDEX "network_profiles_country" ON "network_profiles" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "network_profiles_city" ON "network_profiles" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "network_profiles_industry" ON "network_profiles" USING btree ("industry");