import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { chapterMedia, media, submittedProjects } from '../../db/schema/index.ts';
import { absolutePath } from '../../core/storage.ts';

/** A few KB that look like an MP4: size + `ftyp` box, then filler. */
export function fakeMp4(kb = 4, seed = 'a') {
  const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
  return Buffer.concat([head, Buffer.alloc(kb * 1024 - head.length, seed)]);
}
const pdfBytes = (text = 'x') => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

describe('/admin/media', () => {
  let api: TestApi;
  let admin: string;
  const tmpDir = () => join(api.config.dataDir, 'tmp');
  const tmpFiles = () => (existsSync(tmpDir()) ? readdirSync(tmpDir()) : []);
  /** Temporary files left once the server has finished its clean-up (it runs after the response). */
  const leftovers = async () => {
    for (let i = 0; i < 60 && tmpFiles().length; i++) await new Promise((r) => setTimeout(r, 50));
    return tmpFiles();
  };
  const mediaCount = async () => Number((await api.db.select({ n: count() }).from(media).where(eq(media.tenant_id, 1)))[0].n);
  const onDisk = async (id: number) => {
    const [m] = await api.db.select().from(media).where(eq(media.id, id));
    return m.path ? absolutePath(api.config.dataDir, 'demo', m.path) : null;
  };
  const create = (fields: Parameters<typeof multipart>[0], token = admin) => api.call({ method: 'POST', url: '/admin/media', token, ...multipart(fields) });

  beforeAll(async () => {
    api = await startTestApi({ videoMaxMb: 1 }); // MEDIA_VIDEO_MAX_MB=1: a small video limit to test it
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it('uploads a video, lists and filters it, streams a real range to an admin and to an enrolled student', async () => {
    const bytes = fakeMp4(8);
    const res = await create({ title: 'Видео: стратегия Lumen', kind: 'video', file: { name: 'lecture.mp4', data: bytes, type: 'video/mp4' } });
    expect(res.statusCode).toBe(201);
    const m = res.json().data;
    expect(m).toMatchObject({
      title: 'Видео: стратегия Lumen',
      kind: 'video',
      file_name: 'lecture.mp4',
      mime: 'video/mp4',
      size: bytes.length,
      stream_url: `/api/streamVideo?media_id=${m.id}`,
      chapters_count: 0,
    });
    expect(m.path).toBeUndefined();
    expect(readFileSync((await onDisk(m.id))!)).toEqual(bytes);

    const list = (await api.call({ method: 'GET', url: '/admin/media?q=lumen&filter[kind]=video', token: admin })).json();
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([m.id]);
    expect(list.meta.total).toBe(1);
    expect((await api.call({ method: 'GET', url: '/admin/media?q=lumen&filter[kind]=pdf', token: admin })).json().data).toEqual([]);
    const byKind = (await api.call({ method: 'GET', url: '/admin/media?filter[kind][]=video&filter[kind][]=pdf&sort=title&order=asc&per_page=100', token: admin })).json();
    expect(new Set(byKind.data.map((x: { kind: string }) => x.kind))).toEqual(new Set(['video', 'pdf']));
    const titles = byKind.data.map((x: { title: string }) => x.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await api.call({ method: 'GET', url: '/admin/media?filter[kind]=movie', token: admin })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/admin/media?per_page=1&page=2', token: admin })).json().meta).toMatchObject({ current_page: 2, per_page: 1, from: 2 });

    const range = await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${m.id}`, token: admin, headers: { range: 'bytes=100-199' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(range.rawPayload).toEqual(bytes.subarray(100, 200));
    const dl = await api.call({ method: 'GET', url: `/admin/media/${m.id}/download`, token: admin });
    expect(dl.rawPayload).toEqual(bytes);
    expect(dl.headers['content-disposition']).toContain('lecture.mp4');

    const student = await api.login('student');
    expect((await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${m.id}`, token: student, headers: { range: 'bytes=0-9' } })).statusCode).toBe(403);
    const [seeded] = await api.db
      .select({ chapter: chapterMedia.chapter_id })
      .from(chapterMedia)
      .innerJoin(media, eq(media.id, chapterMedia.media_id))
      .where(and(eq(media.tenant_id, 1), eq(media.kind, 'video')));
    await api.db.insert(chapterMedia).values({ tenant_id: 1, chapter_id: seeded.chapter, media_id: m.id, sort: 50 });
    const mine = await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${m.id}&access_token=${student}&domain=demo`, headers: { range: 'bytes=-16' } });
    expect(mine.statusCode).toBe(206);
    expect(mine.rawPayload).toEqual(bytes.subarray(bytes.length - 16));
    expect((await api.call({ method: 'GET', url: `/admin/media/${m.id}`, token: admin })).json().data.chapters_count).toBe(1);
  });

  it('creates links, texts, PDFs and projects; updates by form data with _method=PUT, replacing the file on disk', async () => {
    const link = await api.call({ method: 'POST', url: '/admin/media', token: admin, payload: { title: 'HBR', kind: 'link', url: 'https://hbr.org/x' } });
    expect(link.statusCode).toBe(201);
    expect(link.json().data).toMatchObject({ kind: 'link', url: 'https://hbr.org/x', has_file: false, download_url: null });
    const text = await create({ title: 'Памятка', kind: 'text', body: '<p>Текст</p>' });
    expect(text.json().data.body).toBe('<p>Текст</p>');
    const project = await create({ title: 'Проект', kind: 'project', deadline: '2031-05-01', body: 'Сдайте архив' });
    expect(project.json().data).toMatchObject({ kind: 'project', deadline: '2031-05-01', has_file: false });

    const pdf = (await create({ title: 'Guide', kind: 'pdf', file: { name: 'guide.pdf', data: pdfBytes('one') } })).json().data;
    const oldPath = (await onDisk(pdf.id))!;
    expect(existsSync(oldPath)).toBe(true);
    const upd = await api.call({
      method: 'POST',
      url: `/admin/media/${pdf.id}`,
      token: admin,
      ...multipart({ _method: 'PUT', title: 'Guide v2', file: { name: 'guide-2.pdf', data: pdfBytes('two') } }),
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ title: 'Guide v2', kind: 'pdf', file_name: 'guide-2.pdf' });
    expect(existsSync(oldPath)).toBe(false);
    const newPath = (await onDisk(pdf.id))!;
    expect(readFileSync(newPath).toString()).toContain('two');

    // JSON update keeps the file; a kind without a file drops it from disk
    expect((await api.call({ method: 'PUT', url: `/admin/media/${pdf.id}`, token: admin, payload: { title: 'Guide v3' } })).json().data).toMatchObject({ title: 'Guide v3', has_file: true });
    const toLink = await api.call({ method: 'PUT', url: `/admin/media/${pdf.id}`, token: admin, payload: { kind: 'link', url: 'https://example.org/guide' } });
    expect(toLink.json().data).toMatchObject({ kind: 'link', has_file: false, file_name: null });
    expect(existsSync(newPath)).toBe(false);
    // a video cannot become a PDF while it keeps a video file
    const video = (await create({ title: 'Clip', kind: 'video', file: { name: 'clip.mp4', data: fakeMp4(2) } })).json().data;
    expect((await api.call({ method: 'PUT', url: `/admin/media/${video.id}`, token: admin, payload: { kind: 'pdf' } })).json().name).toBe('ERROR_EXT_TYPE');
    expect((await api.call({ method: 'PUT', url: `/admin/media/${video.id}`, token: admin, payload: { title: '' } })).statusCode).toBe(422);
  });

  it('refuses bad files and input, leaving no temporary file and no row behind', async () => {
    const before = await mediaCount();
    const cases: [Parameters<typeof multipart>[0], number, string][] = [
      [{ title: 'Exe', kind: 'file', file: { name: 'setup.exe', data: Buffer.from('MZ...') } }, 415, 'ERROR_EXT_TYPE'],
      [{ title: 'Fake', kind: 'video', file: { name: 'fake.mp4', data: Buffer.from('not a video at all, really') } }, 415, 'ERROR_EXT_TYPE'],
      [{ title: 'Pdf as video', kind: 'video', file: { name: 'doc.pdf', data: pdfBytes() } }, 415, 'ERROR_EXT_TYPE'],
      [{ title: 'Empty', kind: 'pdf', file: { name: 'empty.pdf', data: Buffer.alloc(0) } }, 422, 'ERROR_FILE_EMPTY'],
      [{ title: 'No file', kind: 'video' }, 422, 'Validation Error'],
      [{ kind: 'pdf', file: { name: 'a.pdf', data: pdfBytes() } }, 422, 'Validation Error'],
      [{ title: 'Bad kind', kind: 'movie' }, 422, 'Validation Error'],
      [{ title: 'No url', kind: 'link' }, 422, 'Validation Error'],
      [{ title: 'Script', kind: 'link', url: 'javascript:alert(1)' }, 422, 'Validation Error'],
      [{ title: 'No body', kind: 'text', body: ' ' }, 422, 'Validation Error'],
      [{ title: 'Big video', kind: 'video', file: { name: 'big.mp4', data: fakeMp4(1100) } }, 413, 'ERROR_MAX_SIZE'],
      [{ title: 'Link with a file', kind: 'link', url: 'https://x.org', file: { name: 'a.pdf', data: pdfBytes() } }, 415, 'ERROR_EXT_TYPE'],
      // form fields shaped like an uploaded file are not one: nothing on the server's disk is taken for an upload
      [{ title: 'Forged', kind: 'pdf', 'file[kind]': 'file', 'file[path]': '/etc/hostname', 'file[filename]': 'x.pdf', 'file[size]': '10' }, 422, 'Validation Error'],
    ];
    for (const [fields, status, name] of cases) {
      const res = await create(fields);
      expect({ fields: Object.keys(fields), title: fields.title, status: res.statusCode, name: res.json().name }).toEqual({ fields: Object.keys(fields), title: fields.title, status, name });
    }
    const big = await create({ title: 'Big PDF', kind: 'pdf', file: { name: 'big.pdf', data: Buffer.concat([pdfBytes(), Buffer.alloc(40 * 1024 * 1024)]) } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ name: 'ERROR_MAX_SIZE_40', variables: { max_mb: 40 } });
    expect(await mediaCount()).toBe(before);
    expect(await leftovers()).toEqual([]);
  });

  it('an upload cut off mid-way leaves nothing behind', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const before = await mediaCount();
    const boundary = 'cutboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut\r\n--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nvideo\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/admin/media',
        headers: { domain: 'demo', authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 500_000 },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(head);
      req.write(fakeMp4(64));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    expect(await leftovers()).toEqual([]);
    expect(await mediaCount()).toBe(before);
  });

  it('deletes one or many materials with their files; keeps projects students submitted', async () => {
    const a = (await create({ title: 'Del A', kind: 'pdf', file: { name: 'a.pdf', data: pdfBytes('a') } })).json().data;
    const b = (await create({ title: 'Del B', kind: 'video', file: { name: 'b.mp4', data: fakeMp4(1, 'b') } })).json().data;
    const c = (await create({ title: 'Del C', kind: 'text', body: 'c' })).json().data;
    const [pa, pb] = [(await onDisk(a.id))!, (await onDisk(b.id))!];
    expect((await api.call({ method: 'DELETE', url: `/admin/media/${a.id}`, token: admin })).statusCode).toBe(200);
    expect(existsSync(pa)).toBe(false);
    expect((await api.call({ method: 'GET', url: `/admin/media/${a.id}`, token: admin })).json().name).toBe('NOT_FOUND_MEDIA');

    const [submitted] = await api.db.select({ id: submittedProjects.media_id }).from(submittedProjects).where(eq(submittedProjects.tenant_id, 1));
    expect((await api.call({ method: 'DELETE', url: `/admin/media/${submitted.id}`, token: admin })).json().name).toBe('ERROR_MEDIA_HAS_PROJECTS');
    const bulk = await api.call({ method: 'POST', url: '/admin/delete/media', token: admin, payload: { ids: [b.id, c.id, submitted.id] } });
    expect(bulk.json().data).toMatchObject({ count: 2, deleted: [b.id, c.id].sort((x, y) => x - y), refused: [{ id: submitted.id }] });
    expect(existsSync(pb)).toBe(false);
    expect((await api.call({ method: 'POST', url: '/admin/delete/media', token: admin, payload: { ids: [submitted.id] } })).statusCode).toBe(409);
    expect((await api.call({ method: 'POST', url: '/admin/delete/media', token: admin, payload: { ids: [] } })).json().name).toBe('NOT_CHECK_ID_MEDIA');
    expect((await api.call({ method: 'POST', url: '/admin/delete/media', token: admin, payload: { ids: 'x' } })).statusCode).toBe(422);
  });

  it('lets trainers read only; refuses students and moderators; hides other schools', async () => {
    const m = (await create({ title: 'Roles', kind: 'pdf', file: { name: 'r.pdf', data: pdfBytes('r') } })).json().data;
    const trainer = await api.login('trainer');
    expect((await api.call({ method: 'GET', url: '/admin/media', token: trainer })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/admin/media/${m.id}`, token: trainer })).statusCode).toBe(200);
    expect((await create({ title: 'T', kind: 'text', body: 'x' }, trainer)).statusCode).toBe(403);
    expect((await api.call({ method: 'PUT', url: `/admin/media/${m.id}`, token: trainer, payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await api.call({ method: 'DELETE', url: `/admin/media/${m.id}`, token: trainer })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: '/admin/delete/media', token: trainer, payload: { ids: [m.id] } })).statusCode).toBe(403);
    for (const login of ['student', 'moderator']) {
      const token = await api.login(login);
      expect((await api.call({ method: 'GET', url: '/admin/media', token })).statusCode).toBe(403);
      expect((await create({ title: 'S', kind: 'text', body: 'x' }, token)).statusCode).toBe(403);
    }
    expect((await api.call({ method: 'GET', url: '/admin/media', token: await api.login('superadmin') })).statusCode).toBe(200);

    const north = await api.login('admin', 'north');
    const other = { token: north, tenant: 'north' };
    expect((await api.call({ method: 'GET', url: `/admin/media/${m.id}`, ...other })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: `/admin/media/${m.id}/download`, ...other })).statusCode).toBe(404);
    expect((await api.call({ method: 'PUT', url: `/admin/media/${m.id}`, ...other, payload: { title: 'hijack' } })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/media/${m.id}`, ...other })).statusCode).toBe(404);
    expect((await api.call({ method: 'POST', url: '/admin/delete/media', ...other, payload: { ids: [m.id] } })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: `/api/streamVideo?media_id=${m.id}`, ...other })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/admin/media?q=Roles', ...other })).json().data).toEqual([]);
    expect((await api.call({ method: 'GET', url: `/admin/media/${m.id}`, token: admin })).json().data.title).toBe('Roles');
  });

  it('answers the upload limits', async () => {
    expect((await api.call({ method: 'GET', url: '/admin/media/limits', token: admin })).json().data).toEqual({ video_mb: 1, other_mb: 40 });
  });
});
