-- The link tables carry their school too, so that row-level security and the bound handle cover them (backfilled from the school-owned side).
ALTER TABLE "chapter_media" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
UPDATE "chapter_media" SET "tenant_id" = p."tenant_id" FROM "chapters" p WHERE p."id" = "chapter_media"."chapter_id";--> statement-breakpoint
ALTER TABLE "chapter_media" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chapter_quizzes" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
UPDATE "chapter_quizzes" SET "tenant_id" = p."tenant_id" FROM "chapters" p WHERE p."id" = "chapter_quizzes"."chapter_id";--> statement-breakpoint
ALTER TABLE "chapter_quizzes" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "group_users" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
UPDATE "group_users" SET "tenant_id" = p."tenant_id" FROM "groups" p WHERE p."id" = "group_users"."group_id";--> statement-breakpoint
ALTER TABLE "group_users" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "program_groups" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
UPDATE "program_groups" SET "tenant_id" = p."tenant_id" FROM "programs" p WHERE p."id" = "program_groups"."program_id";--> statement-breakpoint
ALTER TABLE "program_groups" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "program_users" ADD COLUMN "tenant_id" integer;--> statement-breakpoint
UPDATE "program_users" SET "tenant_id" = p."tenant_id" FROM "programs" p WHERE p."id" = "program_users"."program_id";--> statement-breakpoint
ALTER TABLE "program_users" ALTER COLUMN "tenant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chapter_media" ADD CONSTRAINT "chapter_media_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_quizzes" ADD CONSTRAINT "chapter_quizzes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_groups" ADD CONSTRAINT "program_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_users" ADD CONSTRAINT "program_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
