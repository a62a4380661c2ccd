import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestApi } from './harness.ts';

/**
 * "A refused request writes nothing" for the generated suites, cheap enough to ask after every call. The test's own
 * database (a copy for this file, PGlite or PostgreSQL) gets a row trigger on every table that takes a number from a
 * sequence for each row inserted, updated or deleted (a sequence is not rolled back, so a write undone later counts
 * too); a request wrote when the sequence moved. (The transaction id would not do: on a PostgreSQL server shared with
 * other databases it moves with their writes.) Files: every file under DATA_DIR but the temporary folder, by name,
 * size and time. The process's batched activity events are written before each reading, so that they are not taken
 * for the request's.
 */
export async function writeCheck(api: TestApi) {
  for (const statement of [
    'create sequence if not exists test_write_watch',
    `create or replace function test_write_watch() returns trigger language plpgsql security definer as $$
       begin perform nextval('public.test_write_watch'); return null; end $$`,
    `do $$ declare t record; begin
       for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition loop
         execute format('create trigger test_write_watch after insert or update or delete on public.%I for each row execute function test_write_watch()', t.relname);
       end loop;
     end $$`,
  ])
    await api.db.execute(sql.raw(statement));
  const writes = async () => {
    await api.app.flushEvents();
    const res = (await api.db.execute(sql`select last_value::text || ':' || is_called::text as v from test_write_watch`)) as unknown as { rows: { v: string }[] };
    return res.rows[0].v;
  };
  const tmp = join(api.config.dataDir, 'tmp');
  const files = (dir = api.config.dataDir): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      if (p === tmp) return [];
      const st = statSync(p);
      return st.isDirectory() ? files(p) : [`${relative(api.config.dataDir, p)}:${st.size}:${st.mtimeMs}`];
    });
  let state: { writes: string; files: string } | undefined;
  /** Whether `state` is where things stand (nothing ran since `after`). */
  let settled = false;

  return {
    /** Before a request: where the database and DATA_DIR stand. */
    async before() {
      if (settled && state) return;
      state = { writes: await writes(), files: files().join('\n') };
      settled = true;
    },
    /** Something else ran (a sign-in): `before` reads again. */
    moved() {
      settled = false;
    },
    /** After a request: what it changed (rows, files), empty when it wrote nothing. */
    async after(): Promise<string[]> {
      const was = state!;
      state = { writes: await writes(), files: files().join('\n') };
      settled = true;
      const changed: string[] = [];
      if (state.writes !== was.writes) changed.push('rows (inserted, updated or deleted)');
      if (state.files !== was.files) changed.push('files under DATA_DIR');
      return changed;
    },
  };
}
