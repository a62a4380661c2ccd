import { defineConfig } from '@playwright/test';

// The browser journeys run against the real system (`server/main.ts`) on its own ports and a fresh
// embedded database with the demo schools. Chromium comes from Debian (/usr/bin/chromium).
const API_PORT = Number(process.env.E2E_API_PORT ?? 18000);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 18080);

export default defineConfig({
  testDir: './e2e',
  // Safety nets, not measures (performance is measured in `npm run bench`): a journey of many steps on a busy two-core
  // machine took 60 s once (the quiz editor's, at load 15), and a step can wait seconds for a busy server.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  // No retries: a test that passes only on its second try hides a defect (fix the cause instead).
  retries: 0,
  reporter: [['list'], ['json']],
  // A run empties its output folder when it starts; runs on other ports (several at once on this machine) each keep
  // their own, so that one starting does not delete the traces another is writing.
  outputDir: `test-results/${API_PORT}`,
  use: {
    baseURL: `http://demo.localhost:${WEB_PORT}`,
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `rm -rf .tmp/e2e-data-${API_PORT} && node_modules/.bin/tsx server/main.ts`,
    url: `http://127.0.0.1:${API_PORT}/health`,
    timeout: 120_000,
    reuseExistingServer: !!process.env.E2E_REUSE,
    // The server's stderr is shown (its own lines, not a test's): the response check below prints there.
    stderr: 'pipe',
    // CHECK_RESPONSES: in production Fastify serialises each answer with its route's schema and silently drops a field the
    // schema does not name; the screens read fields the API tests may never look at, so here any such answer fails (500)
    // and is printed ("… breaks its response schema: …"). DIST_DIR and the rest of the environment pass through.
    env: { API_PORT: String(API_PORT), WEB_PORT: String(WEB_PORT), DATA_DIR: `.tmp/e2e-data-${API_PORT}`, LOG_LEVEL: 'warn', DATABASE_URL: '', CHECK_RESPONSES: '1' },
  },
});
