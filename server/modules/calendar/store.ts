import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarEvents, chapterQuizzes, chapters, programs, quizzes, settings } from '../../db/schema/index.ts';
import { AppError } from '../../core/errors.ts';
import { enrolledProgramIds, programTree, seesAllPrograms } from '../programs/index.ts';

/**
 * The calendar's store, read by the student's month view and feed (`learner.ts`) and the back office's events
 * (`admin.ts`): the items of a period, the school's calendar id, and an event as both halves read it.
 */

export interface CalendarItem {
  id: string;
  kind: 'deadline' | 'quiz' | 'consulting' | 'webinar';
  title: string;
  program_id: number | null;
  /** A deadline: the day at 00:00 UTC (its date is the day); others: the instant. */
  starts_at: string;
  ends_at: string;
  /** A deadline's day (YYYY-MM-DD); null for timed items. */
  date: string | null;
  link: string | null;
}

/**
 * What a user's calendar holds between two days (YYYY-MM-DD, both included, UTC): project deadlines of their
 * programs (on their day), the windows of their programs' quizzes that overlap the period, and the school's consulting
 * sessions and webinars (of their programs, or of no program). Staff see every program of the school.
 */
export async function calendarItems(db: Db, me: { id: number; role: string }, from: string, to: string): Promise<CalendarItem[]> {
  const ids = seesAllPrograms(me as never) ? (await db.select({ id: programs.id }).from(programs)).map((r) => r.id) : await enrolledProgramIds(db, me.id);
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const evs = await db
    .select()
    .from(calendarEvents)
    .where(and(gte(calendarEvents.starts_at, start), lt(calendarEvents.starts_at, end), or(isNull(calendarEvents.program_id), ids.length ? inArray(calendarEvents.program_id, ids) : sql`false`)));
  const tree = await programTree(db, ids, me.id);
  const seen = new Set<number>();
  const deadlines: CalendarItem[] = [...tree.entries()].flatMap(([programId, chs]) =>
    chs.flatMap((c) =>
      c.media
        .filter((m) => m.deadline && m.deadline >= from && m.deadline <= to && !seen.has(m.id) && seen.add(m.id))
        .map((m) => ({
          id: `deadline-${m.id}`,
          kind: 'deadline' as const,
          title: m.title,
          program_id: programId,
          date: m.deadline,
          starts_at: `${m.deadline}T00:00:00.000Z`,
          ends_at: `${m.deadline}T23:59:59.000Z`,
          link: `/content/info/${m.id}`,
        })),
    ),
  );
  const windows = ids.length
    ? await db
        .selectDistinctOn([quizzes.id], { id: quizzes.id, title: quizzes.title, opens_at: quizzes.opens_at, closes_at: quizzes.closes_at, program_id: chapters.program_id })
        .from(quizzes)
        .innerJoin(chapterQuizzes, eq(chapterQuizzes.quiz_id, quizzes.id))
        .innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id))
        .where(and(inArray(chapters.program_id, ids), lt(quizzes.opens_at, end), gte(quizzes.closes_at, start)))
    : [];
  const quizWindows: CalendarItem[] = windows.map((w) => ({
    id: `quiz-${w.id}`,
    kind: 'quiz',
    title: w.title,
    program_id: w.program_id,
    date: null,
    starts_at: w.opens_at!.toISOString(),
    ends_at: w.closes_at!.toISOString(),
    link: `/quizzes/${w.id}`,
  }));
  const events: CalendarItem[] = evs.map((e) => ({
    id: `event-${e.id}`,
    kind: e.kind,
    title: e.title,
    program_id: e.program_id,
    date: null,
    starts_at: e.starts_at.toISOString(),
    ends_at: e.ends_at.toISOString(),
    link: null,
  }));
  return [...quizWindows, ...events, ...deadlines].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id));
}

/** The school's calendar id (client setting 19), '' when unset. */
export async function schoolCalendarId(db: Db) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, '19'));
  return typeof row?.value === 'string' ? row.value : '';
}

/** An event row of the school (consulting session or webinar). */
export type CalendarEvent = typeof calendarEvents.$inferSelect;

/** An event as the back office sends it: timestamps as ISO strings, the program's title (null: the whole school). */
export const eventOut = (e: CalendarEvent & { program_title?: string | null }) => ({
  ...e,
  starts_at: e.starts_at.toISOString(),
  ends_at: e.ends_at.toISOString(),
  program_title: e.program_title ?? null,
});

/** One event, or 404 NOT_FOUND_EVENT. */
export async function loadEvent(db: Db, id: number) {
  const [e] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  if (!e) throw new AppError(404, 'NOT_FOUND_EVENT', 'event not found');
  return e;
}

/** Events with their program's title, for the back office's list and one event. */
export const eventsWithProgram = (db: Db) => db.select({ event: calendarEvents, program_title: programs.title }).from(calendarEvents).leftJoin(programs, eq(programs.id, calendarEvents.program_id));
