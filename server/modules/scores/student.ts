import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { mediaUserScores, programs, submittedProjects } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { enrolledProgramIds, progressOf, programTree, seesAllPrograms } from '../programs/index.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { studentProgramScores } from './compute.ts';
import { dataOf } from '../../core/responses.ts';
import { Type } from 'typebox';
import { StudentGrades } from './responses.ts';

/**
 * The student's grades (`GET /api/score`): per program the score (approved, revoked or live), each quiz's best result
 * and each project's last version, done and passed by the one completion rule (docs/completion.md,
 * docs/scores-and-rating.md).
 */
export function studentScoreRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/score',
    {
      config: { roles: ACCESS.learning.read },
      schema: { tags: ['grades'], summary: 'My results per program: quizzes and projects, approved or revoked', response: { 200: dataOf(Type.Array(StudentGrades)) } },
    },
    async (req) => {
      const me = currentUser(req);
      const ids = seesAllPrograms(me) ? (await req.db.select({ id: programs.id }).from(programs)).map((r) => r.id) : await enrolledProgramIds(req.db, me.id);
      if (!ids.length) return { data: [] };
      const rows = await req.db.select({ id: programs.id, title: programs.title }).from(programs).where(inArray(programs.id, ids));
      const tree = await programTree(req.db, ids, me.id);
      const projectMedia = [...tree.values()].flat().flatMap((c) => c.media.filter((m) => m.kind === 'project'));
      const versions = projectMedia.length
        ? await req.db
            .select()
            .from(submittedProjects)
            .where(
              and(
                eq(submittedProjects.user_id, me.id),
                inArray(
                  submittedProjects.media_id,
                  projectMedia.map((m) => m.id),
                ),
              ),
            )
        : [];
      // an LTI tool's score comes back as the material's score in percent (docs/standards.md "LTI 1.3")
      const toolMedia = [...tree.values()].flat().flatMap((c) => c.media.filter((m) => m.kind === 'lti'));
      const toolScores = toolMedia.length
        ? await req.db
            .select({ media_id: mediaUserScores.media_id, score: mediaUserScores.score })
            .from(mediaUserScores)
            .where(
              and(
                eq(mediaUserScores.user_id, me.id),
                inArray(
                  mediaUserScores.media_id,
                  toolMedia.map((m) => m.id),
                ),
              ),
            )
        : [];
      // the program's score: approved (points kept), revoked, or not decided (live points) — docs/scores-and-rating.md
      const scores = await studentProgramScores(req.db, me.id, ids);
      return {
        data: rows.map((p) => {
          const chapters = tree.get(p.id) ?? [];
          return {
            program_id: p.id,
            title: p.title,
            score: scores.get(p.id) ?? null,
            // done / passed by the one completion rule (docs/completion.md)
            progress: progressOf(chapters),
            quizzes: chapters
              .flatMap((c) => c.quizzes)
              .map((q) => ({
                id: q.id,
                title: q.title,
                kind: q.kind,
                percent: q.result?.percent ?? null,
                score: q.result?.score ?? null,
                passed: q.result ? (q.kind === 'poll' ? null : q.result.passed) : null,
                status: q.status,
                done: q.done,
              })),
            projects: chapters
              .flatMap((c) => c.media.filter((m) => m.kind === 'project'))
              .map((m) => {
                const last = versions.filter((v) => v.media_id === m.id).sort((a, b) => b.version - a.version)[0];
                return {
                  media_id: m.id,
                  title: m.title,
                  version: last?.version ?? null,
                  status: last?.status ?? null,
                  score: last?.score ?? null,
                  approved: last ? last.check_admin : null,
                  done: m.done,
                };
              }),
            tools: chapters
              .flatMap((c) => c.media.filter((m) => m.kind === 'lti'))
              .map((m) => ({ media_id: m.id, title: m.title, percent: toolScores.find((s) => s.media_id === m.id)?.score ?? null, done: m.done })),
          };
        }),
      };
    },
  );
}
