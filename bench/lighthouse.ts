// `npm run bench:lighthouse`: Lighthouse's mobile performance score (its default: a mid-range phone, simulated slow 4G
// and a 4× slower CPU) of the first screens of both apps, issue 16's "Lighthouse mobile performance score" row.
// Starts the whole system (server/main.ts) on its own ports, a fresh embedded database with the demo schools and the
// built apps (`npm run build` first, or BENCH_DIST=<folder with learner/ and admin/>), signs in where a screen needs
// it, clears the HTTP cache, and measures each screen's load. Chromium from CHROMIUM_PATH (default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFlow } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../server/seed/demo.ts';

// its own ports, unless told others (several runs on one machine: LIGHTHOUSE_API_PORT, LIGHTHOUSE_WEB_PORT)
const API_PORT = Number(process.env.LIGHTHOUSE_API_PORT ?? 19_700);
const WEB_PORT = Number(process.env.LIGHTHOUSE_WEB_PORT ?? 19_780);
const origin = `http://demo.localhost:${WEB_PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, API_PORT: String(API_PORT), WEB_PORT: String(WEB_PORT), DATA_DIR: dataDir, DIST_DIR: resolve(process.env.BENCH_DIST ?? 'dist'), DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});

async function until(url: string, seconds: number) {
  for (let i = 0; i < seconds * 4; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in ${seconds} s`);
}

/** Closes the first-visit welcome if it is shown, once the server has marked it seen. */
async function dismissWelcome(page: Page) {
  if (!(await page.$('[data-testid=welcome-start]'))) return;
  const marked = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/user');
  await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid=welcome-start]')?.click());
  await marked;
}

async function measure(browser: Browser, name: string, path: string, login?: string) {
  console.error(`measuring ${name}`);
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // signed in on the phone that Lighthouse emulates (its default mobile screen), as a phone's user would be: what the
  // apps keep in the browser for the next load (the back office's first screens' styles, admin/framework/kept-styles.ts)
  // is then what that phone's load would find
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  if (login) {
    await page.goto(`${origin}/auth`, { waitUntil: 'networkidle0' });
    await page.type('[data-testid=login-username]', login);
    await page.type('[data-testid=login-password]', DEMO_PASSWORD);
    // the portal moves on inside the page (a student) or loads the back office (the others): either way it leaves /auth
    // (no network-idle wait here: puppeteer keeps counting the requests the back office's page load cut short)
    await page.click('[data-testid=login-submit]');
    // (its first screen shown: a portal page's heading, or the back office's page loaded)
    await page.waitForFunction(
      () => document.readyState === 'complete' && (location.pathname.startsWith('/admin/') || (!location.pathname.startsWith('/auth') && !!document.querySelector('main h1'))),
      { timeout: 60_000 },
    );
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle0' });
    if (!new URL(page.url()).pathname.startsWith('/admin')) {
      // once past the first visit's welcome and required news, so that the measured load is the screen a returning
      // student gets (waiting for the answers themselves: puppeteer's network-idle wait counts the requests that a
      // page load cut short for ever)
      await page.waitForSelector('main h1');
      await dismissWelcome(page);
      for (let i = 0; i < 5 && /^\/news\/\d+$/.test(new URL(page.url()).pathname); i++) {
        const news = page.url();
        await page.waitForSelector('[data-testid=news-read]');
        const confirmed = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/news\/\d+$/.test(r.url()));
        await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid=news-read]')?.click());
        await confirmed;
        await page.waitForFunction((was) => location.href !== was, {}, news);
        await page.waitForSelector('main h1');
      }
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
  }
  // the storage keeps the session; the cache was cleared above (Lighthouse's own reset would sign the user out)
  const flow = await startFlow(page, { config: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } }, flags: { disableStorageReset: !!login } });
  await flow.navigate(`${origin}${path}`);
  const lhr = (await flow.createFlowResult()).steps[0].lhr;
  await context.close();
  // LIGHTHOUSE_JSON=<folder>: each screen's whole report, for reading its long tasks and bootup time
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`), JSON.stringify(lhr));
  const a = lhr.audits;
  const v = (k: string) => a[k]?.displayValue ?? '?';
  return `| ${name} | ${Math.round((lhr.categories.performance.score ?? 0) * 100)} | ${v('first-contentful-paint')} | ${v('largest-contentful-paint')} | ${v('total-blocking-time')} | ${v('cumulative-layout-shift')} | ${v('speed-index')} | ${loadavg()[0].toFixed(1)} |`;
}

try {
  await until(`http://127.0.0.1:${API_PORT}/health`, 120);
  const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  // LIGHTHOUSE_ONLY=admin or =portal: one app's screens (two builds compared in turns)
  const only = process.env.LIGHTHOUSE_ONLY;
  const rows: string[] = [];
  if (only !== 'admin') {
    rows.push(await measure(browser, 'portal /auth, signed out', '/auth'));
    // a student's landing (issue 28 item 6): the guard sends a student to the profile once the required news is read
    rows.push(await measure(browser, 'portal /profile, a student', '/profile', 'student'));
  }
  if (only !== 'portal') rows.push(await measure(browser, 'back office /admin/, an admin', '/admin/', 'admin'));
  await browser.close();
  console.log(`Lighthouse mobile performance, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  console.log('| screen | score | FCP | LCP | TBT | CLS | Speed Index | load avg |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
