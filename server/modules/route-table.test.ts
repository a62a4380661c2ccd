import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness.ts';
import type { Role } from '../db/schema/index.ts';

/**
 * The route table of the specification, enforced by the server on every back-office call: each `/admin` route is
 * walked with no token, with a student's and with every staff role it does not admit. Nothing is sent but the
 * call itself, so a refusal here comes from the guard, before any body or id is looked at.
 */
describe('every /admin route enforces its roles', () => {
  let api: TestApi;
  const tokens = {} as Record<Role, string>;
  const ROLES: Role[] = ['superadmin', 'admin', 'moderator', 'trainer', 'student'];

  beforeAll(async () => {
    api = await startTestApi();
    for (const role of ROLES) tokens[role] = await api.login(role);
  });
  afterAll(() => api.close());

  it('has back-office routes to walk', () => {
    expect(api.app.adminRoutes.length).toBeGreaterThan(40);
  });

  it('refuses callers without a token (401), students and staff outside the route table (403 ERROR_ACCESS)', async () => {
    const failures: string[] = [];
    for (const route of api.app.adminRoutes) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1');
      const anonymous = await api.call({ method: route.method as 'GET', url });
      if (anonymous.statusCode !== 401) failures.push(`${route.method} ${route.url} without a token: ${anonymous.statusCode}`);
      for (const role of ROLES.filter((r) => !route.roles.includes(r))) {
        const res = await api.call({ method: route.method as 'GET', url, token: tokens[role] });
        if (res.statusCode !== 403 || res.json().name !== 'ERROR_ACCESS') failures.push(`${route.method} ${route.url} as ${role}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never admits students to the back office', () => {
    expect(api.app.adminRoutes.filter((r) => r.roles.includes('student'))).toEqual([]);
  });
});
