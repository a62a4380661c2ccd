CREATE TABLE "diploma_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"template_id" integer,
	"created_by" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"diploma_ids" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"zip_path" text,
	"zip_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "number_registers" (
	"tenant_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_registers_tenant_id_template_id_year_pk" PRIMARY KEY("tenant_id","template_id","year")
);
--> statement-breakpoint
CREATE TABLE "template_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diploma_documents" ADD COLUMN "verify_code" text;--> statement-breakpoint
ALTER TABLE "diploma_documents" ADD COLUMN "credential_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "diploma_documents" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "diploma_documents" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "document_templates" ADD COLUMN "lang" text DEFAULT 'ru' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_templates" ADD COLUMN "layout" jsonb;--> statement-breakpoint
ALTER TABLE "document_templates" ADD COLUMN "number_prefix" text;--> statement-breakpoint
ALTER TABLE "diploma_batches" ADD CONSTRAINT "diploma_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diploma_batches" ADD CONSTRAINT "diploma_batches_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diploma_batches" ADD CONSTRAINT "diploma_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_registers" ADD CONSTRAINT "number_registers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_registers" ADD CONSTRAINT "number_registers_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_images" ADD CONSTRAINT "template_images_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_images" ADD CONSTRAINT "template_images_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diploma_batches_tenant" ON "diploma_batches" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "template_images_template" ON "template_images" USING btree ("tenant_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diploma_documents_verify_code" ON "diploma_documents" USING btree ("tenant_id","verify_code");