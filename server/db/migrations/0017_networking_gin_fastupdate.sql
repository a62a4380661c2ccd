DROP INDEX "network_profiles_search";--> statement-breakpoint
CREATE INDEX "network_profiles_search" ON "network_profiles" USING gin ("search") WITH (fastupdate=false);