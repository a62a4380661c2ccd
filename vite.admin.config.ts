import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress.ts';
import { compileEagerly, lazyPaginationNumberFormat, lodashRawTagWithoutThrowing } from './vite.admin.transforms.ts';
import { reactRouterProduction, reactRouterTreeShaking } from './vite.learner.config.ts';

// The react-admin back office: served under /admin/ on the same origin as the portal,
// so both apps share local storage (one login, one language, one theme, demo mode).
export default defineConfig({
  root: fileURLToPath(new URL('./admin', import.meta.url)),
  base: '/admin/',
  plugins: [react(), reactRouterTreeShaking(), lazyPaginationNumberFormat(), lodashRawTagWithoutThrowing(), compileEagerly(['react', 'backoffice']), precompress()], // .br and .gz copies beside the output (served by server/web.ts)
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
    // entry does not import the big one.) React and its DOM renderer are a chunk `react` of their own, started by
    // admin/react-root.ts in that chunk's top level: react-dom makes error objects as it starts, and under an inspector
    // (Lighthouse, DevTools) V8 then parses again every script whose top level is on the stack, 220 KB instead of the
    // back office's 1.1 MB (docs/performance.md "The twenty-third session").
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'preload', test: /preload-helper|rolldown-runtime|rolldown:runtime/, priority: 3 },
            // what the entry itself runs (admin/main.tsx: the session's first reads), out of the back office's chunk
            { name: 'entry', test: /common\/(api\/(early|headers)|storage|tenant\/tenant)\.ts$|admin\/framework\/kept-(styles|screen)\.ts$/, priority: 3 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|admin[\\/]react-root\.ts$/, priority: 2 },
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
