import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests (common/, admin/, learner/) and API tests (server/) live beside their code as *.test.ts(x).
// Browser-like tests choose jsdom with a `// @vitest-environment jsdom` comment.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // the migrated and seeded database every API test file starts from (the back office's data provider tests use
    // the real API too), made once per run
    globalSetup: ['./server/test/global-setup.ts'],
    projects: [
      // the apps' unit tests, each file in a fresh module graph (jsdom's globals must not outlive their file)
      { extends: true, test: { name: 'apps', include: ['{common,admin,learner}/**/*.test.{ts,tsx}'], sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // after the apps' files, not beside them: `npm test` gives this whole run one core
          sequence: { groupOrder: 1 },
          // The API test files share a worker's module graph: each imports the whole server, and importing it again
          // for every file was about half the suite's time (in CI beside the journeys: PGlite 768 → 472 s, PostgreSQL 421 →
          // 331 s; clean-clone CI 20.5 → 15.7 minutes).
          // Each file still gets its own API and its own copy of the database (server/test/harness.ts); state a file
          // keeps in a module must be keyed by its app or database (WeakMap), as the server's own caches are.
          isolate: false,
        },
      },
    ],
  },
});
