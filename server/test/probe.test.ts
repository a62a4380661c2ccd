import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { jsonBodyOf, operationsOf, sample, type Op, type Schema } from './routes.ts';
import type { RouteEntry } from '../core/admin-routes.ts';
import type { Role } from '../db/schema/index.ts';

/**
 * Cross-school probe (issue 10, "the suite that keeps this true"), generated from the route table and the OpenAPI
 * document: a new route is walked without anyone listing it, and a path parameter this file cannot map to a table
 * fails the first test.
 *
 * 1. Signed in to school `north` (the admitted role nearest to superadmin for /admin, the student for /api), every
 *    route is called with school `demo`'s ids in its path, query and body; and once more with `Domain: demo` (and,
 *    for a route that reads its token from the query string, with `domain=demo` there).
 * 2. A second student of `demo`, enrolled where the first is, calls every route open to students with the first
 *    student's records.
 * Nothing read: demo's texts are marked (`~demo~`, the first student's private records `~s1~`) and no answer carries
 * a mark; a download of a demo id answers something else than what demo itself gets. Nothing changed: the demo
 * school's rows (the first student's, in part 2) and its files on disk are the same before and after.
 */
const DEMO_MARK = '~demo~';
const S1_MARK = '~s1~';
const S1_EMAIL = 's1-private@demo.test';

/** The table a path segment's id belongs to (`/admin/<segment>/{id}`). */
const SEGMENT_TABLE: Record<string, string> = {
  user: 'users',
  avatar: 'users',
  program: 'programs',
  programChapter: 'chapters',
  media: 'media',
  quiz: 'quizzes',
  question: 'questions',
  QuestionOption: 'question_options',
  group: 'groups',
  price: 'prices',
  news: 'news',
  curator: 'news',
  calendar: 'calendar_events',
  company: 'companies',
  diploma: 'diplomas',
  diploma_documents: 'diploma_documents',
  diploma_batch: 'diploma_batches',
  document: 'documents',
  documents: 'documents',
  template: 'document_templates',
  file: 'files',
  folder: 'file_folders',
  payment: 'payment_items',
  debt: 'payment_items',
  submittedProject: 'submitted_projects',
  files: 'diploma_files',
  abranch: 'abranches',
  aprogram: 'aprograms',
  amodule: 'amodules',
  achievement: 'achievements',
};
// the marketplace (issue 13): its listings and purchases, and the program a purchase names
Object.assign(SEGMENT_TABLE, { listing: 'market_listings', purchase: 'market_purchases', buyProgram: 'programs', invoice: 'market_invoices' });
// the marketplace's "found cheaper" requests (kept by the selling school)
Object.assign(SEGMENT_TABLE, { found_cheaper: 'market_found_cheaper' });
// the marketplace's ads (each school's own; the catalogue shows them through currentAds)
Object.assign(SEGMENT_TABLE, { ad: 'market_ads' });
// SCORM (issue 33): /admin/scorm/:id and /api/scorm/:id/… name the material (media of kind scorm)
Object.assign(SEGMENT_TABLE, { scorm: 'media' });
// LTI 1.3 (issue 33): the tools, a material's launch and grade, the AGS line items of a program
Object.assign(SEGMENT_TABLE, { ltiTool: 'lti_tools', launch: 'media', material: 'media', lineitems: 'lti_line_items' });
/** The table of an id by its name (path parameters, query parameters, body properties). */
const NAME_TABLE: Record<string, string> = {
  userId: 'users',
  imageId: 'template_images',
  mediaId: 'media',
  submitId: 'submitted_projects',
  user: 'users',
  users: 'users',
  student: 'users',
  trainer: 'users',
  trainers: 'users',
  program: 'programs',
  programs: 'programs',
  media: 'media',
  quiz: 'quizzes',
  quizzes: 'quizzes',
  question: 'questions',
  option: 'question_options',
  options: 'question_options',
  group: 'groups',
  groups: 'groups',
  company: 'companies',
  diploma: 'diplomas',
  folder: 'file_folders',
  parent: 'file_folders',
  file: 'files',
  files: 'files',
  template: 'document_templates',
  price: 'prices',
  program_store: 'prices',
  news: 'news',
  chapter: 'chapters',
  chapters: 'chapters',
  document: 'documents',
  plan: 'payment_plans',
  item: 'payment_items',
  id_quizAttemp: 'quiz_attempts',
  attempt: 'quiz_attempts',
  submit: 'submitted_projects',
  media_id: 'media',
  abranch: 'abranches',
  aprogram: 'aprograms',
  module: 'amodules',
};
// reports (issue 12): saved reports, export jobs, report schedules, and the student of an act (/admin/{user_id}/getInfoAct)
Object.assign(SEGMENT_TABLE, { reports: 'saved_reports', export: 'export_jobs', report_schedule: 'report_schedules' });
Object.assign(NAME_TABLE, { user_id: 'users' });
/** Ids that are not rows of a school (shared reference data, setting numbers, tokens). */
// a document's public verification code (issue 31) names no row by id
const NOT_A_ROW: Record<string, string> = { token: 'no-such-token', code: 'NO-SUCH-CODE', country: '1', city: '1', uuid: '00000000-0000-4000-8000-000000000000' };
// networking (issue 14): a member is a user, named by the school's domain and the user's id (the probe asks for demo's);
// its search, member pages and trees show global members of every school by design (the networking entry of CROSS_SCHOOL_ROUTE)
Object.assign(SEGMENT_TABLE, { networking: 'users', ':domain': 'users' });
Object.assign(NOT_A_ROW, { domain: 'demo' });
/** Tables that hold one person's private records (part 2). */
const PRIVATE_TABLES = [
  'submitted_projects',
  'project_files',
  'quiz_attempts',
  'question_answers',
  'documents',
  'payment_plans',
  'payment_items',
  'media_user_scores',
  'program_scores',
  'user_scores',
  'diplomas',
  'diploma_documents',
];
const MARKED_COLUMNS = ['title', 'title_en', 'name', 'surname', 'patronymic', 'description', 'text', 'body', 'message', 'comment', 'trainer_message', 'address', 'note', 'phone'];
/**
 * The named cross-school path of the marketplace (docs/marketplace.md, docs/school-isolation.md): these routes show the
 * published programs of every school by design (titles of demo, marked here, among them) and record a demo view in
 * the selling school; server/modules/marketplace/marketplace.test.ts probes what they expose. Here their answers must
 * still carry no person and no private record, and they are left out of the same-answer comparison.
 */
const CROSS_SCHOOL_ROUTE =
  /^\/api\/marketplace\/(program|demo|video|category|buyProgram)\b|^\/api\/(search\/networking|user\/networking\/|networking\/:id\/getTree)|^\/admin\/networking\/curator\/:domain/;
/** Rows a cross-school route writes into the seller's school by design (a demo view by a student of another school). */
const CROSS_SCHOOL_WRITES = ['market_demo_views'];
const ROLE_ORDER: Role[] = ['superadmin', 'admin', 'moderator', 'trainer', 'student'];

type Row = Record<string, unknown>;

describe('cross-school probe: north never reads or changes demo, a student never another student (generated from the route table)', () => {
  let api: TestApi;
  let demo: number;
  let _north: number;
  let s1: number;
  let s2: number;
  let ops: Map<string, Op>;
  let schoolTables: string[];
  /** PRIVATE_TABLES that name their owner (`user_id`) */
  let privateTables: string[];
  const northTokens = {} as Record<Role, string>;
  let s2Token = '';
  /** demo's ids per table, the first student's rows first */
  const demoIds: Record<string, number[]> = {};
  const s1Ids: Record<string, number[]> = {};
  const figures: string[] = [];

  const rows = async (query: ReturnType<typeof sql>) => ((await api.db.execute(query)) as unknown as { rows: Row[] }).rows;

  async function snapshot(where: (table: string) => ReturnType<typeof sql> | undefined) {
    const out: Record<string, string> = {};
    for (const t of schoolTables) {
      const cond = where(t);
      if (!cond) continue;
      out[t] = JSON.stringify(await rows(sql`select * from ${sql.identifier(t)} where ${cond} order by 1`));
    }
    return out;
  }
  function filesOnDisk() {
    const out: Record<string, string> = {};
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        const rel = relative(api.config.dataDir, p);
        if (rel === 'tmp' || rel.startsWith('tmp/')) continue;
        if (e.isDirectory()) walk(p);
        else {
          const st = statSync(p);
          out[rel] = `${st.size}:${st.mtimeMs}`;
        }
      }
    };
    walk(api.config.dataDir);
    return out;
  }
  const changed = (before: Record<string, string>, after: Record<string, string>) => Object.keys(before).filter((k) => before[k] !== after[k]);

  beforeAll(async () => {
    api = await startTestApi();
    const tenants = await rows(sql`select id, slug from tenants`);
    demo = Number(tenants.find((t) => t.slug === 'demo')!.id);
    _north = Number(tenants.find((t) => t.slug === 'north')!.id);
    schoolTables = (await rows(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' order by 1`)).map((r) => String(r.table_name));
    const withUser = new Set((await rows(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`)).map((r) => String(r.table_name)));
    privateTables = PRIVATE_TABLES.filter((t) => withUser.has(t));
    const [first] = await rows(sql`select id, password_hash from users where tenant_id = ${demo} and login = 'student'`);
    s1 = Number(first.id);

    // the second student of demo, enrolled in the first one's programs and groups
    const [second] = await rows(sql`insert into users (tenant_id, login, email, password_hash, role, name, surname, date_start)
      values (${demo}, 'student2', 'student2@probe.test', ${first.password_hash}, 'student', 'Second', 'Student', '2026-09-01') returning id`);
    s2 = Number(second.id);
    for (const t of ['program_users', 'group_users']) {
      for (const r of await rows(sql`select * from ${sql.identifier(t)} where user_id = ${s1}`)) {
        const cols = Object.keys(r).filter((c) => c !== 'id');
        const values = cols.map((c) => (c === 'user_id' ? s2 : r[c]));
        await api.db.execute(
          sql`insert into ${sql.identifier(t)} (${sql.join(
            cols.map((c) => sql.identifier(c)),
            sql`, `,
          )}) values (${sql.join(
            values.map((v) => sql`${v instanceof Date ? v.toISOString() : v}`),
            sql`, `,
          )}) on conflict do nothing`,
        );
      }
    }

    // marks: every demo text a probe could leak, and the first student's private records
    const textColumns = await rows(sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying')`);
    for (const { table_name: t, column_name: c } of textColumns) {
      if (!schoolTables.includes(String(t)) || !MARKED_COLUMNS.includes(String(c))) continue;
      const mark = privateTables.includes(String(t)) ? sql`(case when ${sql.identifier('user_id')} = ${s1} then ${S1_MARK} else ${DEMO_MARK} end)` : sql`${DEMO_MARK}`;
      await api.db.execute(
        sql`update ${sql.identifier(String(t))} set ${sql.identifier(String(c))} = ${sql.identifier(String(c))} || ${mark} where tenant_id = ${demo} and ${sql.identifier(String(c))} is not null and ${sql.identifier(String(c))} <> ''`,
      );
    }
    await api.db.execute(sql`update users set email = ${S1_EMAIL} where id = ${s1}`);

    const withId = new Set((await rows(sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id'`)).map((r) => String(r.table_name)));
    for (const t of schoolTables.filter((x) => withId.has(x))) {
      const hasUser = withUser.has(t);
      const all = await rows(sql`select id from ${sql.identifier(t)} where tenant_id = ${demo} ${hasUser ? sql`order by (user_id = ${s1}) desc, id` : sql`order by id`} limit 3`);
      demoIds[t] = all.map((r) => Number(r.id));
      s1Ids[t] = hasUser ? (await rows(sql`select id from ${sql.identifier(t)} where tenant_id = ${demo} and user_id = ${s1} order by id limit 3`)).map((r) => Number(r.id)) : [];
    }
    demoIds.users = [s1, ...demoIds.users.filter((id) => id !== s1)];
    s1Ids.users = [s1];

    for (const role of ROLE_ORDER) northTokens[role] = await api.login(role, 'north');
    s2Token = await api.login('student2', 'demo');
    ops = new Map(operationsOf(api.app).map((o) => [`${o.method} ${o.path.replace(/\{([^}]+)\}/g, ':$1')}`, o]));
  });
  afterAll(() => api.close());

  /** A demo id for a table (the first student's record first when `own`); undefined: no row. */
  function idOf(table: string, own: boolean) {
    return (own && s1Ids[table]?.length ? s1Ids[table] : demoIds[table])?.[0];
  }
  /** The table a path parameter's id belongs to: its name, else the segment before it. */
  function tableOfParam(url: string, name: string): string | undefined {
    if (NAME_TABLE[name] && name !== 'id') return name === 'fileId' ? undefined : NAME_TABLE[name];
    const segments = url.split('/');
    const at = segments.indexOf(`:${name}`);
    const before = segments[at - 1];
    if (name === 'fileId') return url.includes('submittedProject') ? 'project_files' : SEGMENT_TABLE[before];
    return SEGMENT_TABLE[before];
  }
  function fillPath(url: string, own: boolean, unmapped?: string[]) {
    return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
      if (NOT_A_ROW[name]) return NOT_A_ROW[name];
      if (/^\/(admin|api)\/setting\/:id/.test(url)) return '13';
      if (/^\/admin\/score\/:id/.test(url)) return `${s1}-${idOf('programs', own)}`;
      const table = tableOfParam(url, name);
      if (!table) unmapped?.push(`${url} :${name}`);
      return String((table && idOf(table, own)) ?? 2147483000);
    });
  }
  /** The resource of a route (`/admin/delete/user` → users): the table of a body's `id`/`ids`. */
  function resourceOf(url: string) {
    const segments = url.split('/').filter((s) => s && !s.startsWith(':') && s !== 'admin' && s !== 'api' && s !== 'delete');
    return segments.map((s) => SEGMENT_TABLE[s]).find(Boolean);
  }
  function pickFor(url: string, own: boolean) {
    return (name: string, s: Schema): unknown => {
      const base = name.replace(/_ids?$/, '').replace(/Ids?$/, '');
      const table = name === 'id' || name === 'ids' ? resourceOf(url) : (NAME_TABLE[name] ?? NAME_TABLE[base]);
      if (NOT_A_ROW[base]) return undefined;
      if (!table || (!/(_id|_ids|Id|Ids|^id|^ids)$/.test(name) && !NAME_TABLE[name])) return undefined;
      const id = idOf(table, own);
      if (id === undefined) return undefined;
      const isArray = (s.type === 'array' || s.anyOf?.some((b) => b.type === 'array') || s.oneOf?.some((b) => b.type === 'array')) ?? false;
      return isArray ? [id] : s.type === 'string' ? String(id) : id;
    };
  }
  function queryOf(o: Op | undefined, url: string, own: boolean) {
    const q: Record<string, string> = {};
    for (const p of (o?.op.parameters ?? []).filter((x) => x.in === 'query')) {
      const table = p.name === 'id' ? (resourceOf(url) === 'files' ? 'file_folders' : resourceOf(url)) : (NAME_TABLE[p.name] ?? NAME_TABLE[p.name.replace(/_id$/, '')]);
      if (p.name === 'access_token' || p.name === 'domain') continue;
      if (table && idOf(table, own) !== undefined) q[p.name] = String(idOf(table, own));
      else if (p.name === 'filter') q['filter[user_id]'] = String(s1);
      else if (p.required) q[p.name] = String(sample(p.schema) ?? '1');
    }
    const s = new URLSearchParams(q).toString();
    return s ? `?${s}` : '';
  }
  const leaks = (body: string, marks: string[]) => marks.filter((m) => body.includes(m));

  it('maps every id parameter of every route to a table (a new route needs no list, a new kind of id a line above)', () => {
    const unmapped: string[] = [];
    for (const r of api.app.routeTable) fillPath(r.url, false, unmapped);
    expect(unmapped).toEqual([]);
    expect(Object.values(demoIds).filter((ids) => ids.length).length).toBeGreaterThan(15);
  });

  it('school north, with demo ids in path, query and body: nothing of demo read, nothing changed', async () => {
    const before = await snapshot((t) => (CROSS_SCHOOL_WRITES.includes(t) ? undefined : sql`tenant_id = ${demo}`));
    const diskBefore = filesOnDisk();
    const leaked: string[] = [];
    const reads: { url: string; role: Role; body: string; status: number }[] = [];
    let calls = 0;
    const statuses: Record<number, number> = {};
    for (const route of api.app.routeTable) {
      const admitted = ROLE_ORDER.filter((role) => !route.roles || route.roles.includes(role));
      const role = route.url.startsWith('/api') && admitted.includes('student') ? 'student' : (admitted[0] ?? 'superadmin');
      const o = ops.get(`${route.method} ${route.url}`);
      const url = fillPath(route.url, false) + queryOf(o, route.url, false);
      const schema = o && jsonBodyOf(o);
      const payload = route.method === 'GET' ? undefined : ((schema ? sample(schema, pickFor(route.url, false), true) : undefined) ?? {});
      const send = () => api.call({ method: route.method as 'GET', url, tenant: 'north', token: northTokens[role], ...(payload !== undefined ? { payload: payload as object } : {}) });
      let res = await send();
      calls++;
      if (res.statusCode === 401 && route.auth !== 'public') {
        northTokens[role] = await api.login(role, 'north');
        res = await send();
      }
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) console.log(`north probe: ${route.method} ${url} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
      const found = leaks(res.body, CROSS_SCHOOL_ROUTE.test(route.url) ? [S1_MARK, S1_EMAIL, '@demo.test'] : [DEMO_MARK, S1_MARK, S1_EMAIL, '@demo.test']);
      if (found.length) leaked.push(`${route.method} ${url} as north ${role}: ${res.statusCode} carries ${found.join(', ')}`);
      if (route.method === 'GET' && res.statusCode < 300 && !CROSS_SCHOOL_ROUTE.test(route.url)) reads.push({ url, role, body: res.body, status: res.statusCode });

      // the same with demo's Domain: a north token is not a demo token
      if (route.auth !== 'public') {
        const other = await api.call({ method: route.method as 'GET', url, tenant: 'demo', token: northTokens[role], ...(payload !== undefined ? { payload: payload as object } : {}) });
        calls++;
        statuses[other.statusCode] = (statuses[other.statusCode] ?? 0) + 1;
        if (other.statusCode !== 401) leaked.push(`${route.method} ${url} as north ${role} with Domain demo: ${other.statusCode} ${other.body.slice(0, 80)}`);
      }
      // a route a browser fetches by itself (a video) takes the token and the school in its query: the same wall
      if (route.queryToken && route.auth !== 'public') {
        const q = `${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(northTokens[role])}&domain=demo`;
        const viaQuery = await api.app.inject({ method: route.method as 'GET', url: url + q });
        calls++;
        statuses[viaQuery.statusCode] = (statuses[viaQuery.statusCode] ?? 0) + 1;
        if (viaQuery.statusCode !== 401) leaked.push(`${route.method} ${url} as north ${role} with domain=demo in the query: ${viaQuery.statusCode} ${viaQuery.body.slice(0, 80)}`);
      }
    }
    const after = await snapshot((t) => (CROSS_SCHOOL_WRITES.includes(t) ? undefined : sql`tenant_id = ${demo}`));
    const diskAfter = filesOnDisk();

    // a read that answered: demo's own caller must get something else for the same address (else north read it)
    const demoTokens = {} as Record<Role, string>;
    let marked = 0;
    for (const r of reads) {
      demoTokens[r.role] ??= await api.login(r.role, 'demo');
      const own = await api.call({ method: 'GET', url: r.url, tenant: 'demo', token: demoTokens[r.role] });
      if (own.body.includes(DEMO_MARK)) marked++;
      if (own.statusCode < 300 && own.body === r.body && (own.body.includes(DEMO_MARK) || !own.headers['content-type']?.toString().includes('json')))
        leaked.push(`GET ${r.url} as north ${r.role}: the same answer as demo's own ${r.role}`);
    }

    figures.push(
      `north → demo: ${api.app.routeTable.length} routes, ${calls} calls, answers by status ${JSON.stringify(statuses)}, ${reads.length} reads compared with demo's own answer (${marked} of which carry demo's marks there), ${leaked.length} leaks, ${changed(before, after).length} demo tables changed, ${changed(diskBefore, diskAfter).length} demo files changed`,
    );
    console.log(figures.at(-1));
    expect(leaked).toEqual([]);
    expect(changed(before, after)).toEqual([]);
    expect(changed(diskBefore, diskAfter)).toEqual([]);
    // the probe can see a leak: the same addresses show demo's marks to demo's own users
    expect(marked).toBeGreaterThan(10);
  }, 300_000);

  it("a second student of demo, with the first student's records: nothing of theirs read, nothing changed", async () => {
    const mine = (t: string) => (t === 'users' ? sql`id = ${s1}` : privateTables.includes(t) ? sql`user_id = ${s1}` : undefined);
    const before = await snapshot(mine);
    const diskBefore = filesOnDisk();
    const leaked: string[] = [];
    let calls = 0;
    const ownReads: { url: string; body?: string; privateRecord: boolean }[] = [];
    let s1Token = '';
    const studentRoutes = api.app.routeTable.filter((r: RouteEntry) => r.url.startsWith('/api') && (!r.roles || r.roles.includes('student')));
    for (const route of studentRoutes) {
      const o = ops.get(`${route.method} ${route.url}`);
      const url = fillPath(route.url, true) + queryOf(o, route.url, true);
      const schema = o && jsonBodyOf(o);
      const payload = route.method === 'GET' ? undefined : ((schema ? sample(schema, pickFor(route.url, true), true) : undefined) ?? {});
      const send = () => api.call({ method: route.method as 'GET', url, token: s2Token, ...(payload !== undefined ? { payload: payload as object } : {}) });
      let res = await send();
      calls++;
      if (res.statusCode === 401 && route.auth !== 'public') {
        s2Token = await api.login('student2', 'demo');
        res = await send();
      }
      const found = leaks(res.body, [S1_MARK, S1_EMAIL]);
      if (found.length) leaked.push(`${route.method} ${url} as the second student: ${res.statusCode} carries ${found.join(', ')}`);
      // a private record in the address (a project version, a document, an attempt): what the second student got
      // is compared with the first student's own answer below (a download carries no mark)
      const privateRecord = route.url.split('/').some((seg) => seg.startsWith(':') && privateTables.includes(tableOfParam(route.url, seg.slice(1)) ?? '')) || /[?&](id_quizAttemp|user_id)=/.test(url);
      if (route.method === 'GET') ownReads.push({ url, body: res.statusCode < 300 ? res.body : undefined, privateRecord });
    }
    const after = await snapshot(mine);
    // the probe can see a leak: the same addresses show the first student their marked records
    s1Token ||= await api.login('student', 'demo');
    let marked = 0;
    for (const read of ownReads) {
      const own = await api.call({ method: 'GET', url: read.url, token: s1Token });
      if (own.body.includes(S1_MARK)) marked++;
      // JSON answers are judged by the marks above; a file is the same bytes for both only if the second one got it
      const file = !String(own.headers['content-type'] ?? '').includes('json');
      if (read.privateRecord && file && read.body !== undefined && own.statusCode < 300 && own.body === read.body)
        leaked.push(`GET ${read.url} as the second student: the same answer as the first student's own`);
    }
    figures.push(
      `student → student: ${studentRoutes.length} routes open to students, ${calls} calls, ${leaked.length} leaks (${marked} of the same reads show the first student their marked records), ${changed(before, after).length} of the first student's tables changed`,
    );
    console.log(figures.at(-1));
    expect(leaked).toEqual([]);
    expect(changed(before, after)).toEqual([]);
    expect(changed(diskBefore, filesOnDisk())).toEqual([]);
    expect(s1Ids.submitted_projects?.length, 'the first student has records to probe').toBeGreaterThan(0);
    expect(marked).toBeGreaterThan(0);
  }, 300_000);
});
