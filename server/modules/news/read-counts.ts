import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsReads } from '../../db/schema/index.ts';

/** News with how many people read each: one grouped query for a whole page, not one per row. */
export async function withReadCounts<T extends { id: number }>(db: Db, rows: T[]): Promise<(T & { read_count: number })[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length ? await db.select({ id: newsReads.news_id, n: count() }).from(newsReads).where(inArray(newsReads.news_id, ids)).groupBy(newsReads.news_id) : [];
  const byId = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((r) => ({ ...r, read_count: byId.get(r.id) ?? 0 }));
}
