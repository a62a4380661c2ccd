import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, media, mediaUserScores } from '../../db/schema/index.ts';

/**
 * The specification's time windows for the rating (01 §9, 02 §9): "social activity rating averages 3 months",
 * "webinar scores cover 3 months". (Quiz statistics' 30 days: server/modules/statistics/index.ts.)
 */
export const SOCIAL_MONTHS = 3;
export const WEBINAR_MONTHS = 3;
/** What counts as social activity: coming to the school's portal and reading its news. */
export const SOCIAL_KINDS = ['login', 'news_read'] as const;
/** Materials that are webinars: recordings (video) and live webinar links; their scores are set by staff (0–100). */
export const WEBINAR_KINDS = ['video', 'link'] as const;

/** The same day of the month `months` months back, at the same time (UTC). */
export const monthsBack = (now: Date, months: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds()));

/** Per student: social events (logins, news read) of the last 3 months divided by 3, to one decimal. */
export async function socialActivity(db: Db, now = new Date()): Promise<Map<number, number>> {
  const rows = await db
    .select({ user_id: events.user_id, n: count() })
    .from(events)
    .where(and(inArray(events.kind, [...SOCIAL_KINDS]), gte(events.created_at, monthsBack(now, SOCIAL_MONTHS))))
    .groupBy(events.user_id);
  return new Map(rows.map((r) => [r.user_id, Math.round((Number(r.n) / SOCIAL_MONTHS) * 10) / 10]));
}

/** Per student: the sum of the scores set on webinar materials in the last 3 months. */
export async function webinarScores(db: Db, now = new Date()): Promise<Map<number, number>> {
  const rows = await db
    .select({ user_id: mediaUserScores.user_id, points: sql<number>`coalesce(sum(${mediaUserScores.score}), 0)` })
    .from(mediaUserScores)
    .innerJoin(media, eq(media.id, mediaUserScores.media_id))
    .where(and(inArray(media.kind, [...WEBINAR_KINDS]), gte(mediaUserScores.updated_at, monthsBack(now, WEBINAR_MONTHS))))
    .groupBy(mediaUserScores.user_id);
  return new Map(rows.map((r) => [r.user_id, Number(r.points)]));
}
