// Bundles the server (server/main.ts and everything it imports of ours) into server/dist/main.mjs, so that
// `npm start` runs plain JavaScript: no TypeScript transpiled at each start and one module instead of hundreds
// to resolve and load (docs/performance.md "Start-up"). Packages stay in node_modules (`packages: 'external'`).
// The bundle sits one folder below server/, like the sources that find files by `import.meta.url`
// (../assets, ../db/migrations), so those paths hold for both.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'server/dist/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
