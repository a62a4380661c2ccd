import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapterQuizzes, chapters, events, media, mediaUserScores, programScores, quizAttempts, quizzes, settings, submittedProjects } from '../../db/schema/index.ts';

// Every function here takes a school-bound handle (`req.db`, `app.schoolDb`): it sees and writes that school's rows only.

/** Per school, settings key `score_settings` (docs/scores-and-rating.md). Ratios are weights in percent, adding up to 100. */
export interface ScoreSettings {
  max_score: number;
  ratios: { quizzes: number; projects: number; activity: number };
}
export const SCORE_SETTINGS_KEY = 'score_settings';
export const DEFAULT_SCORE_SETTINGS: ScoreSettings = { max_score: 100, ratios: { quizzes: 50, projects: 40, activity: 10 } };

export async function readScoreSettings(db: Db): Promise<ScoreSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SCORE_SETTINGS_KEY));
  const v = row?.value as Partial<ScoreSettings> | undefined;
  return { max_score: v?.max_score ?? DEFAULT_SCORE_SETTINGS.max_score, ratios: { ...DEFAULT_SCORE_SETTINGS.ratios, ...(v?.ratios ?? {}) } };
}

export async function writeScoreSettings(db: Db, value: ScoreSettings) {
  await db
    .insert(settings)
    .values({ key: SCORE_SETTINGS_KEY, value })
    // the conflict target is the unique index (school, key); the row's school is the handle's
    .onConflictDoUpdate({ target: [settings.tenant_id, settings.key], set: { value, updated_at: new Date() } });
}

export interface ScoreDetail {
  user_id: number;
  program_id: number;
  quizzes: { id: number; title: string; kind: string; percent: number | null; score: number | null }[];
  projects: { media_id: number; title: string; version: number | null; status: string | null; score: number | null; approved: boolean | null }[];
  materials: { id: number; title: string; kind: string; viewed: boolean; score: number | null }[];
  /** Each part in percent (0–100), null when the program has nothing of that kind. */
  quiz_percent: number | null;
  project_percent: number | null;
  activity_percent: number | null;
  /** The live score: max_score × the weighted parts (parts the program lacks are left out and the weights rescaled). */
  points: number;
  max_score: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
export const pairKey = (userId: number, programId: number) => `${userId}-${programId}`;

/**
 * The score of each (student, program) pair, from what the student did in that program:
 * - quizzes: the best percent of the finished attempts at each quiz of the program (polls excluded; none = 0);
 * - projects: the score (0–100) of the latest reviewed version of each project of the program (none = 0);
 * - activity: the share of the program's other materials the student viewed.
 */
export async function computeScores(db: Db, pairs: { user_id: number; program_id: number }[], cfg: ScoreSettings): Promise<Map<string, ScoreDetail>> {
  const out = new Map<string, ScoreDetail>();
  if (!pairs.length) return out;
  const programIds = [...new Set(pairs.map((p) => p.program_id))];
  const userIds = [...new Set(pairs.map((p) => p.user_id))];
  const mediaRows = await db
    .select({ program_id: chapters.program_id, id: media.id, title: media.title, kind: media.kind })
    .from(chapterMedia)
    .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
    .innerJoin(media, eq(media.id, chapterMedia.media_id))
    .where(inArray(chapters.program_id, programIds))
    .orderBy(chapters.sort, chapterMedia.sort, media.id);
  const quizRows = await db
    .select({ program_id: chapters.program_id, id: quizzes.id, title: quizzes.title, kind: quizzes.kind })
    .from(chapterQuizzes)
    .innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id))
    .innerJoin(quizzes, eq(quizzes.id, chapterQuizzes.quiz_id))
    .where(inArray(chapters.program_id, programIds))
    .orderBy(chapters.sort, chapterQuizzes.sort);
  const quizIds = [...new Set(quizRows.map((q) => q.id))];
  const mediaIds = [...new Set(mediaRows.map((m) => m.id))];
  const projectIds = [...new Set(mediaRows.filter((m) => m.kind === 'project').map((m) => m.id))];
  const best = quizIds.length
    ? await db
        .select({ user_id: quizAttempts.user_id, quiz_id: quizAttempts.quiz_id, percent: sql<number | null>`max(${quizAttempts.percent})`, score: sql<number | null>`max(${quizAttempts.score})` })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.status, 'FINISHED'), inArray(quizAttempts.user_id, userIds), inArray(quizAttempts.quiz_id, quizIds)))
        .groupBy(quizAttempts.user_id, quizAttempts.quiz_id)
    : [];
  const versions = projectIds.length
    ? await db
        .select()
        .from(submittedProjects)
        .where(and(inArray(submittedProjects.user_id, userIds), inArray(submittedProjects.media_id, projectIds)))
    : [];
  const views = mediaIds.length
    ? await db
        .selectDistinct({ user_id: events.user_id, media_id: events.subject_id })
        .from(events)
        .where(and(eq(events.kind, 'media_view'), inArray(events.user_id, userIds), inArray(events.subject_id, mediaIds)))
    : [];
  const manual = mediaIds.length
    ? await db
        .select()
        .from(mediaUserScores)
        .where(and(inArray(mediaUserScores.user_id, userIds), inArray(mediaUserScores.media_id, mediaIds)))
    : [];
  const bestOf = new Map(best.map((b) => [`${b.user_id}:${b.quiz_id}`, b]));
  const viewed = new Set(views.map((v) => `${v.user_id}:${v.media_id}`));
  const manualOf = new Map(manual.map((m) => [`${m.user_id}:${m.media_id}`, m.score]));
  const weights = cfg.ratios;

  for (const { user_id, program_id } of pairs) {
    const qs = quizRows.filter((q) => q.program_id === program_id && q.kind !== 'poll');
    const ms = mediaRows.filter((m, i, all) => m.program_id === program_id && all.findIndex((x) => x.program_id === program_id && x.id === m.id) === i);
    const quizList = qs.map((q) => {
      const b = bestOf.get(`${user_id}:${q.id}`);
      return {
        id: q.id,
        title: q.title,
        kind: q.kind,
        percent: b?.percent === null || b?.percent === undefined ? null : Number(b.percent),
        score: b?.score === null || b?.score === undefined ? null : Number(b.score),
      };
    });
    const projectList = ms
      .filter((m) => m.kind === 'project')
      .map((m) => {
        const mine = versions.filter((v) => v.user_id === user_id && v.media_id === m.id).sort((a, b) => b.version - a.version);
        const last = mine[0];
        return {
          media_id: m.id,
          title: m.title,
          version: last?.version ?? null,
          status: last?.status ?? null,
          score: last?.score ?? null,
          approved: last ? last.check_admin : null,
          reviewed: mine.find((v) => v.status !== 'awaiting')?.score ?? null,
        };
      });
    const materials = ms
      .filter((m) => m.kind !== 'project')
      .map((m) => ({ id: m.id, title: m.title, kind: m.kind, viewed: viewed.has(`${user_id}:${m.id}`), score: manualOf.get(`${user_id}:${m.id}`) ?? null }));
    const quizPercent = avg(quizList.map((q) => q.percent ?? 0));
    const projectPercent = avg(projectList.map((p) => Number(p.reviewed ?? 0)));
    const activityPercent = materials.length ? (100 * materials.filter((m) => m.viewed).length) / materials.length : null;
    const parts = [
      [quizPercent, weights.quizzes],
      [projectPercent, weights.projects],
      [activityPercent, weights.activity],
    ].filter((p): p is [number, number] => p[0] !== null);
    const wsum = parts.reduce((a, [, w]) => a + w, 0);
    const points = wsum > 0 ? round2((cfg.max_score * parts.reduce((a, [c, w]) => a + c * w, 0)) / (100 * wsum)) : 0;
    out.set(pairKey(user_id, program_id), {
      user_id,
      program_id,
      quizzes: quizList,
      projects: projectList.map(({ reviewed: _r, ...p }) => p),
      materials,
      quiz_percent: quizPercent === null ? null : round2(quizPercent),
      project_percent: projectPercent === null ? null : round2(projectPercent),
      activity_percent: activityPercent === null ? null : round2(activityPercent),
      points,
      max_score: cfg.max_score,
    });
  }
  return out;
}

/** The admin's decisions for a student's programs: `{ program_id → { status, points, max_score, decided_at } }`. */
export async function decisionsOf(db: Db, userId: number, programIds: number[]) {
  if (!programIds.length) return new Map<number, typeof programScores.$inferSelect>();
  const rows = await db
    .select()
    .from(programScores)
    .where(and(eq(programScores.user_id, userId), inArray(programScores.program_id, programIds)));
  return new Map(rows.map((r) => [r.program_id, r]));
}

/**
 * What the student sees of a program's score (`/api/score`): the points kept when the admin approved it,
 * otherwise the live points; `status` approved, revoked or null (not decided).
 */
export async function studentProgramScores(db: Db, userId: number, programIds: number[]) {
  const cfg = await readScoreSettings(db);
  const live = await computeScores(
    db,
    programIds.map((program_id) => ({ user_id: userId, program_id })),
    cfg,
  );
  const decided = await decisionsOf(db, userId, programIds);
  return new Map(
    programIds.map((id) => {
      const d = decided.get(id);
      const l = live.get(pairKey(userId, id));
      return [
        id,
        d?.status === 'approved'
          ? { points: d.points, max_score: d.max_score, status: 'approved' as const, decided_at: d.decided_at }
          : { points: l?.points ?? 0, max_score: cfg.max_score, status: d?.status ?? null, decided_at: d?.decided_at ?? null },
      ];
    }),
  );
}
