import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * One contract from the server's schemas to the screens (issue 28 item 1, docs/adding-a-resource.md "API types"):
 * the apps take what the API answers from `common/api/types/` (types derived from the server's TypeBox schemas),
 * never from shapes written by hand, so a renamed response field fails `npm run typecheck` where a screen reads it.
 */

const ROOT = join(import.meta.dirname, '../../..');
const APPS = ['admin', 'learner'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/**
 * Shapes the apps may declare themselves: none of them is what the API answers. Each names why. A new declaration
 * fails the test below: derive it from the server's schema in common/api/types/, or add it here with its reason.
 */
const ALLOWED: Record<string, string> = {
  'admin/App.tsx:Overrides': 'MUI theme overrides',
  'admin/framework/cells.tsx:CellProps': 'props of a list cell',
  'admin/framework/checkbox-label.ts:Owner': "an MUI checkbox's own props (its aria-label)",
  'admin/framework/kept-screen.ts:KeptScreen': 'the landing as the browser keeps it for the next load (local storage, not the API)',
  'admin/framework/kept-styles.ts:KeptStyles': 'the style rules the browser keeps for the next load (local storage, not the API)',
  'admin/framework/types.ts:FieldConfig': 'the configuration of a field (docs/adding-a-resource.md)',
  'admin/framework/types.ts:ResourceConfig': 'the configuration of a resource',
  'admin/framework/types.ts:MessageTree': 'a catalogue of texts',
  'admin/framework/types.ts:Messages': 'the English catalogue of a Russian one',
  'admin/i18n/catalogue.ru.ts:Catalogue': 'a language catalogue',
  'admin/providers/dataProvider.ts:ListAnswer': "a page of any resource: react-admin's records with the server's ListMeta (answers.ts)",
  'admin/providers/dataProvider.ts:ExtraMethods': "the dataProvider's methods beside react-admin's CRUD",
  'admin/providers/dataProvider.ts:RestAnswer': "what ra-data-simple-rest expects of its HTTP client (status, headers, body), not the API's",
  'admin/providers/i18nProvider.ts:Tree': 'a catalogue of texts',
  'admin/providers/queries.ts:ApiQueryOptions': 'options of useApiQuery',
  'admin/resources/diplomas/BulkIssue.tsx:Option': "a picker's choice (a template, group or program by id and title)",
  'admin/resources/files/FileManager.tsx:Ask': 'which confirmation dialog is open',
  'admin/resources/lifelong/BranchEdit.tsx:Option': "a picker's choice (a program, material or quiz by id and title)",
  'admin/resources/payments/schedule.ts:PlanDraft': "the schedule editor's form before it is sent",
  'admin/resources/payments/schedule.ts:Row': "a row of the schedule editor's form",
  'admin/resources/quizzes/OptionRow.tsx:OptionOps': "an option row's callbacks",
  'admin/resources/quizzes/QuestionCard.tsx:QuestionOps': "a question card's callbacks",
  'admin/resources/reports/hooks.ts:ReportView': 'the page and sort a report screen shows',
  'admin/resources/statistics/charts.tsx:Series': 'a series of a chart',
  'learner/components/school.ts:ClientSettings': "each client setting's shape of the server's ClientSettingValue, by id",
  'learner/locales/marketplace.ts:Deep': 'the English catalogue of a Russian one',
  'learner/pages/Calendar.tsx:DayItem': 'one mark on one day of the month view',
  'learner/pages/networking/Search.tsx:Filters': "the search form's filters",
  'learner/pages/quiz/outbox.ts:Waiting': 'an answer kept on the device while the network is away',
  'learner/routes.ts:RouteDef': "a portal route's definition",
  'learner/state.ts:Toast': 'a toast on screen',
};

const DECLARATION = /^\s*(?:export )?(?:interface (\w+)|type (\w+)(?:<[^=]*>)? = \{)/;
/** An answer's shape spelled out where the API is called: `call<{ data: { count: number } }>(…)`. */
const INLINE = /\b(?:api|call|recordAction|useApiQuery|useGetList|useGetOne|useGetMany)<\{[^}]*?\b(?:number|string|boolean)\b/;

describe('the apps take the API answers from the server schemas', () => {
  const files = APPS.flatMap(sources);

  it('declares no shape of its own but those allowed, each with its reason', () => {
    const found = files.flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line) => {
          const m = DECLARATION.exec(line);
          return m ? [`${f}:${m[1] ?? m[2]}`] : [];
        }),
    );
    // a shape named here: derive it from the server's schema (common/api/types/), or allow it above with its reason
    expect(
      found.filter((k) => !(k in ALLOWED)),
      'shapes declared in the apps that are on no allow-list',
    ).toEqual([]);
    // an allowance whose declaration is gone goes too
    expect(Object.keys(ALLOWED).filter((k) => !found.includes(k))).toEqual([]);
  });

  it('spells out no answer where the API is called', () => {
    const inline = files.flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (INLINE.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(inline).toEqual([]);
  });
});

/**
 * `npm run typecheck` fails on a renamed response field: a copy of the server and common/ with one field renamed in
 * a portal answer (`/api/access`'s `payment`) and one in a back-office answer (the schedule editor's `extra_paid`),
 * type-checked with the project's compiler together with the files that read them.
 */
describe('a renamed response field', () => {
  const tsc = promisify(execFile);
  const dir = join(ROOT, '.tmp', `contract-${process.pid}`);
  const readers = ['common/access/flags.ts', 'admin/resources/payments/schedule.ts'];

  async function typecheck() {
    const r = await tsc(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: dir }).then(
      (ok) => ok.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    // only the readers' lines: the copy leaves out the server's own augmentations (fastify's `config`)
    return r.split('\n').filter((l) => readers.some((f) => l.startsWith(f)));
  }
  function rename(file: string, from: string, to: string) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(from);
    writeFileSync(path, text.replace(from, to));
  }

  it('fails to compile in both apps', async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const keep = (src: string) => !/node_modules|\.test\.tsx?$/.test(relative(ROOT, src));
    for (const d of ['server', 'common', 'admin/resources/payments']) cpSync(join(ROOT, d), join(dir, d), { recursive: true, filter: keep });
    const options = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions;
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: readers }));
    try {
      expect(await typecheck()).toEqual([]);
      rename('server/modules/settings/responses.ts', 'message: Type.Boolean(), payment: Type.Boolean()', 'message: Type.Boolean(), payments: Type.Boolean()');
      rename('server/modules/payments/responses.ts', '  extra_paid: Type.Boolean(),\n  main_id', '  extra_is_paid: Type.Boolean(),\n  main_id');
      const errors = await typecheck();
      expect(errors.some((l) => l.startsWith('common/access/flags.ts') && l.includes("'payment'"))).toBe(true);
      expect(errors.some((l) => l.startsWith('admin/resources/payments/schedule.ts') && l.includes("'extra_paid'"))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
