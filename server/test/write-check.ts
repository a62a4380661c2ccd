import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index.ts';
import type { TestApi } from './harness.ts';

/**
 * "A refused request writes nothing" for the generated suites, cheap enough to ask after every call: a write (an
 * insert, update or delete, even one rolled back) takes a transaction id, so the database's next id
 * (`pg_snapshot_xmax(pg_current_snapshot())`) moves only when something wrote; when it moved over a refused request,
 * every table's row count is compared with the counts before it (counted again only after a request that wrote).
 * Files: every file under DATA_DIR but the temporary folder, by name, size and time, compared the same way. The
 * process's batched activity events are written before each reading, so that they are not taken for the request's.
 */
export function writeCheck(api: TestApi) {
  const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
  const countAll = sql.join(
    tables.map((t) => sql`(select count(*) from ${t})::text as ${sql.identifier(getTableName(t))}`),
    sql`, `,
  );
  const nextXid = async () => {
    await api.app.flushEvents();
    const res = (await api.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as { rows: { x: string }[] };
    return res.rows[0].x;
  };
  const counts = async () => ((await api.db.execute(sql`select ${countAll}`)) as unknown as { rows: Record<string, string>[] }).rows[0];
  const tmp = join(api.config.dataDir, 'tmp');
  const files = (dir = api.config.dataDir): string[] =>
    readdirSync(dir).flatMap((n) => {
      const p = join(dir, n);
      if (p === tmp) return [];
      const st = statSync(p);
      return st.isDirectory() ? files(p) : [`${relative(api.config.dataDir, p)}:${st.size}:${st.mtimeMs}`];
    });
  let state: { xid: string; counts?: Record<string, string>; files: string } | undefined;
  /** Whether `state` is where things stand (nothing ran since `after`). */
  let settled = false;

  return {
    /** Before a request: where the database and DATA_DIR stand. */
    async before() {
      if (settled) return;
      const xid = await nextXid();
      if (!state || state.xid !== xid) state = { xid, files: files().join('\n') };
      if (!state.counts) state.counts = await counts();
      settled = true;
    },
    /** Something else ran (a sign-in): `before` reads the database again. */
    moved() {
      settled = false;
    },
    /** After a request: what it changed (tables whose row count moved, files), empty when it wrote nothing. */
    async after(): Promise<string[]> {
      const was = state!;
      const xid = await nextXid();
      const now = files().join('\n');
      const changed: string[] = [];
      if (now !== was.files) changed.push('files under DATA_DIR');
      if (xid !== was.xid) {
        const c = await counts();
        const moved = Object.keys(c).filter((k) => c[k] !== was.counts?.[k]);
        changed.push(moved.length ? `rows of ${moved.join(', ')}` : 'a write (transaction id taken, row counts unchanged)');
        state = { xid, counts: c, files: now };
      } else state = { ...was, files: now };
      settled = true;
      return changed;
    },
  };
}
