import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress.ts';
import { reactRouterProduction, reactRouterTreeShaking } from './vite.learner.config.ts';

/**
 * `vite build` only: MUI's TablePagination builds an `Intl.NumberFormat('en-US')` for its default label as soon as its
 * module is evaluated, and react-admin's pager passes its own label, so it is never used. The page's first Intl object
 * costs ICU's start-up: in a trace of the back office's load, the evaluation of its chunk is 14 ms shorter without it
 * (and without `localeCompare`, admin/framework/order.ts); four times that on Lighthouse's slower phone. Built on first
 * use instead.
 */
function lazyPaginationNumberFormat(): Plugin {
  const eager = "const formatNumber = buildFormatNumber('en-US');";
  return {
    name: 'lms-lazy-pagination-number-format',
    apply: 'build',
    transform: {
      filter: { id: /@mui[\\/]material[\\/]TablePagination[\\/]TablePagination\.mjs$/ },
      handler(code) {
        // a MUI that words it otherwise stops the build here instead of quietly keeping the cost
        if (!code.includes(eager)) this.error(`TablePagination.mjs no longer has "${eager}": see lazyPaginationNumberFormat`);
        const lazy = "let enUsFormat;\nconst formatNumber = (value) => (enUsFormat ??= buildFormatNumber('en-US'))(value);";
        return { code: code.replace(eager, lazy), map: null };
      },
    },
  };
}

// The react-admin back office: served under /admin/ on the same origin as the portal,
// so both apps share local storage (one login, one language, one theme, demo mode).
export default defineConfig({
  root: fileURLToPath(new URL('./admin', import.meta.url)),
  base: '/admin/',
  plugins: [react(), reactRouterTreeShaking(), lazyPaginationNumberFormat(), precompress()], // .br and .gz copies beside the output (served by server/web.ts)
  // `vite build` only: react-router's own production build, as in the portal (its package's default entry is the
  // development one, with the dev warnings)
  resolve: {
    alias: [
      ...(process.argv.includes('build') ? reactRouterProduction : []),
      { find: /^object\.entries$/, replacement: fileURLToPath(new URL('./admin/framework/object-entries.cjs', import.meta.url)) },
    ],
  },
  publicDir: fileURLToPath(new URL('./common/public', import.meta.url)),
  build: {
    outDir: process.env.DIST_DIR ? resolve(process.env.DIST_DIR, 'admin') : fileURLToPath(new URL('./dist/admin', import.meta.url)), // DIST_DIR: the server's own setting (README)
    emptyOutDir: true,
    manifest: true, // .vite/manifest.json (not served): npm run bench follows it to size the first screens
    // The back office (App and all it imports) in one file, loaded once a session is there (admin/main.tsx); each
    // resource's own screens stay chunks of their own, loaded when opened (admin/framework/lazy.ts). The generic
    // forms, the inputs and the list filters, with what of react-admin and MUI only they use, are one chunk `forms`,
    // fetched after the first list is on show (admin/framework/buildResource.tsx): one chunk, not one a resource.
    // (Vite's small preload helper and the modules of the entry's early reads are chunks of their own, so that the
    // entry does not import the big one.)
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'preload', test: /preload-helper|rolldown-runtime|rolldown:runtime/, priority: 3 },
            // what the entry itself runs (admin/main.tsx: the session's first reads), out of the back office's chunk
            { name: 'entry', test: /common\/(api\/(early|headers)|storage|tenant\/tenant)\.ts$/, priority: 3 },
            { name: 'backoffice', test: /admin\/boot\.tsx$/, priority: 2 },
            { name: 'forms', test: /admin\/framework\/(forms|inputs)\.tsx$/, priority: 1 },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 1500,
  },
  server: { port: Number(process.env.ADMIN_DEV_PORT ?? 8081), host: true },
});
