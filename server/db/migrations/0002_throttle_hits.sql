-- Attempts counted by the sign-in and password-reset throttles, shared by every API process (server/core/throttle.ts).
CREATE TABLE "throttle_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttle_hits_key_expires" ON "throttle_hits" USING btree ("key","expires_at");--> statement-breakpoint
CREATE INDEX "throttle_hits_expires" ON "throttle_hits" USING btree ("expires_at");