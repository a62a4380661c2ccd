// What each app's first screens download, from the build's manifests (dist/<app>/.vite/manifest.json): the page,
// the entry and everything it imports, the chunks those screens load on demand, and their styles; sized as brotli
// (quality 11, as vite.precompress.ts writes them and the web server sends them) and gzip -9. File bytes only:
// each answer's headers add about 0.7 KB on the wire (docs/performance.md has Chromium's transferred figures).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

export interface FirstLoad {
  screen: string;
  /** The issues' budget for the screen, brotli bytes (learner 110 KB, issue 28; back office 350 KB, issue 16). */
  budget?: number;
  files: number;
  raw: number;
  br: number;
  gzip: number;
}

/** A screen: the chunks it opens on demand, named by the end of their source path (`pages/Login.tsx`) or chunk name. */
interface Screen {
  name: string;
  app: 'learner' | 'admin';
  lazy: string[];
  budget?: number;
}

// The portal's budget (issue 28 item 6): 110 KB with ofetch and react-i18next. A student signs in on /auth and the guard
// sends them to the required news while one is unread (the demo student's first landing, with the first-visit welcome:
// the `News` chunk holds both pages and their texts), else to the profile; the pages past the first screens bring the
// page texts (locales/ru.pages.ts) beside them.
const LEARNER_BUDGET = 110_000;
const SCREENS: Screen[] = [
  { name: 'learner: /auth (sign-in)', app: 'learner', lazy: [], budget: LEARNER_BUDGET },
  {
    name: "learner: /auth, then a student's landing: the required news with the welcome",
    app: 'learner',
    lazy: ['News'],
    budget: LEARNER_BUDGET,
  },
  { name: "learner: /auth, then a student's landing: the profile", app: 'learner', lazy: ['pages/Profile.tsx', 'locales/ru.pages.ts'], budget: LEARNER_BUDGET },
  { name: 'back office: /admin/ signed out (sent to /auth)', app: 'admin', lazy: [] },
  { name: 'back office: /admin/ signed in (program list)', app: 'admin', lazy: ['backoffice', 'i18n/catalogue.ru.ts'], budget: 350_000 },
  { name: 'back office: /admin/ signed in, in English', app: 'admin', lazy: ['backoffice', 'i18n/catalogue.en.ts'], budget: 350_000 },
  // the generic forms, inputs and filters: fetched once the first list is on show (admin/framework/buildResource.tsx)
  { name: 'back office: /admin/ signed in, then the forms fetched in idle time', app: 'admin', lazy: ['backoffice', 'i18n/catalogue.ru.ts', 'forms'] },
];

function sizes(path: string) {
  const buf = readFileSync(path);
  const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }).length;
  return { raw: buf.length, br: Math.min(br, buf.length), gzip: Math.min(gzipSync(buf, { level: 9 }).length, buf.length) };
}

/** The files one screen loads: index.html, the entry's static closure, and each named lazy chunk's static closure. */
export function screenFiles(manifest: Manifest, lazy: string[]): string[] {
  const files = new Set<string>(['index.html']);
  const add = (key: string) => {
    const c = manifest[key];
    if (!c || files.has(c.file)) return;
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    for (const i of c.imports ?? []) add(i);
  };
  for (const [key, c] of Object.entries(manifest)) if (c.isEntry) add(key);
  for (const name of lazy) {
    const key = Object.keys(manifest).find((k) => k === name || k.endsWith(`/${name}`) || manifest[k].name === name);
    if (!key) throw new Error(`no chunk for ${name} in the manifest`);
    add(key);
  }
  return [...files];
}

/** The first screens of both apps, or undefined when the apps are not built (with manifests). */
export function firstLoads(distDir = 'dist'): FirstLoad[] | undefined {
  const out: FirstLoad[] = [];
  for (const s of SCREENS) {
    const root = join(distDir, s.app);
    const manifestPath = join(root, '.vite', 'manifest.json');
    if (!existsSync(manifestPath)) return undefined;
    const files = screenFiles(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest, s.lazy);
    const total = { raw: 0, br: 0, gzip: 0 };
    for (const f of files) {
      const z = sizes(join(root, f));
      total.raw += z.raw;
      total.br += z.br;
      total.gzip += z.gzip;
    }
    out.push({ screen: s.name, files: files.length, ...total, budget: s.budget });
  }
  return out;
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;

/** A markdown table of the first loads. */
export function firstLoadTable(rows: FirstLoad[]): string {
  const budget = (r: FirstLoad) => (r.budget === undefined ? '' : `≤ ${kb(r.budget)}: ${r.br <= r.budget ? 'within' : `**${kb(r.br - r.budget)} over**`}`);
  return [
    '| first screen | files | plain | brotli | gzip | budget (brotli) |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.screen} | ${r.files} | ${kb(r.raw)} | ${kb(r.br)} | ${kb(r.gzip)} | ${budget(r)} |`),
  ].join('\n');
}

/** The screens over their budget (`npx tsx bench/bundles.ts <dist> --check` exits 1 when there are any). */
export function overBudget(rows: FirstLoad[]): FirstLoad[] {
  return rows.filter((r) => r.budget !== undefined && r.br > r.budget);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const rows = firstLoads(args.find((a) => !a.startsWith('--')));
  console.log(rows ? firstLoadTable(rows) : 'not built (run npm run build)');
  if (rows && args.includes('--check') && overBudget(rows).length) process.exitCode = 1;
}
