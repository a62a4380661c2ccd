CREATE TABLE "market_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"image" text,
	"program_id" integer,
	"category_id" integer,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_ads_one_link" CHECK (("market_ads"."program_id" is null) <> ("market_ads"."category_id" is null)),
	CONSTRAINT "market_ads_period_order" CHECK ("market_ads"."ends_on" >= "market_ads"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "market_ads" ADD CONSTRAINT "market_ads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ads" ADD CONSTRAINT "market_ads_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_ads" ADD CONSTRAINT "market_ads_category_id_store_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."store_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_ads_period" ON "market_ads" USING btree ("tenant_id","starts_on","ends_on");