import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { calendarEvents, chapterQuizzes, chapters, programs, quizAttempts, quizzes, submittedProjects, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { enrolledProgramIds, seesAllPrograms } from '../programs/access.ts';
import { programTree } from '../programs/progress.ts';
import { readSetting } from '../access/index.ts';
import { studentProgramScores } from '../scores/compute.ts';

/**
 * Grades, rating and calendar of the student.
 * Rating points = the best score of every finished quiz attempt + the score of every checked project version
 * that is the student's latest for its project (docs/grades.md).
 */
export default async function schoolModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/score', { config: { roles: ['student', 'admin', 'superadmin', 'trainer'] }, schema: { tags: ['grades'], summary: 'My results per program: quizzes and projects, approved or revoked' } }, async (req) => {
    const me = currentUser(req);
    const ids = seesAllPrograms(me) ? (await app.db.select({ id: programs.id }).from(programs).where(eq(programs.tenant_id, req.tenant.id))).map((r) => r.id) : await enrolledProgramIds(app.db, req.tenant.id, me.id);
    if (!ids.length) return { data: [] };
    const rows = await app.db.select({ id: programs.id, title: programs.title }).from(programs).where(inArray(programs.id, ids));
    const tree = await programTree(app.db, req.tenant.id, ids, me.id);
    const projectMedia = [...tree.values()].flat().flatMap((c) => c.media.filter((m) => m.kind === 'project'));
    const versions = projectMedia.length
      ? await app.db.select().from(submittedProjects).where(and(eq(submittedProjects.user_id, me.id), inArray(submittedProjects.media_id, projectMedia.map((m) => m.id))))
      : [];
    // the program's score: approved (points kept), revoked, or not decided (live points) — docs/scores-and-rating.md
    const scores = await studentProgramScores(app.db, req.tenant.id, me.id, ids);
    return {
      data: rows.map((p) => {
        const chapters = tree.get(p.id) ?? [];
        return {
          program_id: p.id,
          title: p.title,
          score: scores.get(p.id) ?? null,
          quizzes: chapters.flatMap((c) => c.quizzes).map((q) => ({ id: q.id, title: q.title, kind: q.kind, percent: q.result?.percent ?? null, score: q.result?.score ?? null, passed: q.result?.passed ?? null })),
          projects: chapters.flatMap((c) => c.media.filter((m) => m.kind === 'project')).map((m) => {
            const last = versions.filter((v) => v.media_id === m.id).sort((a, b) => b.version - a.version)[0];
            return { media_id: m.id, title: m.title, version: last?.version ?? null, status: last?.status ?? null, score: last?.score ?? null, approved: last ? last.check_admin : null };
          }),
        };
      }),
    };
  });

  // GET /api/user/getRating moved to server/modules/rating (one definition with /admin/rating).

  app.get('/api/calendar', {
    config: { roles: ['student', 'admin', 'superadmin', 'moderator'] },
    schema: { tags: ['calendar'], summary: 'Deadlines, consulting sessions and webinars of a month (from, to as YYYY-MM-DD)', querystring: Type.Object({ from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }) }) },
  }, async (req) => {
    const me = currentUser(req);
    const ids = seesAllPrograms(me) ? (await app.db.select({ id: programs.id }).from(programs).where(eq(programs.tenant_id, req.tenant.id))).map((r) => r.id) : await enrolledProgramIds(app.db, req.tenant.id, me.id);
    const from = new Date(`${req.query.from}T00:00:00Z`);
    const to = new Date(`${req.query.to}T23:59:59Z`);
    const evs = await app.db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.tenant_id, req.tenant.id), gte(calendarEvents.starts_at, from), lt(calendarEvents.starts_at, to), or(isNull(calendarEvents.program_id), ids.length ? inArray(calendarEvents.program_id, ids) : sql`false`)));
    const tree = await programTree(app.db, req.tenant.id, ids, me.id);
    const deadlines = [...tree.entries()].flatMap(([programId, chs]) =>
      chs.flatMap((c) => c.media.filter((m) => m.deadline && m.deadline >= req.query.from && m.deadline <= req.query.to).map((m) => ({ id: `deadline-${m.id}`, kind: 'deadline', title: m.title, program_id: programId, starts_at: `${m.deadline}T00:00:00.000Z`, ends_at: `${m.deadline}T23:59:59.000Z`, link: `/content/info/${m.id}` }))),
    );
    const windows = ids.length
      ? await app.db
          .select({ id: quizzes.id, title: quizzes.title, opens_at: quizzes.opens_at, closes_at: quizzes.closes_at, program_id: chapters.program_id })
          .from(quizzes)
          .innerJoin(chapterQuizzes, eq(chapterQuizzes.quiz_id, quizzes.id))
          .innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id))
          .where(and(eq(quizzes.tenant_id, req.tenant.id), inArray(chapters.program_id, ids), lt(quizzes.opens_at, to), gte(quizzes.closes_at, from)))
      : [];
    const quizWindows = windows.map((w) => ({ id: `quiz-${w.id}`, kind: 'quiz', title: w.title, program_id: w.program_id, starts_at: w.opens_at!.toISOString(), ends_at: w.closes_at!.toISOString(), link: `/quizzes/${w.id}` }));
    return {
      data: [...quizWindows, ...evs.map((e) => ({ ...e, id: `event-${e.id}`, starts_at: e.starts_at.toISOString(), ends_at: e.ends_at.toISOString() })), ...deadlines].sort((a, b) => String(a.starts_at).localeCompare(String(b.starts_at))),
      meta: { calendar_id: (await readSetting<string>(app.db, req.tenant.id, '19')) ?? '' },
    };
  });
}
