import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/forms.ts';
import { startTestApi, type TestApi } from '../test/harness.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('API answers are never sniffed (X-Content-Type-Options: nosniff)', () => {
  let api: TestApi;
  let student: string;

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
  });
  afterAll(() => api.close());

  it('on JSON answers, errors included', async () => {
    const health = await api.call({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toMatch(/^application\/json/);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const me = await api.call({ method: 'GET', url: '/api/user', token: student });
    expect(me.statusCode).toBe(200);
    expect(me.headers['x-content-type-options']).toBe('nosniff');
    const anonymous = await api.call({ method: 'GET', url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['x-content-type-options']).toBe('nosniff');
    const nowhere = await api.call({ method: 'GET', url: '/api/no/such/route' });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.headers['x-content-type-options']).toBe('nosniff');
  });

  it('on file downloads and avatars', async () => {
    const [doc] = (await api.call({ method: 'GET', url: '/api/documents', token: student })).json().data;
    const pdf = await api.call({ method: 'GET', url: doc.download_url, token: student });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');

    const set = await api.call({ method: 'POST', url: '/api/user/setAvatar', token: student, ...multipart({ avatar: { name: 'face.png', data: PNG, type: 'image/png' } }) });
    expect(set.statusCode).toBe(200);
    const avatar = await api.call({ method: 'GET', url: set.json().data.avatar });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.rawPayload.equals(PNG)).toBe(true);
    expect(avatar.headers['x-content-type-options']).toBe('nosniff');
  });
});
