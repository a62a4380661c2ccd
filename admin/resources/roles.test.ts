import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../server/test/harness.ts';
import type { Action } from '../framework/types.ts';
import { resources } from './index.ts';

/**
 * One route table: each back-office resource admits exactly the roles that the server admits on the routes behind
 * its screens (list: GET <apiPath>, create: POST <apiPath>, edit: PUT <apiPath>/:id, delete: DELETE <apiPath>/:id).
 * A resource whose menu shows a screen the server refuses, or hides one it allows, fails here, unless the difference is
 * declared with its reason in the resource's `routeAlso`.
 */
describe('back-office resources and the server route table', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());

  it('admit the same roles for every screen backed by a route', () => {
    const byKey = new Map(api.app.adminRoutes.map((r) => [`${r.method} ${r.url.replace(/:[A-Za-z_]+/g, ':id')}`, [...r.roles].sort()]));
    const routes: Record<Exclude<Action, 'show'>, (p: string) => string> = {
      list: (p) => `GET ${p}`,
      create: (p) => `POST ${p}`,
      edit: (p) => `PUT ${p}/:id`,
      delete: (p) => `DELETE ${p}/:id`,
    };
    const mismatches: string[] = [];
    let compared = 0;
    for (const cfg of resources) {
      for (const [action, key] of Object.entries(routes) as [keyof typeof routes, (p: string) => string][]) {
        const declared = action === 'edit' ? (cfg.roles.edit ?? cfg.roles.list) : cfg.roles[action];
        if (!declared?.length) continue;
        const server = byKey.get(key(cfg.apiPath));
        if (!server) continue;
        compared++;
        const mine = [...new Set([...declared, ...(cfg.routeAlso?.[action]?.roles ?? [])])].sort();
        if (mine.join() !== server.join()) mismatches.push(`${cfg.name}.${action} (${key(cfg.apiPath)}): resource ${mine.join('|')} ≠ server ${server.join('|')}`);
      }
    }
    expect(compared).toBeGreaterThan(30);
    expect(mismatches).toEqual([]);
  });
});
