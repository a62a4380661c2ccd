CREATE TABLE "abranches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"description" text,
	"image" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievement_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"achievement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"credential_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"awarded_by" integer,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" integer,
	"revoked_manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"abranch_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"description" text,
	"image" text,
	"rule" text DEFAULT 'manual' NOT NULL,
	"program_id" integer,
	"quiz_id" integer,
	"media_id" integer,
	"min_percent" real,
	"module_ids" jsonb,
	"count" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amodules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"aprogram_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"kind" text NOT NULL,
	"program_id" integer,
	"media_id" integer,
	"quiz_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aprograms" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"abranch_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credential_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abranches" ADD CONSTRAINT "abranches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_awards" ADD CONSTRAINT "achievement_awards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_awards" ADD CONSTRAINT "achievement_awards_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_awards" ADD CONSTRAINT "achievement_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_awards" ADD CONSTRAINT "achievement_awards_awarded_by_users_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_awards" ADD CONSTRAINT "achievement_awards_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_abranch_id_abranches_id_fk" FOREIGN KEY ("abranch_id") REFERENCES "public"."abranches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amodules" ADD CONSTRAINT "amodules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amodules" ADD CONSTRAINT "amodules_aprogram_id_aprograms_id_fk" FOREIGN KEY ("aprogram_id") REFERENCES "public"."aprograms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amodules" ADD CONSTRAINT "amodules_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amodules" ADD CONSTRAINT "amodules_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amodules" ADD CONSTRAINT "amodules_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aprograms" ADD CONSTRAINT "aprograms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aprograms" ADD CONSTRAINT "aprograms_abranch_id_abranches_id_fk" FOREIGN KEY ("abranch_id") REFERENCES "public"."abranches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_keys" ADD CONSTRAINT "credential_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abranches_tenant_sort" ON "abranches" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "achievement_awards_once" ON "achievement_awards" USING btree ("achievement_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "achievement_awards_credential" ON "achievement_awards" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "achievement_awards_tenant_user" ON "achievement_awards" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "achievements_tenant_branch" ON "achievements" USING btree ("tenant_id","abranch_id","sort");--> statement-breakpoint
CREATE INDEX "amodules_tenant_aprogram" ON "amodules" USING btree ("tenant_id","aprogram_id","sort");--> statement-breakpoint
CREATE INDEX "aprograms_tenant_branch" ON "aprograms" USING btree ("tenant_id","abranch_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_keys_tenant" ON "credential_keys" USING btree ("tenant_id");