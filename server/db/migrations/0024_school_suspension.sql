ALTER TABLE "tenants" ADD COLUMN "languages" text[] DEFAULT '{"ru","en"}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "suspended_at" timestamp with time zone;