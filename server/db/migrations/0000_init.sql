CREATE TABLE "settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_access" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"networking" boolean DEFAULT false NOT NULL,
	"lifelong_learning" boolean DEFAULT false NOT NULL,
	"rating" boolean DEFAULT false NOT NULL,
	"message" boolean DEFAULT false NOT NULL,
	"payment" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"actor_id" integer,
	"access_hash" text NOT NULL,
	"refresh_hash" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_access_hash_unique" UNIQUE("access_hash"),
	CONSTRAINT "tokens_refresh_hash_unique" UNIQUE("refresh_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"login" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'student' NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"patronymic" text,
	"name_latin" text,
	"surname_latin" text,
	"name_en" text,
	"surname_en" text,
	"sex" text,
	"birthday_date" date,
	"phone" text,
	"citizenship" text,
	"country_id" integer,
	"city_id" integer,
	"postal_code" text,
	"street" text,
	"house" text,
	"apartment" text,
	"building" text,
	"passport_number" text,
	"passport_number_when" date,
	"passport_issued_by" text,
	"passport_subdivision_code" text,
	"insurance_number" text,
	"timezone" text,
	"interests" text,
	"hobby" text,
	"labor_status" text,
	"business_status" text,
	"date_start" date,
	"date_termination" date,
	"d_date" date,
	"date_block" date,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"avatar" text,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_start" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title_ru" text NOT NULL,
	"title_en" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "chapter_media" (
	"chapter_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chapter_media_chapter_id_media_id_pk" PRIMARY KEY("chapter_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "chapter_quizzes" (
	"chapter_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chapter_quizzes_chapter_id_quiz_id_pk" PRIMARY KEY("chapter_id","quiz_id")
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_users" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "group_users_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"path" text,
	"file_name" text,
	"mime" text,
	"size" integer,
	"url" text,
	"body" text,
	"deadline" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_groups" (
	"program_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "program_groups_program_id_group_id_pk" PRIMARY KEY("program_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "program_trainers" (
	"tenant_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "program_trainers_program_id_user_id_pk" PRIMARY KEY("program_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "program_users" (
	"program_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "program_users_program_id_user_id_pk" PRIMARY KEY("program_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"technical_name" text,
	"main_name" text,
	"documents_title" text,
	"days_to_study" integer,
	"ects" real,
	"payment_currency" text,
	"extra_currency" text,
	"consulting_count" integer,
	"consulting_days" integer,
	"description" text,
	"short_description" text,
	"full_description" text,
	"language" text,
	"skills" jsonb,
	"knowledge" jsonb,
	"requirements" text,
	"duration" text,
	"category" text,
	"price" real,
	"discount_price" real,
	"format" text,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_ids" jsonb,
	"text" text,
	"is_correct" boolean,
	"score" real DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"text" text NOT NULL,
	"is_correct" boolean DEFAULT false NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'IN_PROCESS' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"question_order" jsonb NOT NULL,
	"option_order" jsonb NOT NULL,
	"score" real,
	"max_score" real,
	"percent" real,
	"passed" boolean
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'pass' NOT NULL,
	"sort_type" text DEFAULT 'in_order' NOT NULL,
	"evaluation" text DEFAULT 'score' NOT NULL,
	"max_attempts" integer,
	"response_time_minutes" integer,
	"show_report" boolean DEFAULT true NOT NULL,
	"notify_admin" boolean DEFAULT false NOT NULL,
	"show_correct" boolean DEFAULT false NOT NULL,
	"passing_percentage" integer DEFAULT 60 NOT NULL,
	"min_score" integer DEFAULT 0 NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"program_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"path" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text,
	"size" integer NOT NULL,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"body" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"tenant_id" integer NOT NULL,
	"news_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"amount" real NOT NULL,
	"currency" text NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"format" text NOT NULL,
	"months" integer NOT NULL,
	"currency" text NOT NULL,
	"extra_currency" text,
	"total" real NOT NULL,
	"extra_total" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"title" text NOT NULL,
	"format" text NOT NULL,
	"currency" text NOT NULL,
	"amount" real NOT NULL,
	"extra_amount" real DEFAULT 0 NOT NULL,
	"extra_currency" text
);
--> statement-breakpoint
CREATE TABLE "project_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"path" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submitted_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"version" integer NOT NULL,
	"message" text,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"score" real,
	"trainer_id" integer,
	"trainer_message" text,
	"trainer_file" text,
	"trainer_file_name" text,
	"check_admin" boolean DEFAULT false NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quiz_settings" (
	"quiz_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"question_type" text DEFAULT 'radio' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"size" integer NOT NULL,
	"mime" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_user_scores" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"score" real,
	"count_attempts" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_user_scores_user_id_media_id_pk" PRIMARY KEY("user_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "program_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"status" text NOT NULL,
	"points" real NOT NULL,
	"max_score" real NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"actor_id" integer,
	"mode" text NOT NULL,
	"delta" real NOT NULL,
	"total" real NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"full_name" text,
	"short_name" text,
	"inn" text,
	"kpp" text,
	"ogrn" text,
	"legal_address" text,
	"postal_address" text,
	"phone" text,
	"email" text,
	"bank" text,
	"bik" text,
	"swift" text,
	"account" text,
	"corr_account" text,
	"payment_link" text,
	"qr_login" text,
	"qr_password" text,
	"qr_commission" numeric(5, 2),
	"director" text,
	"accountant" text,
	"stamp" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diploma_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"diploma_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"template_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diploma_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"diploma_id" integer NOT NULL,
	"path" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diplomas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"program_id" integer,
	"template_id" integer,
	"name_nominative" text NOT NULL,
	"name_genitive" text,
	"name_dative" text,
	"date_start" date,
	"date_end" date,
	"date_issue" date,
	"hours" integer,
	"registration_number" text NOT NULL,
	"chairman" text,
	"director" text,
	"secretary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'certificate' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_access" ADD CONSTRAINT "tenant_access_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_audit" ADD CONSTRAINT "demo_audit_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_audit" ADD CONSTRAINT "demo_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_audit" ADD CONSTRAINT "demo_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_media" ADD CONSTRAINT "chapter_media_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_media" ADD CONSTRAINT "chapter_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_quizzes" ADD CONSTRAINT "chapter_quizzes_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_quizzes" ADD CONSTRAINT "chapter_quizzes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_groups" ADD CONSTRAINT "program_groups_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_groups" ADD CONSTRAINT "program_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_trainers" ADD CONSTRAINT "program_trainers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_trainers" ADD CONSTRAINT "program_trainers_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_trainers" ADD CONSTRAINT "program_trainers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_users" ADD CONSTRAINT "program_users_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_users" ADD CONSTRAINT "program_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_project_id_submitted_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."submitted_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_projects" ADD CONSTRAINT "submitted_projects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_projects" ADD CONSTRAINT "submitted_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_projects" ADD CONSTRAINT "submitted_projects_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_projects" ADD CONSTRAINT "submitted_projects_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_settings" ADD CONSTRAINT "quiz_settings_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_settings" ADD CONSTRAINT "quiz_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_parent_id_file_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_folder_id_file_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."file_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_user_scores" ADD CONSTRAINT "media_user_scores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_user_scores" ADD CONSTRAINT "media_user_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_user_scores" ADD CONSTRAINT "media_user_scores_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_user_scores" ADD CONSTRAINT "media_user_scores_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_scores" ADD CONSTRAINT "program_scores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_scores" ADD CONSTRAINT "program_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_scores" ADD CONSTRAINT "program_scores_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_scores" ADD CONSTRAINT "program_scores_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scores" ADD CONSTRAINT "user_scores_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scores" ADD CONSTRAINT "user_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_scores" ADD CONSTRAINT "user_scores_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diploma_documents" ADD CONSTRAINT "diploma_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diploma_documents" ADD CONSTRAINT "diploma_documents_diploma_id_diplomas_id_fk" FOREIGN KEY ("diploma_id") REFERENCES "public"."diplomas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diploma_documents" ADD CONSTRAINT "diploma_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diploma_documents" ADD CONSTRAINT "diploma_documents_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diploma_files" ADD CONSTRAINT "diploma_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diploma_files" ADD CONSTRAINT "diploma_files_diploma_id_diplomas_id_fk" FOREIGN KEY ("diploma_id") REFERENCES "public"."diplomas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diplomas" ADD CONSTRAINT "diplomas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diplomas" ADD CONSTRAINT "diplomas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diplomas" ADD CONSTRAINT "diplomas_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diplomas" ADD CONSTRAINT "diplomas_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_tenant_key" ON "settings" USING btree ("tenant_id","key");--> statement-breakpoint
CREATE INDEX "tokens_user" ON "tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_login" ON "users" USING btree ("tenant_id",lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_email" ON "users" USING btree ("tenant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_tenant_role" ON "users" USING btree ("tenant_id","role");--> statement-breakpoint
CREATE INDEX "users_tenant_surname" ON "users" USING btree ("tenant_id","surname","name");--> statement-breakpoint
CREATE INDEX "demo_audit_tenant_time" ON "demo_audit" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "events_tenant_kind_time" ON "events" USING btree ("tenant_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "events_user_time" ON "events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cities_country" ON "cities" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "chapter_media_media" ON "chapter_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "chapter_quizzes_quiz" ON "chapter_quizzes" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "chapters_tenant_program" ON "chapters" USING btree ("tenant_id","program_id","sort");--> statement-breakpoint
CREATE INDEX "group_users_user" ON "group_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "groups_tenant" ON "groups" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "media_tenant_kind" ON "media" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "media_tenant_title" ON "media" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "program_groups_group" ON "program_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "program_trainers_tenant_user" ON "program_trainers" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "program_users_user" ON "program_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "programs_tenant_title" ON "programs" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "answers_attempt_question" ON "question_answers" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "answers_tenant_attempt" ON "question_answers" USING btree ("tenant_id","attempt_id");--> statement-breakpoint
CREATE INDEX "options_tenant_question" ON "question_options" USING btree ("tenant_id","question_id","sort");--> statement-breakpoint
CREATE INDEX "questions_tenant_quiz" ON "questions" USING btree ("tenant_id","quiz_id","sort");--> statement-breakpoint
CREATE INDEX "attempts_tenant_user_quiz" ON "quiz_attempts" USING btree ("tenant_id","user_id","quiz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_number" ON "quiz_attempts" USING btree ("quiz_id","user_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_one_open" ON "quiz_attempts" USING btree ("quiz_id","user_id") WHERE status = 'IN_PROCESS';--> statement-breakpoint
CREATE INDEX "quizzes_tenant" ON "quizzes" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "quizzes_tenant_title" ON "quizzes" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "calendar_tenant_time" ON "calendar_events" USING btree ("tenant_id","starts_at");--> statement-breakpoint
CREATE INDEX "documents_tenant_user_kind" ON "documents" USING btree ("tenant_id","user_id","kind");--> statement-breakpoint
CREATE INDEX "documents_tenant_created" ON "documents" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "news_tenant_time" ON "news" USING btree ("tenant_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_reads_pk" ON "news_reads" USING btree ("news_id","user_id");--> statement-breakpoint
CREATE INDEX "news_reads_tenant_user" ON "news_reads" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "payment_items_tenant_plan" ON "payment_items" USING btree ("tenant_id","plan_id","due_date");--> statement-breakpoint
CREATE INDEX "payment_items_tenant_due" ON "payment_items" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE INDEX "payment_items_tenant_paid_due" ON "payment_items" USING btree ("tenant_id","paid","due_date");--> statement-breakpoint
CREATE INDEX "payment_plans_tenant_user" ON "payment_plans" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "prices_tenant_program" ON "prices" USING btree ("tenant_id","program_id");--> statement-breakpoint
CREATE INDEX "project_files_tenant_project" ON "project_files" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_version" ON "submitted_projects" USING btree ("user_id","media_id","version");--> statement-breakpoint
CREATE INDEX "projects_tenant_status" ON "submitted_projects" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "projects_tenant_user_media" ON "submitted_projects" USING btree ("tenant_id","user_id","media_id");--> statement-breakpoint
CREATE INDEX "quiz_settings_tenant_status" ON "quiz_settings" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "file_folders_default" ON "file_folders" USING btree ("tenant_id") WHERE "file_folders"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "file_folders_sibling_name" ON "file_folders" USING btree ("tenant_id","parent_id",lower("name"));--> statement-breakpoint
CREATE INDEX "file_folders_parent" ON "file_folders" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "files_tenant_folder_name" ON "files" USING btree ("tenant_id","folder_id","name");--> statement-breakpoint
CREATE INDEX "files_tenant_name" ON "files" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "media_user_scores_tenant_media" ON "media_user_scores" USING btree ("tenant_id","media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_scores_user_program" ON "program_scores" USING btree ("user_id","program_id");--> statement-breakpoint
CREATE INDEX "program_scores_tenant_status" ON "program_scores" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "user_scores_tenant_user" ON "user_scores" USING btree ("tenant_id","user_id","id");--> statement-breakpoint
CREATE INDEX "companies_tenant_title" ON "companies" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "companies_tenant_inn" ON "companies" USING btree ("tenant_id","inn");--> statement-breakpoint
CREATE INDEX "diploma_documents_tenant_diploma" ON "diploma_documents" USING btree ("tenant_id","diploma_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "diploma_documents_document" ON "diploma_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "diploma_files_diploma" ON "diploma_files" USING btree ("diploma_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diplomas_tenant_number" ON "diplomas" USING btree ("tenant_id","registration_number");--> statement-breakpoint
CREATE INDEX "diplomas_tenant_user" ON "diplomas" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "diplomas_tenant_program" ON "diplomas" USING btree ("tenant_id","program_id");--> statement-breakpoint
CREATE INDEX "diplomas_tenant_name" ON "diplomas" USING btree ("tenant_id","name_nominative");--> statement-breakpoint
CREATE INDEX "diplomas_tenant_issue" ON "diplomas" USING btree ("tenant_id","date_issue");--> statement-breakpoint
CREATE INDEX "document_templates_tenant_title" ON "document_templates" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "document_templates_tenant_kind" ON "document_templates" USING btree ("tenant_id","kind");