import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** A claim older than this is taken as the claim of a process that died, and the schedule is claimed again. */
export const CLAIM_TIMEOUT_MINUTES = 10;

/**
 * Named cross-school path (docs/school-isolation.md): the scheduler's one look across schools. It claims the
 * schedules that are due (`next_run_at <= now`, not claimed by a live process) of every school, at most `limit`, with
 * one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`, so that of several API processes sharing one
 * PostgreSQL each due row is claimed by exactly one. A suspended school's schedules are not claimed (docs/operations.md
 * "Suspension"): they stay due, untouched, and the first tick after `resume` sends each of them once. It exposes only the schedule's id and school; the run itself
 * goes through that school's bound handle (`app.schoolDb`).
 */
export async function claimDueSchedules(app: FastifyInstance, now: Date, limit = 20): Promise<{ id: number; tenant_id: number }[]> {
  const res = await app.db.execute(sql`
    update report_schedules set claimed_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from report_schedules
      where next_run_at <= ${now.toISOString()}::timestamptz
        and (claimed_at is null or claimed_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${CLAIM_TIMEOUT_MINUTES}))
        and tenant_id not in (select id from tenants where suspended_at is not null)
      order by next_run_at
      limit ${limit}
      for update skip locked
    )
    returning id, tenant_id`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { id: number; tenant_id: number }[];
  return rows.map((r) => ({ id: Number(r.id), tenant_id: Number(r.tenant_id) }));
}
