import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { files } from '../../db/schema/index.ts';
import { tenantRoot } from '../../core/storage.ts';

const pdf = (t: string) => Buffer.from(`%PDF-1.4\n% ${t}\n%%EOF\n`);
type Listing = {
  folder: { id: number; name: string; is_default: boolean };
  folders: { id: number; name: string; files_count: number }[];
  files: { id: number; name: string; size: number }[];
  breadcrumbs: { id: number; name: string }[];
};

describe('/admin/file (file manager)', () => {
  let api: TestApi;
  let admin: string;
  const post = (url: string, payload: object, token = admin) => api.call({ method: 'POST', url, token, payload });
  const getFolder = async (id?: number, token = admin): Promise<Listing> => (await api.call({ method: 'GET', url: `/admin/file/getFolder${id ? `?id=${id}` : ''}`, token })).json().data;
  const upload = (fields: Parameters<typeof multipart>[0], token = admin) => api.call({ method: 'POST', url: '/admin/file', token, ...multipart(fields) });
  const pathOf = async (id: number) => join(tenantRoot(api.config.dataDir, 'demo'), (await api.db.select().from(files).where(eq(files.id, id)))[0].path);

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it('creates the default folder on demand; creates, renames and deletes folders with breadcrumbs', async () => {
    const root = await getFolder();
    expect(root.folder).toMatchObject({ is_default: true });
    expect(root.breadcrumbs).toEqual([{ id: root.folder.id, name: root.folder.name, is_default: true }]);
    expect((await getFolder()).folder.id).toBe(root.folder.id); // one default folder

    const a = await post('/admin/file/createFolder', { name: 'Лекции' });
    expect(a.statusCode).toBe(201);
    const aId = a.json().data.id;
    expect(a.json().data.parent_id).toBe(root.folder.id);
    expect((await post('/admin/file/createFolder', { name: 'лекции' })).json().name).toBe('ERROR_FOLDER_EXISTS');
    const b = (await post('/admin/file/createFolder', { name: '2026', parent_id: aId })).json().data;
    const inner = await getFolder(b.id);
    expect(inner.breadcrumbs.map((x) => x.name)).toEqual([root.folder.name, 'Лекции', '2026']);
    expect((await getFolder()).folders.map((f) => f.name)).toContain('Лекции');

    expect((await post(`/admin/folder/${b.id}/rename`, { name: '2027' })).json().data.name).toBe('2027');
    expect((await post(`/admin/folder/${root.folder.id}/rename`, { name: 'Root' })).json().name).toBe('ERROR_DEFAULT_FOLDER');
    const sibling = (await post('/admin/file/createFolder', { name: 'Other', parent_id: aId })).json().data;
    expect((await post(`/admin/folder/${sibling.id}/rename`, { name: '2027' })).json().name).toBe('ERROR_FOLDER_EXISTS');

    expect((await post('/admin/file/deleteFolder', { id: aId })).json().name).toBe('ERROR_FOLDER_NOT_EMPTY');
    expect((await post('/admin/file/deleteFolder', { id: root.folder.id })).json().name).toBe('ERROR_DEFAULT_FOLDER');
    expect((await post('/admin/file/deleteFolder', { id: sibling.id })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/admin/file/getFolder?id=${sibling.id}`, token: admin })).json().name).toBe('NOT_FOUND_FOLDER');

    // moving a folder: not into itself or below it
    expect((await post('/admin/file/move', { folders: [aId], folder_id: b.id })).json().name).toBe('ERROR_WRONG_PATH');
    expect((await post('/admin/file/move', { folders: [root.folder.id], folder_id: aId })).json().name).toBe('ERROR_DEFAULT_FOLDER');
    expect((await post('/admin/file/move', { folders: [b.id], folder_id: root.folder.id })).json().data.count).toBe(1);
    expect((await getFolder(b.id)).breadcrumbs.map((x) => x.name)).toEqual([root.folder.name, '2027']);
  });

  it('uploads several files, moves, copies (bytes too), renames, searches, downloads and deletes them', async () => {
    const dest = (await post('/admin/file/createFolder', { name: 'Архив' })).json().data;
    const up = await upload({ 'files[]': { name: 'План курса.pdf', data: pdf('plan') }, file2: { name: 'notes.txt', data: Buffer.from('hello') } });
    expect(up.statusCode).toBe(201);
    const [plan, notes] = up.json().data;
    expect(plan).toMatchObject({ name: 'План курса.pdf', size: pdf('plan').length, mime: 'application/pdf' });
    const again = (await upload({ file: { name: 'notes.txt', data: Buffer.from('second') } })).json().data[0];
    expect(again.name).toBe('notes (2).txt');

    const moved = await post('/admin/file/move', { ids: [plan.id, notes.id], folder_id: dest.id });
    expect(moved.json().data).toEqual({ count: 2, folder_id: dest.id });
    const inDest = await getFolder(dest.id);
    expect(inDest.files.map((f) => f.name).sort()).toEqual(['notes.txt', 'План курса.pdf']);
    expect((await getFolder()).folders.find((f) => f.id === dest.id)?.files_count).toBe(2);

    const copied = await post('/admin/file/copy', { ids: [plan.id], folder_id: dest.id });
    const copy = copied.json().data.files[0];
    expect(copy.name).toBe('План курса (2).pdf');
    expect(await pathOf(copy.id)).not.toBe(await pathOf(plan.id));
    expect(readFileSync(await pathOf(copy.id))).toEqual(pdf('plan'));

    const renamed = await api.call({ method: 'PUT', url: `/admin/file/${copy.id}`, token: admin, payload: { name: 'Копия плана.pdf' } });
    expect(renamed.json().data.name).toBe('Копия плана.pdf');
    expect((await api.call({ method: 'PUT', url: `/admin/file/${copy.id}`, token: admin, payload: { name: 'notes.txt' } })).json().name).toBe('ERROR_FILE_EXISTS');

    const found = (await api.call({ method: 'GET', url: `/admin/file/search?q=${encodeURIComponent('план')}`, token: admin })).json().data;
    expect(found.files.map((f: { name: string; folder_name: string }) => [f.name, f.folder_name]).sort()).toEqual([
      ['Копия плана.pdf', 'Архив'],
      ['План курса.pdf', 'Архив'],
    ]);
    expect((await api.call({ method: 'GET', url: '/admin/file/search?q=%D0%B0%D1%80%D1%85', token: admin })).json().data.folders.map((f: { name: string }) => f.name)).toEqual(['Архив']);

    const dl = await api.call({ method: 'GET', url: `/admin/file/${plan.id}/download`, token: admin });
    expect(dl.rawPayload).toEqual(pdf('plan'));
    expect(dl.headers['content-disposition']).toContain(encodeURIComponent('План курса.pdf'));
    expect((await api.call({ method: 'GET', url: `/admin/file/${plan.id}`, token: admin })).json().data.breadcrumbs.map((b: { name: string }) => b.name)).toEqual(['Files', 'Архив']);

    const disk = await pathOf(copy.id);
    expect((await api.call({ method: 'DELETE', url: `/admin/file/${copy.id}`, token: admin })).statusCode).toBe(200);
    expect(existsSync(disk)).toBe(false);
    expect((await api.call({ method: 'GET', url: `/admin/file/${copy.id}/download`, token: admin })).json().name).toBe('ERROR_FILE_NOT_FOUND');
  });

  it('stores every file sent under one key `file` (<input type=file multiple name=file>), not only the last', async () => {
    const dest = (await post('/admin/file/createFolder', { name: 'Multiple' })).json().data;
    const sent = ['one.txt', 'two.txt', 'three.txt'].map((name) => ({ name, data: Buffer.from(`content of ${name}`) }));
    const up = await upload({ folder_id: String(dest.id), file: sent });
    expect(up.statusCode).toBe(201);
    expect(up.json().data.map((f: { name: string; size: number }) => [f.name, f.size])).toEqual(sent.map((f) => [f.name, f.data.length]));
    const listed = await getFolder(dest.id);
    expect(listed.files.map((f) => f.name).sort()).toEqual(['one.txt', 'three.txt', 'two.txt']);
    for (const f of up.json().data as { id: number; name: string }[]) {
      const dl = await api.call({ method: 'GET', url: `/admin/file/${f.id}/download`, token: admin });
      expect(dl.body).toBe(`content of ${f.name}`);
    }
  });

  it('refuses bad names and files; nothing leaves the school storage', async () => {
    const root = (await getFolder()).folder;
    for (const name of ['../evil', 'a/b', 'a\\b', '..', 'tab\there']) {
      const res = await post('/admin/file/createFolder', { name });
      expect({ name, code: res.json().name }).toEqual({ name, code: 'ERROR_WRONG_PATH' });
    }
    // a NUL is refused before any route reads it (issue 27, server/core/input-guard.ts)
    expect((await post('/admin/file/createFolder', { name: 'x\u0000y' })).json()).toMatchObject({ name: 'Validation Error', errors: { name: ['validation.nul'] } });
    const f = (await upload({ file: { name: 'ok.txt', data: Buffer.from('ok') } })).json().data[0];
    for (const name of ['../../../outside.txt', '/etc/passwd', '..']) {
      expect((await api.call({ method: 'PUT', url: `/admin/file/${f.id}`, token: admin, payload: { name } })).json().name).toBe('ERROR_WRONG_PATH');
    }
    // an upload whose name tries to climb keeps only its base name (or is refused): it lands in the school's storage
    const climb = await upload({ file: { name: '../../../climb.txt', data: Buffer.from('climb') } });
    if (climb.statusCode === 201) expect(climb.json().data[0].name).toBe('climb.txt');
    else expect(climb.json().name).toBe('ERROR_WRONG_PATH');
    expect(existsSync(join(api.config.dataDir, 'climb.txt'))).toBe(false);
    expect(existsSync(join(api.config.dataDir, 'files', 'climb.txt'))).toBe(false);
    const stored = readdirSync(join(tenantRoot(api.config.dataDir, 'demo'), 'file-manager'));
    expect(stored.every((n) => /^[0-9a-f-]{36}(\.[a-z0-9]+)?$/.test(n))).toBe(true);

    expect((await upload({ file: { name: 'virus.exe', data: Buffer.from('MZ') } })).json().name).toBe('ERROR_EXT_TYPE');
    expect((await upload({ file: { name: 'empty.txt', data: Buffer.alloc(0) } })).json().name).toBe('ERROR_FILE_EMPTY');
    expect((await upload({ note: 'no file' })).statusCode).toBe(422);
    expect((await upload({ folder_id: '999999', file: { name: 'x.txt', data: Buffer.from('x') } })).json().name).toBe('NOT_FOUND_FOLDER');
    const big = await upload({ file: { name: 'big.txt', data: Buffer.alloc(40 * 1024 * 1024 + 1, 'a') } });
    expect(big.statusCode).toBe(413);
    expect(big.json().name).toBe('ERROR_MAX_SIZE_40');
    expect((await post('/admin/file/move', { ids: [], folder_id: root.id })).json().name).toBe('NOT_CHECK_ID_FILE');
    expect((await post('/admin/file/move', { ids: [f.id] })).statusCode).toBe(422);
    expect((await post('/admin/file/copy', { ids: ['a'], folder_id: root.id })).statusCode).toBe(422);
    expect((await post('/admin/file/createFolder', { name: '' })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/admin/file/search', token: admin })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/admin/file/999999/download', token: admin })).json().name).toBe('ERROR_FILE_NOT_FOUND');
  });

  it('refuses other roles and keeps schools apart', async () => {
    const mine = (await upload({ file: { name: 'secret.txt', data: Buffer.from('demo secret') } })).json().data[0];
    const folder = (await post('/admin/file/createFolder', { name: 'Private' })).json().data;
    for (const login of ['trainer', 'student', 'moderator']) {
      const token = await api.login(login);
      expect((await api.call({ method: 'GET', url: '/admin/file/getFolder', token })).statusCode).toBe(403);
      expect((await api.call({ method: 'GET', url: `/admin/file/${mine.id}/download`, token })).statusCode).toBe(403);
      expect((await upload({ file: { name: 'x.txt', data: Buffer.from('x') } }, token)).statusCode).toBe(403);
      expect((await post('/admin/file/createFolder', { name: 'x' }, token)).statusCode).toBe(403);
    }
    expect((await api.call({ method: 'GET', url: '/admin/file/getFolder', token: await api.login('superadmin') })).json().data.folder.is_default).toBe(true);

    const north = await api.login('admin', 'north');
    const n = (opts: Parameters<TestApi['call']>[0]) => api.call({ ...opts, token: north, tenant: 'north' });
    const northRoot = (await n({ method: 'GET', url: '/admin/file/getFolder' })).json().data;
    expect(northRoot.folder.id).not.toBe((await getFolder()).folder.id);
    expect(northRoot.files).toEqual([]);
    expect((await n({ method: 'GET', url: `/admin/file/getFolder?id=${folder.id}` })).json().name).toBe('NOT_FOUND_FOLDER');
    expect((await n({ method: 'GET', url: `/admin/file/${mine.id}/download` })).json().name).toBe('ERROR_FILE_NOT_FOUND');
    expect((await n({ method: 'GET', url: `/admin/file/${mine.id}` })).statusCode).toBe(404);
    expect((await n({ method: 'GET', url: '/admin/file/search?q=secret' })).json().data.files).toEqual([]);
    expect((await n({ method: 'POST', url: '/admin/file/move', payload: { ids: [mine.id], folder_id: northRoot.folder.id } })).json().name).toBe('ERROR_FILE_NOT_FOUND');
    expect((await n({ method: 'POST', url: '/admin/file/copy', payload: { ids: [mine.id], folder_id: northRoot.folder.id } })).json().name).toBe('ERROR_FILE_NOT_FOUND');
    expect((await n({ method: 'POST', url: '/admin/file/move', payload: { ids: [mine.id], folder_id: folder.id } })).statusCode).toBe(404);
    expect((await n({ method: 'POST', url: `/admin/folder/${folder.id}/rename`, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await n({ method: 'POST', url: '/admin/file/deleteFolder', payload: { id: folder.id } })).statusCode).toBe(404);
    expect((await n({ method: 'POST', url: '/admin/file/createFolder', payload: { name: 'x', parent_id: folder.id } })).statusCode).toBe(404);
    expect((await n({ method: 'DELETE', url: `/admin/file/${mine.id}` })).statusCode).toBe(404);
    expect((await n({ method: 'PUT', url: `/admin/file/${mine.id}`, payload: { name: 'x.txt' } })).statusCode).toBe(404);
    expect(
      (await api.call({ method: 'POST', url: '/admin/file', token: north, tenant: 'north', ...multipart({ folder_id: String(folder.id), file: { name: 'x.txt', data: Buffer.from('x') } }) }))
        .statusCode,
    ).toBe(404);
    // still there for its own school
    expect((await api.call({ method: 'GET', url: `/admin/file/${mine.id}/download`, token: admin })).rawPayload.toString()).toBe('demo secret');
  });
});
