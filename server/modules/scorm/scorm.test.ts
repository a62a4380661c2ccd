import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { chapterMedia, chapters, media, programUsers, programs, scormAttempts, scormPackages, users } from '../../db/schema/index.ts';
import { tenantRoot } from '../../core/storage.ts';
import { sweepStoredFiles } from '../../core/file-sweep.ts';
import { makePackage, manifestOf, zipOf } from './index.ts';

/**
 * SCORM packages end to end through the API: packages made here by a script (a manifest and a page that calls the
 * run-time API), uploaded by an admin, refused when hostile (nothing left on disk or in the database), launched by an
 * enrolled student, served under the launch's key in a sandbox, committed and resumed, and counted in the progress.
 */
describe('SCORM packages', () => {
  let api: TestApi;
  let admin: string;
  let student: string;
  let programId: number;
  let studentId: number;
  let chapterId: number;
  const upload = (data: Buffer, token = admin, name = 'lesson.zip', title?: string) =>
    api.call({ method: 'POST', url: '/admin/scorm', token, ...multipart({ ...(title ? { title } : {}), file: { name, data, type: 'application/zip' } }) });
  const scormDir = () => join(tenantRoot(api.config.dataDir, 'demo'), 'scorm');
  const folders = () => (existsSync(scormDir()) ? readdirSync(scormDir()).sort() : []);
  const tmpFiles = () => (existsSync(join(api.config.dataDir, 'tmp')) ? readdirSync(join(api.config.dataDir, 'tmp')) : []);
  const rows = async () => ({
    media: Number((await api.db.select({ n: count() }).from(media).where(eq(media.tenant_id, 1)))[0].n),
    packages: Number((await api.db.select({ n: count() }).from(scormPackages))[0].n),
  });
  const attach = async (mediaId: number) => api.db.insert(chapterMedia).values({ tenant_id: 1, chapter_id: chapterId, media_id: mediaId, sort: 99 });
  const launch = (id: number, token = student, tenant?: string) => api.call({ method: 'POST', url: `/api/scorm/${id}/launch`, token, tenant, headers: { origin: 'http://demo.localhost:8080' } });
  /** What a browser frame asks: no token, no Domain header. */
  const fetchContent = (url: string) => api.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    student = await api.login('student');
    const [me] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.login, 'student')));
    const [enrolled] = await api.db.select({ id: programUsers.program_id }).from(programUsers).where(eq(programUsers.user_id, me.id)).orderBy(programUsers.program_id); // the first, not Open standards
    programId = enrolled.id;
    studentId = me.id;
    [{ id: chapterId }] = await api.db.select({ id: chapters.id }).from(chapters).where(eq(chapters.program_id, programId));
  });
  afterAll(() => api.close());

  it('an admin uploads a SCORM 1.2 package: title, version, organisation and launch file from the manifest, files under the school', async () => {
    const res = await upload(makePackage({ version: '1.2', title: 'Negotiation basics' }));
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({ title: 'Negotiation basics', version: '1.2', organization: 'org1', launch: 'index.html', file_name: 'lesson.zip', files: 2 });
    const [m] = await api.db.select().from(media).where(eq(media.id, p.media_id));
    expect(m).toMatchObject({ kind: 'scorm', title: 'Negotiation basics', tenant_id: 1 });
    const [row] = await api.db.select().from(scormPackages).where(eq(scormPackages.id, p.id));
    expect(readdirSync(join(tenantRoot(api.config.dataDir, 'demo'), row.dir)).sort()).toEqual(['imsmanifest.xml', 'index.html']);
    // the stored-file sweep keeps every file of a package's folder, and removes a folder no package names
    const stray = join(scormDir(), 'stray');
    mkdirSync(stray, { recursive: true });
    writeFileSync(join(stray, 'x.html'), 'x');
    const swept = await sweepStoredFiles(api.app, 0);
    expect(swept.removed.filter((r) => r.path.startsWith('scorm/'))).toEqual([{ school: 'demo', path: 'scorm/stray/x.html', bytes: 1 }]);
    expect(readdirSync(join(tenantRoot(api.config.dataDir, 'demo'), row.dir)).sort()).toEqual(['imsmanifest.xml', 'index.html']);
    const read = await api.call({ method: 'GET', url: `/admin/scorm/${p.media_id}`, token: admin });
    expect(read.json().data).toMatchObject({ id: p.id, version: '1.2' });
    // another school's admin does not find it
    const north = await api.login('admin', 'north');
    expect((await api.call({ method: 'GET', url: `/admin/scorm/${p.media_id}`, token: north, tenant: 'north' })).statusCode).toBe(404);
    expect(
      (await api.call({ method: 'POST', url: `/admin/scorm/${p.media_id}/package`, token: north, tenant: 'north', ...multipart({ file: { name: 'x.zip', data: makePackage({ version: '1.2' }) } }) }))
        .statusCode,
    ).toBe(404);
    // a student may not upload
    expect((await upload(makePackage({ version: '1.2' }), student)).statusCode).toBe(403);
  });

  it('replaces a material’s package with a SCORM 2004 one: the version by the manifest, the old folder removed', async () => {
    const made = (await api.call({ method: 'POST', url: '/admin/media', token: admin, payload: { title: 'Simulation', kind: 'scorm' } })).json().data;
    expect((await api.call({ method: 'GET', url: `/admin/scorm/${made.id}`, token: admin })).json().data).toBeNull();
    const put = (data: Buffer) => api.call({ method: 'POST', url: `/admin/scorm/${made.id}/package`, token: admin, ...multipart({ file: { name: 'sim.zip', data } }) });
    const first = await put(makePackage({ version: '1.2' }));
    expect(first.statusCode).toBe(200);
    const before = folders();
    const second = await put(makePackage({ version: '2004', title: 'Market simulation' }));
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ version: '2004', title: 'Market simulation' });
    const [row] = await api.db.select().from(scormPackages).where(eq(scormPackages.media_id, made.id));
    expect(folders()).toContain(row.dir.replace('scorm/', ''));
    expect(folders().length).toBe(before.length);
    // a material of another kind takes no package
    const pdf = (await api.call({ method: 'POST', url: '/admin/media', token: admin, payload: { title: 'Text', kind: 'text', body: '<p>x</p>' } })).json().data;
    expect((await api.call({ method: 'POST', url: `/admin/scorm/${pdf.id}/package`, token: admin, ...multipart({ file: { name: 'p.zip', data: makePackage({ version: '1.2' }) } }) })).statusCode).toBe(
      404,
    );
  });

  const page = '<html><body>x</body></html>';
  const manifest = manifestOf('1.2', 'Hostile');
  /** A valid package's manifest and page with one hostile entry beside them. */
  const packageWith = (entry: Parameters<typeof zipOf>[0][number]) => zipOf([{ name: 'imsmanifest.xml', data: manifest }, { name: 'index.html', data: page }, entry]);
  const hostile: [string, Buffer, number, string][] = [
    ['a zip bomb (a compression ratio of 1000)', packageWith({ name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) }), 422, 'ERROR_SCORM_BOMB'],
    ['an entry larger than its header says (extraction stops it)', packageWith({ name: 'big.bin', data: Buffer.alloc(300_000, 'a'), method: 0, declaredSize: 1000 }), 422, 'ERROR_SCORM_BOMB'],
    ['a name with ..', packageWith({ name: 'css/../../evil.html', data: page }), 422, 'ERROR_SCORM_NAMES'],
    ['an absolute name', packageWith({ name: '/etc/evil.html', data: page }), 422, 'ERROR_SCORM_NAMES'],
    ['a backslash', packageWith({ name: '..\\evil.html', data: page }), 422, 'ERROR_SCORM_NAMES'],
    [
      'too many entries',
      zipOf([{ name: 'imsmanifest.xml', data: manifest }, ...Array.from({ length: 5001 }, (_, i) => ({ name: `f/${i}.txt`, data: 'x', method: 0 as const }))]),
      422,
      'ERROR_SCORM_ENTRIES',
    ],
    ['no manifest', zipOf([{ name: 'index.html', data: page }]), 422, 'ERROR_SCORM_MANIFEST'],
    [
      'a manifest in a folder only',
      zipOf([
        { name: 'sub/imsmanifest.xml', data: manifest },
        { name: 'index.html', data: page },
      ]),
      422,
      'ERROR_SCORM_MANIFEST',
    ],
    [
      'a manifest that is not XML',
      zipOf([
        { name: 'imsmanifest.xml', data: '<manifest><organizations>' },
        { name: 'index.html', data: page },
      ]),
      422,
      'ERROR_SCORM_MANIFEST_INVALID',
    ],
    ['a manifest whose launch file is missing', zipOf([{ name: 'imsmanifest.xml', data: manifest }]), 422, 'ERROR_SCORM_MANIFEST_INVALID'],
    [
      'a manifest without organisations',
      zipOf([{ name: 'imsmanifest.xml', data: '<manifest xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><resources/></manifest>' }]),
      422,
      'ERROR_SCORM_MANIFEST_INVALID',
    ],
    [
      'a launch file outside the package',
      zipOf([
        { name: 'imsmanifest.xml', data: manifestOf('2004', 'x', '../../secret.html') },
        { name: 'index.html', data: page },
      ]),
      422,
      'ERROR_SCORM_MANIFEST_INVALID',
    ],
    ['not a zip at all', Buffer.from('PK\u0003\u0004 this is no zip'), 422, 'ERROR_SCORM_ZIP'],
  ];
  it.each(hostile)('refuses %s with its catalogue error, leaving nothing on disk or in the database', async (_what, data, status, code) => {
    const before = { rows: await rows(), folders: folders() };
    const res = await upload(data);
    expect(res.statusCode).toBe(status);
    expect(res.json().name).toBe(code);
    expect(await rows()).toEqual(before.rows);
    expect(folders()).toEqual(before.folders);
    for (let i = 0; i < 60 && tmpFiles().length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a file that is not a .zip and an upload without a file', async () => {
    expect((await upload(makePackage({ version: '1.2' }), admin, 'lesson.pdf')).json().name).toBe('ERROR_EXT_TYPE');
    expect((await api.call({ method: 'POST', url: '/admin/scorm', token: admin, ...multipart({ title: 'x' }) })).statusCode).toBe(422);
  });

  it('a student launches, the package is served under the key in a sandbox, commits are stored, resumed and counted in the progress', async () => {
    const p = (await upload(makePackage({ version: '1.2', title: 'Pricing game' }))).json().data;
    // not in a program the student is enrolled in: refused
    expect((await launch(p.media_id)).statusCode).toBe(403);
    await attach(p.media_id);
    const res = await launch(p.media_id);
    expect(res.statusCode).toBe(200);
    const l = res.json().data;
    expect(l.package).toEqual({ title: 'Pricing game', version: '1.2' });
    expect(l.values).toMatchObject({ 'cmi.core.lesson_status': 'not attempted', 'cmi.core.entry': 'ab-initio', 'cmi.suspend_data': '' });
    expect(l.launch_url).toMatch(/^\/api\/scorm\/content\/1\/[A-Za-z0-9_-]{32}\/index\.html$/);
    expect(l.launch_url).not.toContain(student);

    const html = await fetchContent(l.launch_url);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['content-security-policy']).toMatch(/^sandbox allow-scripts/);
    expect(html.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(html.headers['content-security-policy']).toContain('frame-ancestors http://demo.localhost:8080');
    expect(html.headers['referrer-policy']).toBe('no-referrer');
    expect(html.body).toContain('<head><script src="__scorm-runtime.js"></script>');
    expect(html.body).toContain("api.LMSInitialize('')");
    const runtime = await fetchContent(l.launch_url.replace('index.html', '__scorm-runtime.js'));
    expect(runtime.headers['content-type']).toContain('text/javascript');
    expect(runtime.body).toContain('window.API = api');
    expect(runtime.body).toContain('"cmi.core.entry":"ab-initio"');
    expect(runtime.body).toContain('"cmi.core.lesson_mode":"normal"');
    expect(runtime.body).toContain('"http://demo.localhost:8080"');
    // only the package's own files, only with this key, only in this school
    expect((await fetchContent(l.launch_url.replace('index.html', 'imsmanifest.xml'))).statusCode).toBe(200);
    expect((await fetchContent(l.launch_url.replace('index.html', '..%2F..%2Fpasswd'))).statusCode).toBe(404);
    expect((await fetchContent(l.launch_url.replace('index.html', 'missing.html'))).statusCode).toBe(404);
    expect((await fetchContent(l.launch_url.replace(/content\/1\/[^/]+/, 'content/1/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(404);
    expect((await fetchContent(l.launch_url.replace('content/1/', 'content/2/'))).statusCode).toBe(404);

    // the run-time commits (LMSCommit), then finishes (LMSFinish)
    const put = (values: Record<string, string>, finish?: boolean) =>
      api.call({ method: 'PUT', url: `/api/scorm/${p.media_id}/attempt`, token: student, payload: { values, ...(finish ? { finish } : {}) } });
    const c1 = await put({ 'cmi.core.lesson_location': 'page-2', 'cmi.suspend_data': 'answers=3', 'cmi.core.lesson_status': 'incomplete' });
    expect(c1.statusCode).toBe(200);
    expect(c1.json().data).toMatchObject({ attempt: 1, completion_status: 'incomplete', done: false, location: 'page-2' });
    let tree = (await api.call({ method: 'GET', url: `/api/program/${programId}`, token: student })).json().data;
    const item = () => tree.chapters.flatMap((c: { media: { id: number }[] }) => c.media).find((m: { id: number }) => m.id === p.media_id);
    expect(item()).toMatchObject({ kind: 'scorm', status: 'incomplete', done: false });
    const c2 = await put(
      { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '85', 'cmi.core.score.min': '0', 'cmi.core.score.max': '100', 'cmi.core.session_time': '0000:01:30.00', 'cmi.core.exit': 'suspend' },
      true,
    );
    expect(c2.json().data).toMatchObject({
      completion_status: 'completed',
      success_status: 'passed',
      score_raw: 85,
      score_max: 100,
      score_scaled: 0.85,
      total_seconds: 90,
      exit: 'suspend',
      done: true,
    });
    tree = (await api.call({ method: 'GET', url: `/api/program/${programId}`, token: student })).json().data;
    expect(item()).toMatchObject({ status: 'passed', done: true });
    // the score shows in the grades' detail as a material's result (0–100)
    const grades = (await api.call({ method: 'GET', url: `/admin/score/${studentId}-${programId}`, token: admin })).json().data;
    expect(grades.materials.find((x: { id: number }) => x.id === p.media_id)).toMatchObject({ kind: 'scorm', score: 85 });
    // …and in the materials report, once the student opened the material
    expect((await api.call({ method: 'GET', url: `/api/media/${p.media_id}`, token: student })).statusCode).toBe(200);
    const report = (await api.call({ method: 'GET', url: `/admin/report/getMediaActivity?media_id=${p.media_id}&period=all`, token: admin })).json().data;
    expect(report.map((r: Record<string, unknown>) => [r.login, r.kind, r.score, r.count_attempts])).toEqual([['student', 'scorm', 85, 0]]);
    // a value of the wrong vocabulary, an element the learner may not write: nothing changes
    expect((await put({ 'cmi.core.lesson_status': 'brilliant' })).json().data).toMatchObject({ success_status: 'passed', completion_status: 'completed' });
    expect((await put({ 'cmi.core.student_id': '1', 'cmi.core.score.raw': 'lots' })).json().data).toMatchObject({ score_raw: 85, done: true });
    expect((await put({ 'cmi.suspend_data': 'x'.repeat(64001) })).statusCode).toBe(422);

    // the next launch resumes where it stopped
    const again = (await launch(p.media_id)).json().data;
    expect(again.attempt).toMatchObject({ attempt: 1, location: 'page-2', suspend_data: 'answers=3', done: true });
    expect(again.values).toMatchObject({
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_location': 'page-2',
      'cmi.suspend_data': 'answers=3',
      'cmi.core.lesson_status': 'passed',
      'cmi.core.total_time': '0000:01:30.00',
    });
    expect((await api.call({ method: 'GET', url: `/api/scorm/${p.media_id}/attempt`, token: student })).json().data).toMatchObject({ score_raw: 85, done: true });

    // a new attempt after the passed one starts from the beginning; the material stays passed in the program
    const fresh = (await api.call({ method: 'POST', url: `/api/scorm/${p.media_id}/launch?new_attempt=true`, token: student })).json().data;
    expect(fresh.attempt).toMatchObject({ attempt: 2, completion_status: 'not attempted', location: null, done: false });
    expect(fresh.values).toMatchObject({ 'cmi.core.entry': 'ab-initio', 'cmi.core.lesson_status': 'not attempted' });
    expect((await put({ 'cmi.core.lesson_status': 'incomplete' })).json().data).toMatchObject({ attempt: 2, completion_status: 'incomplete' });
    tree = (await api.call({ method: 'GET', url: `/api/program/${programId}`, token: student })).json().data;
    expect(item()).toMatchObject({ status: 'passed', done: true });
    // while the new attempt is not done, asking again resumes it (no third attempt); a bad flag changes nothing
    expect((await api.call({ method: 'POST', url: `/api/scorm/${p.media_id}/launch?new_attempt=true`, token: student })).json().data.attempt).toMatchObject({ attempt: 2 });
    expect((await api.call({ method: 'POST', url: `/api/scorm/${p.media_id}/launch?new_attempt=maybe`, token: student })).statusCode).toBe(422);
    expect(Number((await api.db.select({ n: count() }).from(scormAttempts).where(eq(scormAttempts.media_id, p.media_id)))[0].n)).toBe(2);
  });

  it('SCORM 2004 element names map to the same row', async () => {
    const p = (await upload(makePackage({ version: '2004' }))).json().data;
    await attach(p.media_id);
    const l = (await launch(p.media_id)).json().data;
    expect(l.values).toMatchObject({ 'cmi.completion_status': 'not attempted', 'cmi.entry': 'ab-initio' });
    expect((await fetchContent(l.launch_url.replace('index.html', '__scorm-runtime.js'))).body).toContain('window.API_1484_11 = api');
    const res = await api.call({
      method: 'PUT',
      url: `/api/scorm/${p.media_id}/attempt`,
      token: student,
      payload: { values: { 'cmi.completion_status': 'completed', 'cmi.success_status': 'failed', 'cmi.score.scaled': '0.4', 'cmi.location': 'q7', 'cmi.session_time': 'PT1M5S' }, finish: true },
    });
    expect(res.json().data).toMatchObject({ completion_status: 'completed', success_status: 'failed', score_scaled: 0.4, location: 'q7', total_seconds: 65, done: false });
  });

  it('another school, a student not enrolled and a material without a package are refused', async () => {
    const p = (await upload(makePackage({ version: '1.2' }))).json().data;
    const northStudent = await api.login('student', 'north');
    expect((await launch(p.media_id, northStudent, 'north')).statusCode).toBe(404);
    expect((await api.call({ method: 'PUT', url: `/api/scorm/${p.media_id}/attempt`, token: northStudent, tenant: 'north', payload: { values: {} } })).statusCode).toBe(404);
    expect((await launch(p.media_id)).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: `/api/scorm/${p.media_id}/attempt`, token: student })).statusCode).toBe(403);
    const bare = (await api.call({ method: 'POST', url: '/admin/media', token: admin, payload: { title: 'Empty', kind: 'scorm' } })).json().data;
    await attach(bare.id);
    expect((await launch(bare.id)).json().name).toBe('ERROR_SCORM_NO_PACKAGE');
    expect(Number((await api.db.select({ n: count() }).from(scormAttempts).where(eq(scormAttempts.media_id, p.media_id)))[0].n)).toBe(0);
    void programs;
  });
});

describe('SCORM package size', () => {
  it('refuses a zip above the video limit while it streams (ERROR_MAX_SIZE), leaving no row, folder or temporary file', async () => {
    const small = await startTestApi({ videoMaxMb: 0.05 }); // 50 KB
    try {
      const admin = await small.login('admin');
      const [before] = await small.db.select({ n: count() }).from(media);
      const scorm = join(tenantRoot(small.config.dataDir, 'demo'), 'scorm');
      const folders = () => (existsSync(scorm) ? readdirSync(scorm).sort() : []);
      const foldersBefore = folders(); // the demo's own package is there
      // a package of noise: above the limit, and no bomb (noise does not compress)
      const noise = Buffer.from(Array.from({ length: 80_000 }, () => Math.floor(Math.random() * 256)));
      const big = zipOf([
        { name: 'imsmanifest.xml', data: manifestOf('1.2', 'Big') },
        { name: 'index.html', data: '<p>x</p>' },
        { name: 'noise.bin', data: noise },
      ]);
      const res = await small.call({ method: 'POST', url: '/admin/scorm', token: admin, ...multipart({ title: 'Big', file: { name: 'big.zip', data: big, type: 'application/zip' } }) });
      expect([res.statusCode, res.json().name]).toEqual([413, 'ERROR_MAX_SIZE']);
      expect((await small.db.select({ n: count() }).from(media))[0].n).toBe(before.n);
      expect(folders()).toEqual(foldersBefore);
      const tmp = join(small.config.dataDir, 'tmp');
      for (let i = 0; i < 60 && existsSync(tmp) && readdirSync(tmp).length; i++) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
