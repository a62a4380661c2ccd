import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { multipart, openUpload } from '../test/forms.ts';
import { users } from '../db/schema/index.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Token, school and role are checked before a byte of a body is read, on the POST twins of PUT/PATCH/DELETE routes
 * (method override) as on every other route: a refused upload leaves nothing in DATA_DIR/tmp, nor in DATA_DIR/files
 * (counted before and after each).
 */
describe('uploads: the guard runs before the body', () => {
  let api: TestApi;
  let tmp: string;
  let student: string;
  let northAdmin: string;
  const tmpFiles = () => readdirSync(tmp);
  /** Every stored file under DATA_DIR/files. */
  function stored(dir = join(api.config.dataDir, 'files')): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? stored(join(dir, e.name)) : [relative(api.config.dataDir, join(dir, e.name))]));
  }

  beforeAll(async () => {
    api = await startTestApi();
    tmp = join(api.config.dataDir, 'tmp');
    student = await api.login('student');
    northAdmin = await api.login('admin', 'north');
  });
  afterAll(() => api.close());

  /** Sends an upload whose body stays open; answers the response, or 'no answer' when the server waits for the body. */
  async function refusedBeforeBody(url: string, fields: Record<string, string>, token?: string) {
    const before = stored();
    const upload = openUpload(fields);
    const answer = api.call({ method: 'POST', url, token, payload: upload.payload, headers: upload.headers });
    const res = await Promise.race([answer, sleep(3000).then(() => 'no answer' as const)]);
    const leftInTmp = tmpFiles();
    upload.finish();
    await answer;
    expect(stored(), `${url}: DATA_DIR/files`).toEqual(before);
    return { res, leftInTmp };
  }

  it("refuses an anonymous, a student and another school's upload to an admin PUT twin before a byte of the body is read", async () => {
    for (const [who, token, status, name] of [
      ['anonymous', undefined, 401, 'NOT_AUTHORIZED'],
      ['student', student, 403, 'ERROR_ACCESS'],
      ['north admin with Domain: demo', northAdmin, 401, 'NOT_AUTHORIZED'],
    ] as const) {
      const { res, leftInTmp } = await refusedBeforeBody('/admin/media/1', { _method: 'PUT', title: 'x' }, token);
      expect(res, who).not.toBe('no answer');
      if (res === 'no answer') continue;
      expect([res.statusCode, res.json().name], who).toEqual([status, name]);
      expect(leftInTmp, who).toEqual([]);
    }
    // the plain upload route too
    const { res, leftInTmp } = await refusedBeforeBody('/admin/media', { title: 'x' });
    expect(res === 'no answer' ? res : res.statusCode).toBe(401);
    expect(leftInTmp).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('lets a twin through when one of its targets admits the caller: a curator edits a user with form data, but may not delete one', async () => {
    // PUT /admin/user/:id admits curators, DELETE does not: the check before the body must not refuse the edit
    const moderator = await api.login('moderator');
    const [target] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.login, 'student')));
    const edit = await api.call({ method: 'POST', url: `/admin/user/${target.id}`, token: moderator, ...multipart({ _method: 'PUT', name: 'Renamed' }) });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.name).toBe('Renamed');
    const del = await api.call({ method: 'POST', url: `/admin/user/${target.id}`, token: moderator, ...multipart({ _method: 'DELETE' }) });
    expect([del.statusCode, del.json().name]).toEqual([403, 'ERROR_ACCESS']);
    // and a student is refused before the body on that path
    const { res, leftInTmp } = await refusedBeforeBody(`/admin/user/${target.id}`, { _method: 'PUT' }, student);
    expect(res === 'no answer' ? res : res.statusCode).toBe(403);
    expect(leftInTmp).toEqual([]);
  });
});
