-- The back office's user search over one trigram index instead of five (docs/performance.md "One trigram index over
-- the user's names"). Written by hand, as 0009: drizzle-kit's snapshot has no operator classes for trigram indexes.
-- The expression is `userSearchText` of server/db/schema/users.ts, which the search writes: the planner uses the index
-- only for a condition written exactly so (server/modules/admin-users/search-index.test.ts holds the two together).
-- `||` is textcat (immutable); the nullable patronymic goes through `case`, not coalesce, which PostgreSQL counts as
-- possibly leaky under row-level security (the index would then never serve the school-bound connections).
CREATE INDEX IF NOT EXISTS "users_search_trgm" ON "users" USING gin ((surname || ' ' || name || ' ' || case when patronymic is null then '' else patronymic end || ' ' || login || ' ' || email) gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- The patronymic's own index served only this search; the surname's, name's, login's and e-mail's serve other searches
-- of users (payments, documents, reports, user extras) and stay.
DROP INDEX IF EXISTS "users_patronymic_trgm";
--> statement-breakpoint
-- Under row-level security (server/db/school-wall.ts) an index serves a condition only when every function in it is
-- LEAKPROOF: 0011 marked ILIKE's (texticlike); the concatenation's (textcat) is marked here. textcat raises no error
-- that depends on a row's contents (only one for a result over 1 GB), and only the application writes SQL on these
-- connections. It needs a superuser: elsewhere this prints a notice and the search stays correct, only unindexed on
-- the school-bound connections (docs/deployment.md).
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION textcat(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'ALTER FUNCTION textcat(text, text) LEAKPROOF needs a superuser: run it once as one so that the user search uses its trigram index under row-level security';
  END IF;
END $$;
