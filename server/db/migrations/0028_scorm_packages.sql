CREATE TABLE "scorm_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"completion_status" text DEFAULT 'not attempted' NOT NULL,
	"success_status" text DEFAULT 'unknown' NOT NULL,
	"score_raw" real,
	"score_min" real,
	"score_max" real,
	"score_scaled" real,
	"session_seconds" integer DEFAULT 0 NOT NULL,
	"total_seconds" integer DEFAULT 0 NOT NULL,
	"suspend_data" text,
	"location" text,
	"exit" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_launches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"attempt_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"origin" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"title" text NOT NULL,
	"version" text NOT NULL,
	"organization" text,
	"launch" text NOT NULL,
	"dir" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"files" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_launches" ADD CONSTRAINT "scorm_launches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_launches" ADD CONSTRAINT "scorm_launches_attempt_id_scorm_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."scorm_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_launches" ADD CONSTRAINT "scorm_launches_package_id_scorm_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."scorm_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_attempts_user_media_attempt" ON "scorm_attempts" USING btree ("tenant_id","user_id","media_id","attempt");--> statement-breakpoint
CREATE INDEX "scorm_attempts_media" ON "scorm_attempts" USING btree ("tenant_id","media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_launches_key" ON "scorm_launches" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "scorm_launches_attempt" ON "scorm_launches" USING btree ("tenant_id","attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_packages_media" ON "scorm_packages" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "scorm_packages_tenant" ON "scorm_packages" USING btree ("tenant_id");