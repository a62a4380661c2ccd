import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { tenants, tokens, users } from './schema/index.ts';
import { watchWrites } from './write-watch.ts';

/**
 * Every handle tells of the updates and deletes it builds (server/db/write-watch.ts): the sign-in cache of the process
 * empties itself by it before a change of a user or a token runs (docs/security.md "The sign-in cache").
 */
let h: TestApi;
let demo: number;
beforeAll(async () => {
  h = await startTestApi();
  demo = (await h.db.select().from(tenants).where(eq(tenants.slug, 'demo')))[0].id;
});
afterAll(() => h?.close());

async function told(fn: () => Promise<unknown>) {
  const heard: [string, string[] | undefined][] = [];
  const stop = watchWrites((table, columns) => heard.push([table, columns]));
  try {
    await fn();
  } finally {
    stop();
  }
  return heard;
}

describe('watchWrites', () => {
  it('hears updates with their columns and deletes, on the unbound handle, a school-bound one and in a transaction', async () => {
    const [student] = await h.db.select().from(users).where(eq(users.login, 'student'));
    const school = h.app.schoolDb(demo);
    expect(await told(() => h.db.update(users).set({ name: student.name }).where(eq(users.id, student.id)))).toEqual([['users', ['name']]]);
    expect(await told(() => school.update(users).set({ is_blocked: false, updated_at: new Date() }).where(eq(users.id, student.id)))).toEqual([['users', ['is_blocked', 'updated_at']]]);
    expect(await told(() => school.transaction((tx) => tx.delete(tokens).where(eq(tokens.user_id, -1))))).toEqual([['tokens', undefined]]);
  });

  it('hears nothing of reads and inserts, nor once stopped', async () => {
    expect(await told(() => h.db.select().from(users).limit(1))).toEqual([]);
    const stopped: string[] = [];
    watchWrites((table) => stopped.push(table))();
    await h.db.update(users).set({ name: 'Студент' }).where(eq(users.id, -1));
    expect(stopped).toEqual([]);
  });
});
