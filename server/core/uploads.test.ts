import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { openUpload } from '../test/forms.ts';
import { files } from '../db/schema/index.ts';
import { isUploadedFile, TMP_SWEEP_EVERY_MS } from './multipart.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds (the scheduled sweep runs in the background). */
async function until(check: () => boolean, ms = 5000) {
  for (let waited = 0; !check() && waited < ms; waited += 20) await sleep(20);
  return check();
}

/** A probe route: what the parsed body holds under each key (files by name). */
async function probe(app: FastifyInstance) {
  app.post('/api/probe/files', { config: { roles: ['admin'] } }, async (req) =>
    Object.fromEntries(
      Object.entries(req.body as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => (isUploadedFile(x) ? x.filename : x)) : isUploadedFile(v) ? v.filename : v]),
    ),
  );
}

describe('uploads: temporary files and repeated keys', () => {
  let api: TestApi;
  let tmp: string;
  let admin: string;
  const tmpFiles = () => readdirSync(tmp);

  beforeAll(async () => {
    // the scheduled sweep's timer is driven by the test; everything else keeps real time
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    api = await startTestApi({}, [probe]);
    tmp = join(api.config.dataDir, 'tmp');
    admin = await api.login('admin');
  });
  afterAll(async () => {
    await api.close();
    vi.useRealTimers();
  });

  it('keeps several files sent under one plain key, in order, beside bracketed keys', async () => {
    const boundary = 'rep0';
    const part = (name: string, filename?: string, data = 'x') => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${data}\r\n`;
    const payload =
      part('file', 'a.txt') + part('file', 'b.txt') + part('file', 'c.txt') + part('files[]', 'd.txt') + part('title', undefined, 'one') + part('title', undefined, 'two') + `--${boundary}--\r\n`;
    const res = await api.call({ method: 'POST', url: '/api/probe/files', token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    // fields keep their last value as before; only files are collected
    expect(res.json()).toEqual({ file: ['a.txt', 'b.txt', 'c.txt'], files: ['d.txt'], title: 'two' });
  });

  it('never removes an upload in flight on the scheduled sweep, and removes files left for more than an hour', async () => {
    const stale = join(tmp, 'left-by-a-crash');
    writeFileSync(stale, 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);

    const upload = openUpload({}, 'file', 'notes.txt');
    const answer = api.call({ method: 'POST', url: '/admin/file', token: admin, payload: upload.payload, headers: upload.headers });
    expect(await until(() => tmpFiles().length === 2)).toBe(true);
    const inFlight = tmpFiles().find((f) => f !== 'left-by-a-crash')!;

    vi.advanceTimersByTime(TMP_SWEEP_EVERY_MS);
    expect(await until(() => !existsSync(stale))).toBe(true);
    expect(tmpFiles()).toEqual([inFlight]);

    upload.finish(Buffer.from('the end.\n'));
    const res = await answer;
    expect(res.statusCode).toBe(201);
    const [stored] = res.json().data;
    const [row] = await api.db.select().from(files).where(eq(files.id, stored.id));
    expect(row.size).toBe(256 * 1024 + 9);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('uploads: temporary files at start', () => {
  it('removes what a killed process left in DATA_DIR/tmp when the API starts, but not a file written this minute', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lms-crash-'));
    const tmp = join(dataDir, 'tmp');
    mkdirSync(join(tmp, 'old-folder'), { recursive: true });
    const old = new Date(Date.now() - 10 * 60_000);
    for (const name of ['partial-1', 'partial-2']) {
      writeFileSync(join(tmp, name), Buffer.alloc(1024));
      utimesSync(join(tmp, name), old, old);
    }
    utimesSync(join(tmp, 'old-folder'), old, old);
    writeFileSync(join(tmp, 'being-written'), 'x');
    const api = await startTestApi({ dataDir });
    try {
      expect(readdirSync(tmp)).toEqual(['being-written']);
    } finally {
      await api.close();
    }
  });
});
