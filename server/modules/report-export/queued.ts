import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Named cross-school path (docs/school-isolation.md): the export runner's one look across schools. It answers the
 * export jobs left queued (by a process of `EXPORT_JOBS=queue`, or by one that stopped before it ran them) of every
 * school that is not suspended, oldest first, at most `limit`: only each job's id and its school's id and slug. The
 * job itself is claimed and run through that school's bound handle (`runExportJob`, whose claim lets one process of
 * several run it).
 */
export async function queuedExports(app: FastifyInstance, limit = 5): Promise<{ id: number; tenant_id: number; slug: string }[]> {
  const res = await app.db.execute(sql`
    select j.id, j.tenant_id, t.slug from export_jobs j join tenants t on t.id = j.tenant_id
    where j.status = 'queued' and t.suspended_at is null
    order by j.id
    limit ${limit}`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { id: number; tenant_id: number; slug: string }[];
  return rows.map((r) => ({ id: Number(r.id), tenant_id: Number(r.tenant_id), slug: String(r.slug) }));
}
