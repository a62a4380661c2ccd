import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { multipart } from '../test/forms.ts';
import { sweepStoredFiles } from './file-sweep.ts';

const HOUR = 3600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The sweep of stored files that no row names (issue 27, defect 3; docs/security.md "Stored files no row names"): an
 * orphan older than the grace goes, a young one stays (its row may be on its way), and every file a row names stays,
 * however old: the seeded demo files of both schools, an uploaded logo (a setting's value), a student's document.
 */
describe('the stored-file sweep', () => {
  let api: TestApi;
  const filesDir = () => join(api.config.dataDir, 'files');
  /** Every file under DATA_DIR/files, relative to it. */
  function onDisk(dir = filesDir()): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? onDisk(join(dir, e.name)) : [relative(filesDir(), join(dir, e.name))]));
  }
  /** Writes a file under DATA_DIR/files, last written `ageMs` ago. */
  function put(rel: string, ageMs: number, size = 1000) {
    const path = join(filesDir(), rel);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, Buffer.alloc(size, 1));
    age(rel, ageMs);
  }
  function age(rel: string, ageMs: number) {
    const when = new Date(Date.now() - ageMs);
    utimesSync(join(filesDir(), rel), when, when);
  }

  beforeAll(async () => {
    // the scheduled sweep's timer is driven by the test; everything else keeps real time
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    api = await startTestApi({ fileSweepHours: 6, fileSweepGraceMinutes: 60 });
  });
  afterAll(async () => {
    await api.close();
    vi.useRealTimers();
  });

  it('removes an orphan older than the grace, keeps a young one and every file a row names (the seeded demo files too)', async () => {
    const student = await api.login('student');
    const admin = await api.login('admin');
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32, 1)]);
    expect((await api.call({ method: 'PUT', url: '/admin/setting/3/changeLogo', token: admin, ...multipart({ value: { name: 'logo.png', data: png } }) })).statusCode).toBe(200);
    expect((await api.call({ method: 'POST', url: '/api/document', token: student, ...multipart({ file: { name: 'mine.pdf', data: Buffer.from('%PDF-1.4 mine') } }) })).statusCode).toBe(201);
    const named = onDisk();
    expect(named.filter((f) => f.startsWith('demo/')).length, 'seeded and uploaded files of demo').toBeGreaterThan(5);
    expect(
      named.some((f) => f.startsWith('north/')),
      'seeded files of north',
    ).toBe(true);
    // every file a row names made two hours old: only the rows can keep them now
    for (const f of named) age(f, 2 * HOUR);
    put('demo/documents/5/left-by-a-failed-insert.pdf', 2 * HOUR, 4096);
    put('north/avatars/left-by-a-crash.png', 90 * 60_000, 100);
    put('demo/documents/5/being-written.pdf', 10 * 60_000);
    put('nobody/old.pdf', 2 * HOUR);

    const report = await sweepStoredFiles(api.app, HOUR);
    expect(report.removed.map((r) => `${r.school}/${r.path}`).sort()).toEqual(['demo/documents/5/left-by-a-failed-insert.pdf', 'north/avatars/left-by-a-crash.png']);
    expect(report.bytes).toBe(4196);
    expect(report.unknownFolders).toEqual(['nobody']);
    expect(onDisk().sort()).toEqual([...named, 'demo/documents/5/being-written.pdf', 'nobody/old.pdf'].sort());
    // every named file still reads: the student's documents download
    const docs = (await api.call({ method: 'GET', url: '/api/document/showUploadDocument', token: student })).json().data as { download_url: string }[];
    for (const d of docs) expect((await api.call({ method: 'GET', url: d.download_url, token: student })).statusCode, d.download_url).toBe(200);
  });

  it('runs when the API starts listening and every FILE_SWEEP_HOURS, and says what it removed', async () => {
    const said: unknown[] = [];
    const info = vi.spyOn(api.app.log, 'info').mockImplementation(((obj: unknown) => void (typeof obj === 'object' && obj && 'why' in obj && said.push(obj))) as never);
    try {
      put('demo/exports/orphan-at-start.xlsx', 2 * HOUR, 10);
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      for (let i = 0; i < 100 && existsSync(join(filesDir(), 'demo/exports/orphan-at-start.xlsx')); i++) await sleep(50);
      expect(existsSync(join(filesDir(), 'demo/exports/orphan-at-start.xlsx')), 'removed at start').toBe(false);
      // the start's sweep has ended (its line is said last) before the schedule is due: a sweep under way is not doubled
      for (let i = 0; i < 100 && !said.length; i++) await sleep(20);
      await sleep(20);
      put('demo/exports/orphan-later.xlsx', 2 * HOUR, 20);
      vi.advanceTimersByTime(6 * HOUR);
      for (let i = 0; i < 100 && existsSync(join(filesDir(), 'demo/exports/orphan-later.xlsx')); i++) await sleep(50);
      expect(existsSync(join(filesDir(), 'demo/exports/orphan-later.xlsx')), 'removed on schedule').toBe(false);
      for (let i = 0; i < 100 && said.length < 2; i++) await sleep(20);
      expect(said).toContainEqual({ why: 'start', removed: 1, bytes: 10, paths: ['demo/exports/orphan-at-start.xlsx'] });
      expect(said).toContainEqual({ why: 'scheduled', removed: 1, bytes: 20, paths: ['demo/exports/orphan-later.xlsx'] });
      expect(statSync(join(filesDir(), 'demo/documents/5/being-written.pdf')).isFile()).toBe(true);
    } finally {
      info.mockRestore();
    }
  });
});
