import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests (common/, admin/, learner/) and API tests (server/) live beside their code as *.test.ts(x).
// Browser-like tests choose jsdom with a `// @vitest-environment jsdom` comment.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['{common,admin,learner,server}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    // the migrated and seeded database every API test file starts from, made once per run
    globalSetup: ['./server/test/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
