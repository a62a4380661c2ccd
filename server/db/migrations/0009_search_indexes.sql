-- Issue 16 item 4: indexes for what people search and sort (docs/performance.md "Indexes for searches, sorts and counts").
-- Written by hand (drizzle-kit has no operator classes for trigram indexes in its snapshot): the schema files do not list
-- these indexes, so generated migrations leave them alone. pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads
-- it in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_surname_trgm" ON "users" USING gin ("surname" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_patronymic_trgm" ON "users" USING gin ("patronymic" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_login_trgm" ON "users" USING gin ("login" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_tenant_id_desc" ON "users" ("tenant_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_tenant_name" ON "users" ("tenant_id", "name");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_tenant_login_sort" ON "users" ("tenant_id", "login");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_tenant_email_sort" ON "users" ("tenant_id", "email");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_tenant_last_login" ON "users" ("tenant_id", "last_login_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_tenant_created" ON "users" ("tenant_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_title_trgm" ON "programs" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_tenant_id_sort" ON "programs" ("tenant_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_tenant_title" ON "programs" ("tenant_id", "title");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_tenant_created" ON "programs" ("tenant_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "news_title_trgm" ON "news" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "news_title_en_trgm" ON "news" USING gin ("title_en" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "news_tenant_title" ON "news" ("tenant_id", "title");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "news_tenant_id_sort" ON "news" ("tenant_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "news_tenant_required" ON "news" ("tenant_id", "required", "published_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "question_answers_question" ON "question_answers" ("question_id");
