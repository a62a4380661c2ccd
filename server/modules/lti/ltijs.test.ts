import type { AddressInfo } from 'node:net';
import { and, count, eq, sql } from 'drizzle-orm';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterMedia, ltiAssertions, ltiLaunches, ltiScores, mediaUserScores, tenants } from '../../db/schema/index.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { LTI_TOOL_DATABASE_URL, startLtiTool, toolDatabaseReachable, type LtiTool } from '../../test/lti-tool.ts';

/**
 * LTI 1.3 against a real tool (issue 33): an `ltijs` tool on its own port (server/test/lti-tool.ts) registers the demo
 * school as its platform with the addresses our back office shows; a student's launch goes through the real HTTP flow
 * (the portal's launch, the tool's login initiation, our OIDC endpoint, the form post with the id token) and the tool
 * validates the token and posts a score with ltijs' Grade service, which lands in the student's grades. Then the
 * refusals: a tampered id token, an unknown client, an expired launch, a replayed state, a tampered client assertion.
 */
const pgUp = await toolDatabaseReachable();

/** A browser's part: cookies per origin, redirects followed by hand, the auto-submitting form read and posted. */
class Browser {
  private jar = new Map<string, Map<string, string>>();
  async go(url: string, init: RequestInit = {}) {
    const origin = new URL(url).origin;
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i).trim(), pair.slice(i + 1).trim()];
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(origin, cookies);
    return res;
  }
  /** Follows 3xx answers (GET) until one that is not a redirect. */
  async follow(res: Response, from: string) {
    let url = from;
    for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
      url = new URL(res.headers.get('location') ?? '', url).toString();
      res = await this.go(url);
    }
    return res;
  }
}

const fromHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
function readForm(html: string) {
  const action = fromHtml(/<form[^>]*action="([^"]*)"/.exec(html)?.[1] ?? '');
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [fromHtml(m[1]), fromHtml(m[2])]));
  return { action, fields };
}
const formPost = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe.skipIf(!pgUp)(`LTI 1.3 with a real ltijs tool (needs PostgreSQL at ${LTI_TOOL_DATABASE_URL} for the tool's own database)`, () => {
  let api: TestApi;
  let tool: LtiTool;
  let base = '';
  let admin = '';
  let student = '';
  let studentId = 0;
  let programId = 0;
  let mediaId = 0;
  let toolId = 0;
  let demoId = 0;
  let platform: { issuer: string; jwks_url: string; auth_url: string; token_url: string };

  const http = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { domain: 'demo', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };

  /** The portal's launch, then the browser through the tool's login to our authentication endpoint: its answer. */
  async function toAuth(browser: Browser, visit = true) {
    const start = await http('POST', `/api/lti/launch/${mediaId}`, student);
    expect(start.status).toBe(200);
    const toLogin = await browser.go(start.json.data.url);
    expect(toLogin.status).toBe(302);
    const authUrl = new URL(toLogin.headers.get('location') ?? '', start.json.data.url).toString();
    expect(authUrl.startsWith(platform.auth_url)).toBe(true);
    return { authUrl, start: start.json.data, auth: visit ? await browser.go(authUrl) : undefined };
  }

  beforeAll(async () => {
    api = await startTestApi();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    tool = await startLtiTool();
    [admin, student] = await Promise.all([api.login('admin'), api.login('student')]);
    demoId = (await api.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo')))[0].id;
    const me = await http('GET', '/api/program', student);
    programId = me.json.data[0].id;
    const program = await http('GET', `/api/program/${programId}`, student);
    const chapterId = program.json.data.chapters[0].id;
    studentId = (await http('GET', '/api/user', student)).json.data?.id ?? 0;

    const made = await http('POST', '/admin/ltiTool', admin, {
      name: 'ltijs test tool',
      client_id: 'ltijs-tool',
      login_url: tool.loginUrl,
      launch_url: tool.launchUrl,
      jwks_url: tool.jwksUrl,
      deployment_id: 'deployment-1',
      send_name: true,
      send_email: false,
    });
    expect(made.status).toBe(201);
    toolId = made.json.data.id;
    platform = made.json.data.platform;
    await tool.registerPlatform({ issuer: platform.issuer, clientId: 'ltijs-tool', authUrl: platform.auth_url, tokenUrl: platform.token_url, jwksUrl: platform.jwks_url });
    const material = await http('POST', '/admin/media', admin, { title: 'Market simulation', kind: 'lti', lti_tool_id: toolId });
    expect(material.status).toBe(201);
    mediaId = material.json.data.id;
    await api.db.insert(chapterMedia).values({ tenant_id: demoId, chapter_id: chapterId, media_id: mediaId, sort: 99 });
  }, 60_000);

  afterAll(async () => {
    await tool?.close();
    await api?.close();
  });

  it('a launch the tool validates; its score comes back into the student’s grades', async () => {
    const browser = new Browser();
    const { start, auth: answer } = await toAuth(browser);
    const auth = answer as Response;
    expect(start.params).toMatchObject({ iss: platform.issuer, client_id: 'ltijs-tool', lti_deployment_id: 'deployment-1', target_link_uri: tool.launchUrl });
    expect(auth.status).toBe(200);
    const form = readForm(await auth.text());
    expect(form.action).toBe(tool.launchUrl);
    expect(Object.keys(form.fields).sort()).toEqual(['id_token', 'state']);

    const launched = await browser.follow(await browser.go(form.action, formPost(form.fields)), form.action);
    const seen = (await launched.json()) as Record<string, any>;
    expect(launched.status).toBe(200);
    expect(seen.scored).toBe(true);
    expect(seen.roles).toContain('http://purl.imsglobal.org/vocab/lis/v2/membership#Learner');
    expect(seen.context.id).toBe(String(programId));
    expect(seen.resource.id).toBe(String(mediaId));
    expect(seen.name).toBeTruthy(); // the tool is told the name (send_name), not the e-mail
    expect(seen.email).toBeNull();

    const mine = await http('GET', `/api/lti/material/${mediaId}`, student);
    expect(mine.json.data.grade).toMatchObject({ score_given: 87, score_maximum: 100, percent: 87, activity_progress: 'Completed', grading_progress: 'FullyGraded' });
    const userId = Number(seen.user);
    const detail = await http('GET', `/admin/score/${userId}-${programId}`, admin);
    expect(detail.status).toBe(200);
    expect(detail.json.data.materials.find((m: { id: number }) => m.id === mediaId)).toMatchObject({ score: 87 });
    const grades = await http('GET', '/api/score', student);
    const inProgram = grades.json.data.find((p: { program_id: number }) => p.program_id === programId);
    expect(inProgram.tools).toEqual([expect.objectContaining({ media_id: mediaId, percent: 87, done: true })]);
    // and in the reports: the launch is a view of the material, the score its score
    const report = await http('GET', `/admin/report/getMediaActivity?media_id=${mediaId}&period=all`, admin);
    expect(report.json.data).toEqual([expect.objectContaining({ user_id: userId, score: 87, views: 1 })]);
    void studentId;
  });

  it('refuses a tampered id token (the tool), a replayed state (us and the tool), and writes no score', async () => {
    tool.nextScore = 12;
    const browser = new Browser();
    const { authUrl, auth } = await toAuth(browser);
    const form = readForm(await (auth as Response).text());
    const [h, p, s] = form.fields.id_token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    claims['https://purl.imsglobal.org/spec/lti/claim/roles'] = ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'];
    const tampered = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
    const refused = await browser.go(form.action, formPost({ ...form.fields, id_token: tampered }));
    expect(refused.status).toBe(401);

    // the same authentication request again (its state, nonce and login hint): the launch was spent
    const again = await new Browser().go(authUrl);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { name: string }).name).toBe('ERROR_LTI_REPLAY');
    // and the genuine id token posted a second time with its state: the tool's state cookie and nonce are gone
    const replayed = await browser.go(form.action, formPost(form.fields));
    expect(replayed.status).toBe(401);
    const [score] = await api.db
      .select()
      .from(ltiScores)
      .where(eq(ltiScores.user_id, Number(claims.sub)));
    expect(score.score_given).toBe(87);
    tool.nextScore = 87;
  });

  it('refuses an unknown client, a wrong redirect_uri and an expired launch at the authentication endpoint', async () => {
    const browser = new Browser();
    const { authUrl } = await toAuth(browser, false);
    const asked = new URL(authUrl);
    const withParam = (k: string, v: string) => {
      const u = new URL(asked);
      u.searchParams.set(k, v);
      return u.toString();
    };
    const unknown = await fetch(withParam('client_id', 'no-such-tool'));
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { name: string }).name).toBe('ERROR_LTI_CLIENT');
    // a browser (the tool's window) is shown the refusal as a page in its language
    const page = await fetch(withParam('client_id', 'no-such-tool'), { headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect([page.status, page.headers.get('content-type')]).toEqual([401, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('No tool of this school has this client id.');
    const elsewhere = await fetch(withParam('redirect_uri', 'https://evil.example/launch'));
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { name: string }).name).toBe('ERROR_LTI_REDIRECT');
    // the launch still unspent: the refusals wrote nothing; now it expires before the tool comes back
    const launchId = Number(asked.searchParams.get('lti_message_hint'));
    const [row] = await api.db.select().from(ltiLaunches).where(eq(ltiLaunches.id, launchId));
    expect(row.used_at).toBeNull();
    await api.db.update(ltiLaunches).set({ expires_at: sql`now() - interval '1 minute'` }).where(eq(ltiLaunches.id, launchId));
    const late = await fetch(authUrl);
    expect(late.status).toBe(401);
    expect(((await late.json()) as { name: string }).name).toBe('ERROR_LTI_EXPIRED');
    const [after] = await api.db.select().from(ltiLaunches).where(eq(ltiLaunches.id, launchId));
    expect(after.used_at).toBeNull();
  });

  it('refuses a client assertion not signed by the tool, an unknown client and a replayed assertion at the token endpoint', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const assertion = (sub: string, jti = crypto.randomUUID()) =>
      new SignJWT({ jti }).setProtectedHeader({ alg: 'RS256', kid: 'forged' }).setIssuer(sub).setSubject(sub).setAudience(platform.token_url).setIssuedAt().setExpirationTime('1m').sign(privateKey);
    const ask = async (clientAssertion: string) => {
      const res = await fetch(platform.token_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: clientAssertion,
          scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        }).toString(),
      });
      return { status: res.status, name: ((await res.json()) as { name?: string }).name };
    };
    const taken = async () => Number((await api.db.select({ n: count() }).from(ltiAssertions).where(eq(ltiAssertions.tool_id, toolId)))[0].n);
    const before = await taken();
    expect(await ask(await assertion('ltijs-tool'))).toEqual({ status: 401, name: 'ERROR_LTI_ASSERTION' });
    expect(await ask(await assertion('no-such-tool'))).toEqual({ status: 401, name: 'ERROR_LTI_CLIENT' });
    expect(await ask('not.a.jwt')).toEqual({ status: 401, name: 'ERROR_LTI_ASSERTION' });
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none' })}.${b64({ iss: 'ltijs-tool', sub: 'ltijs-tool', aud: platform.token_url, jti: 'unsigned', iat: now, exp: now + 60 })}.`;
    expect(await ask(unsigned)).toEqual({ status: 401, name: 'ERROR_LTI_ASSERTION' });
    expect(await taken()).toBe(before);
    // AGS without a token of ours, or with a forged one: refused, no score written
    const lineitems = `${platform.issuer}/context/${programId}/lineitems`;
    const noToken = await fetch(lineitems);
    expect(noToken.status).toBe(401);
    const forged = await fetch(lineitems, { headers: { authorization: `Bearer ${await assertion('ltijs-tool')}` } });
    expect(forged.status).toBe(401);
    const scores = await api.db
      .select({ n: count() })
      .from(mediaUserScores)
      .where(and(eq(mediaUserScores.media_id, mediaId)));
    expect(Number(scores[0].n)).toBe(1);
  });
});
