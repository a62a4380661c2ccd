import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { exportJobs, tenants } from '../../db/schema/index.ts';
import { absolutePath } from '../../core/storage.ts';
import { runQueuedExports } from './index.ts';
import { runExportJob } from './jobs.ts';

/**
 * EXPORT_JOBS=queue (docs/deployment.md "A reports host"): an API process that only queues the exports, and the
 * runner of another process (`runQueuedExports`, what a process of `run` does every second) that takes them, each
 * through its own school's handle and storage.
 */
describe('export jobs queued for a reports host', () => {
  let api: TestApi;
  let demoAdmin: string;
  let northAdmin: string;

  const start = async (token: string, tenant: string) => {
    const r = await api.call({ method: 'POST', url: '/admin/excel/export', token, tenant, payload: { type: 'quizScoreResults', params: { period: 'all' } } });
    expect(r.statusCode, r.body).toBe(202);
    return r.json().data.id as number;
  };
  const job = async (id: number) => (await api.db.select().from(exportJobs).where(eq(exportJobs.id, id)))[0];

  beforeAll(async () => {
    api = await startTestApi({ exportJobs: 'queue' });
    demoAdmin = await api.login('admin');
    northAdmin = await api.login('admin', 'north');
  });
  afterAll(() => api.close());

  it('leaves a job queued in the process that took it, and the runner runs each school’s job into that school’s files', async () => {
    const demoJob = await start(demoAdmin, 'demo');
    const northJob = await start(northAdmin, 'north');
    await new Promise((r) => setTimeout(r, 300));
    const seen = await api.call({ method: 'GET', url: `/admin/excel/export/${demoJob}`, token: demoAdmin });
    expect(seen.json().data).toMatchObject({ status: 'queued', progress: 0, download_url: null });

    expect(await runQueuedExports(api.app)).toBe(2);
    for (const [id, slug, token, tenant] of [
      [demoJob, 'demo', demoAdmin, 'demo'],
      [northJob, 'north', northAdmin, 'north'],
    ] as const) {
      const j = await job(id);
      expect(j).toMatchObject({ status: 'done', error: null });
      expect(existsSync(absolutePath(api.config.dataDir, slug, j.path!))).toBe(true);
      const file = await api.call({ method: 'GET', url: `/admin/excel/export/${id}/download`, token, tenant });
      expect(file.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      expect(wb.worksheets[0].rowCount).toBeGreaterThan(0);
    }
    // nothing left: a second look takes nothing
    expect(await runQueuedExports(api.app)).toBe(0);
  });

  it('shows a job waiting its turn as queued for minutes, and as failed once nobody took it for half an hour', async () => {
    const waiting = await start(demoAdmin, 'demo');
    await api.db
      .update(exportJobs)
      .set({ created_at: new Date(Date.now() - 10 * 60_000) })
      .where(eq(exportJobs.id, waiting));
    const seen = await api.call({ method: 'GET', url: `/admin/excel/export/${waiting}`, token: demoAdmin });
    expect(seen.json().data).toMatchObject({ status: 'queued' });
    await api.db
      .update(exportJobs)
      .set({ created_at: new Date(Date.now() - 31 * 60_000) })
      .where(eq(exportJobs.id, waiting));
    const given = await api.call({ method: 'GET', url: `/admin/excel/export/${waiting}`, token: demoAdmin });
    expect(given.json().data).toMatchObject({ status: 'failed', error: 'ERROR_REPORT_FATAL' });
    expect(await runQueuedExports(api.app)).toBe(0);
  });

  it('hands a job back to the queue when its process is closing, leaving no file, and another run finishes it', async () => {
    const id = await start(demoAdmin, 'demo');
    const closing = new AbortController();
    closing.abort();
    await runExportJob(api.app, api.app.schoolDb(1), 'demo', id, undefined, closing.signal);
    const back = await job(id);
    expect(back).toMatchObject({ status: 'queued', rows_done: 0, claimed_by: null, path: null });
    expect(await runQueuedExports(api.app)).toBe(1);
    const done = await job(id);
    expect(done.status).toBe('done');
    expect(existsSync(absolutePath(api.config.dataDir, 'demo', done.path!))).toBe(true);
  });

  it("does not take a suspended school's job until the school is resumed", async () => {
    const northJob = await start(northAdmin, 'north');
    await api.db.update(tenants).set({ suspended_at: new Date() }).where(eq(tenants.id, 2));
    try {
      expect(await runQueuedExports(api.app)).toBe(0);
      expect((await job(northJob)).status).toBe('queued');
    } finally {
      await api.db.update(tenants).set({ suspended_at: null }).where(eq(tenants.id, 2));
    }
    expect(await runQueuedExports(api.app)).toBe(1);
    expect((await job(northJob)).status).toBe('done');
  });
});
