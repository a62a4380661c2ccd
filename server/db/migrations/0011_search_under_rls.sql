-- Issue 16 item 4: the trigram indexes of migration 0009 serve the searches of the school-bound connections too.
-- Under row-level security (server/db/school-wall.ts) PostgreSQL uses an index only for operators whose function is
-- LEAKPROOF; ILIKE (texticlike) is not marked so, which turned the user search into a scan of the whole table (322 ms
-- against 1.3 ms over 50,000 users, docs/performance.md). texticlike raises no error that depends on a row (only on a
-- malformed pattern, which is the caller's own), and the application is the only one writing SQL on these connections.
-- Marking a function LEAKPROOF needs a superuser: elsewhere (a managed PostgreSQL) this says so and changes nothing; the
-- searches then stay correct, only unindexed (docs/deployment.md).
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION texticlike(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'ALTER FUNCTION texticlike(text, text) LEAKPROOF needs a superuser: run it once as one so that the list searches use their trigram indexes under row-level security';
  END IF;
END $$;
