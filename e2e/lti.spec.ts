import { expect, test } from '@playwright/test';
import { LTI_TOOL_DATABASE_URL, startLtiTool, toolDatabaseReachable, type LtiTool } from '../server/test/lti-tool.ts';
import { API, apiCall, apiToken, passIntroductions, signIn, web } from './support.ts';

/**
 * LTI 1.3 (issue 33): a real tool (ltijs, server/test/lti-tool.ts, on E2E_LTI_TOOL_PORT, default 18130) registered by
 * the admin; the student opens it from the program's material in Chromium (a new window: the OIDC login, our signed
 * id token posted to the tool), the tool posts a score back, and the material's page and the grades show it.
 */
const apiPort = new URL(API).port;
let tool: LtiTool | undefined;

test.beforeAll(async () => {
  if (await toolDatabaseReachable()) tool = await startLtiTool({ port: Number(process.env.E2E_LTI_TOOL_PORT ?? 18130) });
});
test.afterAll(async () => {
  await tool?.close();
});

test('a student opens an LTI tool from the program; the tool validates the launch and its grade comes back', async ({ browser }) => {
  test.skip(!tool, `the tool keeps its data in PostgreSQL, not reachable at ${LTI_TOOL_DATABASE_URL}`);
  const t = tool!;
  const admin = await apiToken('admin');
  const clientId = `e2e-tool-${Date.now()}`;
  const made = await apiCall('/admin/ltiTool', admin, {
    method: 'POST',
    body: { name: 'Бизнес-симулятор', client_id: clientId, login_url: t.loginUrl, launch_url: t.launchUrl, jwks_url: t.jwksUrl, deployment_id: 'e2e', send_name: true },
  });
  expect(made.status).toBe(201);
  const toolRow = made.body.data as { id: number; platform: { issuer: string; auth_url: string; token_url: string; jwks_url: string } };
  await t.registerPlatform({ issuer: toolRow.platform.issuer, clientId, authUrl: toolRow.platform.auth_url, tokenUrl: toolRow.platform.token_url, jwksUrl: toolRow.platform.jwks_url });
  const title = `Симуляция рынка ${Date.now()}`;
  const material = await apiCall('/admin/media', admin, { method: 'POST', body: { title, kind: 'lti', lti_tool_id: toolRow.id } });
  expect(material.status).toBe(201);
  const mediaId = (material.body.data as { id: number }).id;
  const student = await apiToken('student');
  const programId = ((await apiCall('/api/program', student)).body as { data: { id: number }[] }).data[0].id;
  const tree = (await apiCall(`/api/program/${programId}`, student)).body as { data: { chapters: { id: number }[] } };
  expect((await apiCall(`/admin/programChapter/${tree.data.chapters[0].id}/attachMedia`, admin, { method: 'POST', body: { media_id: mediaId } })).status).toBe(200);

  const context = await browser.newContext();
  // The portal reaches the API at demo.localhost:<port>, a name the tool's server cannot resolve: the journey sends the
  // browser's API calls to 127.0.0.1, so that the platform has one address for the browser and the tool alike (in
  // production API_URL gives it).
  await context.route(new RegExp(`^http://demo\\.localhost:${apiPort}/`), (route) => route.continue({ url: route.request().url().replace(`demo.localhost:${apiPort}`, `127.0.0.1:${apiPort}`) }));
  const learner = await context.newPage();
  await signIn(learner, 'student');
  await passIntroductions(learner);
  await learner.goto(`${web()}/courses/${programId}`);
  await learner.getByRole('link', { name: title }).click();
  await expect(learner.getByTestId('lti-grade')).toHaveText('Оценки от инструмента пока нет.');
  const [toolPage] = await Promise.all([context.waitForEvent('page'), learner.getByRole('button', { name: 'Открыть' }).click()]);
  // the tool's page: it validated our id token and posted its score with ltijs' Grade service
  await expect(toolPage.locator('body')).toContainText('"scored":true', { timeout: 20_000 });
  await expect(toolPage.locator('body')).toContainText('membership#Learner');
  await toolPage.close();
  await learner.reload();
  await expect(learner.getByTestId('lti-grade')).toContainText('87 из 100');
  await learner.goto(`${web()}/score`);
  await expect(learner.getByTestId('tool-grade').filter({ hasText: title })).toContainText('87%');
  await context.close();
});
