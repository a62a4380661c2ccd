CREATE TABLE "market_found_cheaper" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"buyer_tenant_id" integer NOT NULL,
	"buyer_school" text NOT NULL,
	"buyer_user_id" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"place" text NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"link" text,
	"comment" text,
	"answer" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_found_cheaper_refs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seller_tenant_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_found_cheaper" ADD CONSTRAINT "market_found_cheaper_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_found_cheaper" ADD CONSTRAINT "market_found_cheaper_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_found_cheaper" ADD CONSTRAINT "market_found_cheaper_buyer_tenant_id_tenants_id_fk" FOREIGN KEY ("buyer_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_found_cheaper" ADD CONSTRAINT "market_found_cheaper_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_found_cheaper_refs" ADD CONSTRAINT "market_found_cheaper_refs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_found_cheaper_refs" ADD CONSTRAINT "market_found_cheaper_refs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_found_cheaper_refs" ADD CONSTRAINT "market_found_cheaper_refs_seller_tenant_id_tenants_id_fk" FOREIGN KEY ("seller_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_found_cheaper_tenant" ON "market_found_cheaper" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "market_found_cheaper_buyer" ON "market_found_cheaper" USING btree ("buyer_tenant_id","buyer_user_id");--> statement-breakpoint
CREATE INDEX "market_found_cheaper_refs_user" ON "market_found_cheaper_refs" USING btree ("tenant_id","user_id");