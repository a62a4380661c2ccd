import { eq } from 'drizzle-orm';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterMedia, ltiTools, media, tenants } from '../../db/schema/index.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';

/**
 * LTI 1.3 without the third-party tool (issue 33): the back office's tools (roles, another school, bad input, a tool in
 * use), the material's tool, the portal's launch, and AGS driven by hand with a PEM-registered tool whose key the
 * test holds (token endpoint, line items, a score landing in the grade, replays and missing scopes refused).
 * The launch through a real tool is `ltijs.test.ts`.
 */
describe('LTI tools, launch and AGS (API)', () => {
  let api: TestApi;
  let admin = '';
  let trainer = '';
  let student = '';
  let northAdmin = '';
  let demoId = 0;
  let programId = 0;
  let chapterId = 0;
  const keys = generateKeyPair('RS256', { extractable: true });
  let pem = '';

  const tool = (over: Record<string, unknown> = {}) => ({
    name: 'Simulator',
    client_id: `sim-${Math.random().toString(36).slice(2, 8)}`,
    login_url: 'https://tool.example/login',
    launch_url: 'https://tool.example/launch',
    public_key: pem,
    deployment_id: 'd1',
    ...over,
  });

  beforeAll(async () => {
    api = await startTestApi();
    [admin, trainer, student, northAdmin] = await Promise.all([api.login('admin'), api.login('trainer'), api.login('student'), api.login('admin', 'north')]);
    pem = await exportSPKI((await keys).publicKey);
    demoId = (await api.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo')))[0].id;
    programId = (await api.call({ method: 'GET', url: '/api/program', token: student })).json().data[0].id;
    chapterId = (await api.call({ method: 'GET', url: `/api/program/${programId}`, token: student })).json().data.chapters[0].id;
  });
  afterAll(() => api?.close());

  it('an admin registers, lists, changes and deletes a tool; others are refused; bad input changes nothing', async () => {
    const made = await api.call({ method: 'POST', url: '/admin/ltiTool', token: admin, payload: tool({ client_id: 'sim-crud', send_email: true }) });
    expect(made.statusCode).toBe(201);
    const t = made.json().data;
    expect(t).toMatchObject({ client_id: 'sim-crud', send_email: true, send_name: false, materials_count: 0 });
    expect(t.platform.jwks_url).toMatch(/\/api\/lti\/demo\/jwks$/);
    const jwks = await api.call({ method: 'GET', url: '/api/lti/demo/jwks', tenant: 'north' });
    expect(jwks.json().keys).toHaveLength(1); // the school in the path, whatever the header: made with the first tool
    expect(jwks.json().keys[0]).not.toHaveProperty('d');

    expect((await api.call({ method: 'GET', url: '/admin/ltiTool', token: trainer })).statusCode).toBe(200);
    expect((await api.call({ method: 'POST', url: '/admin/ltiTool', token: trainer, payload: tool() })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: '/admin/ltiTool', token: student })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: `/admin/ltiTool/${t.id}`, token: northAdmin, tenant: 'north' })).json().name).toBe('NOT_FOUND_LTI_TOOL');
    expect((await api.call({ method: 'PUT', url: `/admin/ltiTool/${t.id}`, token: northAdmin, tenant: 'north', payload: { name: 'x' } })).statusCode).toBe(404);

    const taken = await api.call({ method: 'POST', url: '/admin/ltiTool', token: admin, payload: tool({ client_id: 'sim-crud' }) });
    expect([taken.statusCode, taken.json().name]).toEqual([409, 'ERROR_LTI_CLIENT_TAKEN']);
    const noKey = await api.call({ method: 'POST', url: '/admin/ltiTool', token: admin, payload: tool({ public_key: '' }) });
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().errors).toHaveProperty('jwks_url');
    const badPem = await api.call({ method: 'POST', url: '/admin/ltiTool', token: admin, payload: tool({ public_key: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----' }) });
    expect(badPem.json().errors).toHaveProperty('public_key');
    const badUrl = await api.call({ method: 'POST', url: '/admin/ltiTool', token: admin, payload: tool({ login_url: 'javascript:alert(1)' }) });
    expect(badUrl.statusCode).toBe(422);
    expect((await api.db.select().from(ltiTools)).filter((r) => r.tenant_id === demoId)).toHaveLength(2); // the demo's placeholder tool (server/seed/standards.ts) and this one

    const changed = await api.call({ method: 'PUT', url: `/admin/ltiTool/${t.id}`, token: admin, payload: { name: 'Simulator 2', jwks_url: 'https://tool.example/keys', public_key: '' } });
    expect(changed.json().data).toMatchObject({ name: 'Simulator 2', jwks_url: 'https://tool.example/keys', public_key: null });

    const m = await api.call({ method: 'POST', url: '/admin/media', token: admin, payload: { title: 'Sim', kind: 'lti', lti_tool_id: t.id } });
    expect(m.statusCode).toBe(201);
    const inUse = await api.call({ method: 'DELETE', url: `/admin/ltiTool/${t.id}`, token: admin });
    expect([inUse.statusCode, inUse.json().name]).toEqual([409, 'ERROR_LTI_TOOL_IN_USE']);
    await api.call({ method: 'DELETE', url: `/admin/media/${m.json().data.id}`, token: admin });
    expect((await api.call({ method: 'DELETE', url: `/admin/ltiTool/${t.id}`, token: admin })).statusCode).toBe(200);
  });

  it('a material of kind lti needs a tool of its own school', async () => {
    const none = await api.call({ method: 'POST', url: '/admin/media', token: admin, payload: { title: 'Sim', kind: 'lti' } });
    expect(none.json().errors).toHaveProperty('lti_tool_id');
    const north = await api.call({ method: 'POST', url: '/admin/ltiTool', token: northAdmin, tenant: 'north', payload: tool() });
    const foreign = await api.call({ method: 'POST', url: '/admin/media', token: admin, payload: { title: 'Sim', kind: 'lti', lti_tool_id: north.json().data.id } });
    expect(foreign.json().errors).toHaveProperty('lti_tool_id');
  });

  it('a launch, then AGS by hand: token for a PEM tool, the line item, a score in the grade; replays and missing scopes refused', async () => {
    const t = (await api.call({ method: 'POST', url: '/admin/ltiTool', token: admin, payload: tool({ client_id: 'sim-ags' }) })).json().data;
    const m = (await api.call({ method: 'POST', url: '/admin/media', token: admin, payload: { title: 'Sim AGS', kind: 'lti', lti_tool_id: t.id, url: 'https://tool.example/launch/deep' } })).json()
      .data;
    expect(m.lti_tool_id).toBe(t.id);
    // not in a program yet: the student may not launch it
    expect((await api.call({ method: 'POST', url: `/api/lti/launch/${m.id}`, token: student })).statusCode).toBe(403);
    await api.db.insert(chapterMedia).values({ tenant_id: demoId, chapter_id: chapterId, media_id: m.id, sort: 98 });
    expect((await api.call({ method: 'POST', url: `/api/lti/launch/${m.id}`, token: northAdmin, tenant: 'north' })).statusCode).toBe(404);
    const started = await api.call({ method: 'POST', url: `/api/lti/launch/${m.id}`, token: student });
    expect(started.statusCode).toBe(200);
    const start = started.json().data;
    expect(start.params).toMatchObject({ client_id: 'sim-ags', lti_deployment_id: 'd1', target_link_uri: 'https://tool.example/launch/deep' });
    expect(new URL(start.url).origin).toBe('https://tool.example');
    expect((await api.call({ method: 'GET', url: `/api/lti/material/${m.id}`, token: student })).json().data).toMatchObject({ tool: 'Simulator', grade: null });

    // the tool's authentication request: the id token comes back in the form, with the AGS endpoint claim
    const auth = new URL(start.params.iss.replace(/^https?:\/\/[^/]+/, 'http://x') + '/auth');
    for (const [k, v] of Object.entries({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: 'sim-ags',
      redirect_uri: 'https://tool.example/launch/deep',
      login_hint: start.params.login_hint,
      lti_message_hint: start.params.lti_message_hint,
      state: 's1',
      nonce: 'n1',
    }))
      auth.searchParams.set(k, v);
    const form = await api.call({ method: 'GET', url: `${auth.pathname}${auth.search}` });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-security-policy']).toContain('form-action https://tool.example');
    const idToken = /name="id_token" value="([^"]+)"/.exec(form.body)![1];
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString());
    expect(claims).not.toHaveProperty('email'); // privacy: neither flag set
    expect(claims).not.toHaveProperty('name');
    const ags = claims['https://purl.imsglobal.org/spec/lti-ags/claim/endpoint'];
    const itemPath = new URL(ags.lineitem).pathname;

    const { privateKey } = await keys;
    const assertion = (jti: string, key = privateKey) =>
      new SignJWT({ jti }).setProtectedHeader({ alg: 'RS256' }).setIssuer('sim-ags').setSubject('sim-ags').setAudience(`${start.params.iss}/token`).setIssuedAt().setExpirationTime('1m').sign(key);
    const token = async (a: string, scope: string) =>
      api.call({
        method: 'POST',
        url: '/api/lti/demo/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: a, scope }).toString(),
      });
    const SCORE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
    const READ = 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly';
    // the audience is the token URL as the API sees itself (inject: http://localhost:80)
    const first = await assertion('a1');
    const granted = await token(first, `${SCORE} ${READ} https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly`);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().scope).toBe(`${READ} ${SCORE} https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly`);
    const replay = await token(first, SCORE);
    expect([replay.statusCode, replay.json().name]).toEqual([401, 'ERROR_LTI_REPLAY']);
    const bearer = { authorization: `Bearer ${granted.json().access_token}` };

    const items = await api.call({ method: 'GET', url: `${new URL(ags.lineitems).pathname}?resource_link_id=${m.id}`, headers: bearer });
    expect(items.json()).toEqual([expect.objectContaining({ label: 'Sim AGS', scoreMaximum: 100, resourceLinkId: String(m.id) })]);
    const score = (userId: string, headers = bearer) =>
      api.call({
        method: 'POST',
        url: `${itemPath}/scores`,
        headers: { ...headers, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
        payload: JSON.stringify({ userId, scoreGiven: 7, scoreMaximum: 10, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: new Date().toISOString() }),
      });
    const stranger = (await api.db.select({ id: media.id }).from(media).limit(1))[0].id; // any id: not a user the tool was launched for
    expect((await score(String(stranger + 100000))).json().name).toBe('USER_DOES_NOT_EXIST');
    const posted = await score(claims.sub);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data.percent).toBe(70);
    const results = await api.call({ method: 'GET', url: `${itemPath}/results`, headers: bearer });
    expect(results.json()).toEqual([expect.objectContaining({ userId: claims.sub, resultScore: 7, resultMaximum: 10, scoreOf: ags.lineitem })]);
    expect((await api.call({ method: 'GET', url: `/api/lti/material/${m.id}`, token: student })).json().data.grade).toMatchObject({ score_given: 7, score_maximum: 10, percent: 70 });

    // a token without the lineitem scope cannot create line items; none at all is refused
    const create = (headers: Record<string, string>) =>
      api.call({
        method: 'POST',
        url: new URL(ags.lineitems).pathname,
        headers: { ...headers, 'content-type': 'application/vnd.ims.lis.v2.lineitem+json' },
        payload: JSON.stringify({ label: 'Extra', scoreMaximum: 5 }),
      });
    expect((await create(bearer)).json().name).toBe('ERROR_LTI_SCOPE');
    expect((await create({})).json().name).toBe('ERROR_LTI_TOKEN');
    // another school's path: our token is not its token
    expect((await api.call({ method: 'GET', url: new URL(ags.lineitems).pathname.replace('/demo/', '/north/'), headers: bearer })).json().name).toBe('ERROR_LTI_TOKEN');
  });
  it('the id token maps the role (trainer Instructor, student Learner), names the school and the program; name and e-mail per tool', async () => {
    const t = (await api.call({ method: 'POST', url: '/admin/ltiTool', token: admin, payload: tool({ client_id: 'sim-claims', send_name: true, send_email: true }) })).json().data;
    const m = (await api.call({ method: 'POST', url: '/admin/media', token: admin, payload: { title: 'Sim claims', kind: 'lti', lti_tool_id: t.id } })).json().data;
    await api.db.insert(chapterMedia).values({ tenant_id: demoId, chapter_id: chapterId, media_id: m.id, sort: 97 });
    const claimsOf = async (token: string) => {
      const start = (await api.call({ method: 'POST', url: `/api/lti/launch/${m.id}`, token })).json().data;
      const auth = new URL(start.params.iss.replace(/^https?:\/\/[^/]+/, 'http://x') + '/auth');
      const q = { scope: 'openid', response_type: 'id_token', response_mode: 'form_post', prompt: 'none', client_id: 'sim-claims', redirect_uri: 'https://tool.example/launch' };
      for (const [k, v] of Object.entries({ ...q, login_hint: start.params.login_hint, lti_message_hint: start.params.lti_message_hint, state: 's', nonce: `n-${token.slice(-8)}` }))
        auth.searchParams.set(k, v);
      const form = await api.call({ method: 'GET', url: `${auth.pathname}${auth.search}` });
      expect(form.statusCode).toBe(200);
      return { iss: start.params.iss as string, claims: JSON.parse(Buffer.from(/name="id_token" value="([^"]+)"/.exec(form.body)![1].split('.')[1], 'base64url').toString()) };
    };
    const lti = 'https://purl.imsglobal.org/spec/lti/claim';
    const { iss, claims: teacher } = await claimsOf(trainer);
    expect(teacher[`${lti}/roles`]).toContain('http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor');
    expect(teacher[`${lti}/context`]).toMatchObject({ id: String(programId) });
    expect(teacher[`${lti}/tool_platform`]).toMatchObject({ guid: iss });
    expect(teacher).toMatchObject({ name: expect.any(String), email: expect.stringContaining('@') });
    const { claims: learner } = await claimsOf(student);
    expect(learner[`${lti}/roles`]).toEqual(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']);
    expect(learner.email).toBe('student@demo.test');
  });
});
