import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { diplomaBatches, diplomaDocuments, diplomas } from '../../db/schema/index.ts';
import type { Db } from './store.ts';

type Batch = typeof diplomaBatches.$inferSelect;

/**
 * Marks the school's running batches whose worker has not beaten for `staleSeconds` (config
 * `DIPLOMA_BATCH_STALE_SECONDS`, default 120: a document takes about a second) as interrupted: the process that ran
 * it stopped (a deploy, a crash, kill -9). Whoever reads batches does it, so this works with several API processes
 * too: a batch another live process runs keeps beating.
 */
export async function markInterrupted(db: Db, staleSeconds: number) {
  await db
    .update(diplomaBatches)
    .set({ status: 'interrupted' })
    .where(and(eq(diplomaBatches.status, 'running'), lt(diplomaBatches.beat_at, sql`now() - make_interval(secs => ${staleSeconds})`)));
}

/** The batch's diplomas that have a generated document of the batch's template (or any, when the template is gone). */
export async function issuedOf(db: Db, b: Batch) {
  if (!b.diploma_ids.length) return new Set<number>();
  const rows = await db
    .selectDistinct({ id: diplomaDocuments.diploma_id })
    .from(diplomaDocuments)
    .where(and(inArray(diplomaDocuments.diploma_id, b.diploma_ids), b.template_id ? eq(diplomaDocuments.template_id, b.template_id) : undefined));
  return new Set(rows.map((r) => r.id));
}

/** An interrupted batch's students who got no document yet (a failure listed is not pending: it is in `failures`). */
export async function pendingOf(db: Db, b: Batch) {
  if (b.status !== 'interrupted') return [];
  const issued = await issuedOf(db, b);
  const failed = new Set(b.failures.map((f) => f.user_id));
  const left = b.diploma_ids.filter((id) => !issued.has(id));
  if (!left.length) return [];
  const rows = await db.select({ id: diplomas.id, user_id: diplomas.user_id, name: diplomas.name_nominative }).from(diplomas).where(inArray(diplomas.id, left));
  return rows
    .filter((r) => !failed.has(r.user_id))
    .sort((a, c) => b.diploma_ids.indexOf(a.id) - b.diploma_ids.indexOf(c.id))
    .map((r) => ({ user_id: r.user_id, name: r.name }));
}
