import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite.precompress.ts';

// `vite build` only: react-router's production build (the admin's config uses it too).
export const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/**
 * `vite build` only: lets the bundler drop the parts of react-router's production build an app never uses (the data
 * router's `Form` and `useSubmit`, the fetchers' forms, `ScrollRestoration`...). Its components are made with
 * `React.forwardRef(...)`, which the bundler cannot know to be pure, and then named for the React dev tools
 * (`Form.displayName = "Form"`), a property write it must keep: each unused component stayed, with what it calls.
 * Here the calls are marked pure and the names removed (dev tools only; the production build has no other use of them).
 * The portal's entry: 1.1 KB brotli less.
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'lms-react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/ },
      handler(code) {
        const out = code.replace(/(=\s*)(React\d*\.forwardRef\()/g, '$1/* @__PURE__ */ $2').replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

// The slim learner portal: served at the web origin's root.
export default defineConfig({
  root: fileURLToPath(new URL('./learner', import.meta.url)),
  base: '/',
  plugins: [react(), reactRouterTreeShaking(), precompress()], // .br and .gz copies beside the output (served by server/web.ts)
  // react-router's own production build (its published entry is the development one, with the dev warnings):
  // the same code without the warnings, only in `vite build`.
  resolve: {
    alias: [
      ...(process.argv.includes('build') ? reactRouterProduction : []),
      // react-i18next's shim for React before 18: React's own hook instead (learner/sync-external-store.ts)
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./learner/sync-external-store.ts', import.meta.url)) },
    ],
  },
  publicDir: fileURLToPath(new URL('./common/public', import.meta.url)),
  build: {
    outDir: process.env.DIST_DIR ? resolve(process.env.DIST_DIR, 'learner') : fileURLToPath(new URL('./dist/learner', import.meta.url)), // DIST_DIR: the server's own setting (README)
    emptyOutDir: true,
    // no modulepreload polyfill in the entry: every browser the portal supports preloads modules by itself
    modulePreload: { polyfill: false },
    manifest: true, // .vite/manifest.json (not served): npm run bench follows it to size the first screens
    // Everything the entry needs in one file (fewer answers on the first load); each page stays a chunk of its own,
    // except a student's first landing: the news page, the welcome over it and their texts are one chunk (one answer).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'] },
            // the date and number formats and the form rules, small modules that most pages use (the sign-in page and the
            // landings among them): one shared chunk rather than one answer each
            { name: 'common', test: /common[\\/](format[\\/]format|validation[\\/]rules)\.ts$/ },
            { name: 'News', test: /learner[\\/](pages[\\/](News|Welcome)\.tsx|locales[\\/]news\.ts)$/ },
          ],
        },
      },
    },
  },
  // beside `npm run dev:api` (which serves the built apps on WEB_PORT): the portal with hot reload on its own port
  server: { port: Number(process.env.LEARNER_DEV_PORT ?? 5173), host: true },
});
