import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { nextCredentialId } from './credentials.ts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { abranches, achievementAwards, achievements, amodules, aprograms, events, media, programScores, programs, quizAttempts, quizzes, submittedProjects } from '../../db/schema/index.ts';
import { completedProgramIds } from '../programs/index.ts';

export type Achievement = typeof achievements.$inferSelect;
export type Amodule = typeof amodules.$inferSelect;
export type Aprogram = typeof aprograms.$inferSelect;
export type Award = typeof achievementAwards.$inferSelect;

/** What is still missing for an achievement: the items not yet done, named for the student. */
export interface Missing {
  kind: 'program' | 'quiz' | 'project' | 'media' | 'module' | 'programs';
  id: number | null;
  title: string;
  /** quiz: the least percent; programs: how many more. */
  need?: number;
}

/** A student's facts that rules read: programs finished, quizzes passed (best percent), projects approved, materials seen. */
export interface Facts {
  programsDone: Set<number>;
  quizBest: Map<number, { passed: boolean; percent: number }>;
  projectsApproved: Set<number>;
  mediaSeen: Set<number>;
}

/** The school's lifelong-learning structure (one query per table). */
export async function structure(db: Db) {
  const branches = await db.select().from(abranches).orderBy(asc(abranches.sort), asc(abranches.id));
  const progs = await db.select().from(aprograms).orderBy(asc(aprograms.sort), asc(aprograms.id));
  const mods = await db.select().from(amodules).orderBy(asc(amodules.sort), asc(amodules.id));
  const achs = await db.select().from(achievements).orderBy(asc(achievements.sort), asc(achievements.id));
  return { branches, progs, mods, achs };
}
export type Structure = Awaited<ReturnType<typeof structure>>;

/**
 * The student's facts for the programs, quizzes and materials the structure names. "Program finished" is the
 * completion rule of server/modules/programs/progress.ts (`completedProgramIds`), and a program whose score the
 * school revoked is not finished.
 */
export async function factsOf(db: Db, userId: number, s: Structure): Promise<Facts> {
  const programIds = new Set<number>();
  const quizIds = new Set<number>();
  const mediaIds = new Set<number>();
  for (const m of s.mods) {
    if (m.program_id) programIds.add(m.program_id);
    if (m.quiz_id) quizIds.add(m.quiz_id);
    if (m.media_id) mediaIds.add(m.media_id);
  }
  for (const a of s.achs) {
    if (a.program_id) programIds.add(a.program_id);
    if (a.quiz_id) quizIds.add(a.quiz_id);
    if (a.media_id) mediaIds.add(a.media_id);
  }
  const programsDone = new Set<number>();
  if (programIds.size) {
    const completed = new Set(await completedProgramIds(db, userId, [...programIds]));
    const revoked = new Set(
      (
        await db
          .select({ id: programScores.program_id })
          .from(programScores)
          .where(and(eq(programScores.user_id, userId), eq(programScores.status, 'revoked'), inArray(programScores.program_id, [...programIds])))
      ).map((r) => r.id),
    );
    for (const id of completed) if (!revoked.has(id)) programsDone.add(id);
  }
  const quizBest = new Map<number, { passed: boolean; percent: number }>();
  if (quizIds.size) {
    const rows = await db
      .select({ quiz_id: quizAttempts.quiz_id, passed: quizAttempts.passed, percent: quizAttempts.percent })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.user_id, userId), eq(quizAttempts.status, 'FINISHED'), inArray(quizAttempts.quiz_id, [...quizIds])));
    for (const r of rows) {
      const prev = quizBest.get(r.quiz_id);
      quizBest.set(r.quiz_id, { passed: !!prev?.passed || !!r.passed, percent: Math.max(prev?.percent ?? 0, r.percent ?? 0) });
    }
  }
  const projectsApproved = new Set<number>();
  const mediaSeen = new Set<number>();
  if (mediaIds.size) {
    const versions = await db
      .select({ media_id: submittedProjects.media_id, status: submittedProjects.status })
      .from(submittedProjects)
      .where(and(eq(submittedProjects.user_id, userId), inArray(submittedProjects.media_id, [...mediaIds])))
      .orderBy(desc(submittedProjects.version));
    const latest = new Set<number>();
    for (const v of versions) {
      if (latest.has(v.media_id)) continue;
      latest.add(v.media_id);
      if (v.status === 'approved') projectsApproved.add(v.media_id);
    }
    const seen = await db
      .selectDistinct({ id: events.subject_id })
      .from(events)
      .where(and(eq(events.user_id, userId), eq(events.kind, 'media_view'), inArray(events.subject_id, [...mediaIds])));
    for (const r of seen) if (r.id) mediaSeen.add(r.id);
  }
  return { programsDone, quizBest, projectsApproved, mediaSeen };
}

/** Titles of the programs, quizzes and materials a structure names (for "what is missing"). */
export async function titlesOf(db: Db, s: Structure) {
  const ids = (k: 'program_id' | 'quiz_id' | 'media_id') => [...new Set([...s.mods, ...s.achs].map((x) => x[k]).filter((x): x is number => !!x))];
  const p = ids('program_id');
  const q = ids('quiz_id');
  const m = ids('media_id');
  return {
    programs: new Map(p.length ? (await db.select({ id: programs.id, title: programs.title }).from(programs).where(inArray(programs.id, p))).map((r) => [r.id, r.title]) : []),
    quizzes: new Map(q.length ? (await db.select({ id: quizzes.id, title: quizzes.title }).from(quizzes).where(inArray(quizzes.id, q))).map((r) => [r.id, r.title]) : []),
    media: new Map(m.length ? (await db.select({ id: media.id, title: media.title, kind: media.kind }).from(media).where(inArray(media.id, m))).map((r) => [r.id, r]) : []),
  };
}
export type Titles = Awaited<ReturnType<typeof titlesOf>>;

/** Whether a module is done: its program finished, its quiz passed, its project approved or its material seen. */
export function moduleDone(m: Amodule, f: Facts, t?: Titles) {
  if (m.kind === 'program') return !!m.program_id && f.programsDone.has(m.program_id);
  if (m.kind === 'quiz') return !!m.quiz_id && !!f.quizBest.get(m.quiz_id)?.passed;
  if (!m.media_id) return false;
  const isProject = t?.media.get(m.media_id)?.kind === 'project';
  return isProject ? f.projectsApproved.has(m.media_id) : f.mediaSeen.has(m.media_id) || f.projectsApproved.has(m.media_id);
}

/** A branch program is done when it has modules and every one is done. */
export function aprogramDone(p: Aprogram, s: Structure, f: Facts, t?: Titles) {
  const mods = s.mods.filter((m) => m.aprogram_id === p.id);
  return mods.length > 0 && mods.every((m) => moduleDone(m, f, t));
}

/** Whether an achievement's rule is met, why (a sentence kept with the award), and what is missing otherwise. */
export function judge(a: Achievement, s: Structure, f: Facts, t: Titles): { met: boolean; why: string; missing: Missing[] } {
  switch (a.rule) {
    case 'program_finished': {
      const title = (a.program_id && t.programs.get(a.program_id)) || '';
      const met = !!a.program_id && f.programsDone.has(a.program_id);
      return { met, why: `Program "${title}" finished`, missing: met ? [] : [{ kind: 'program', id: a.program_id, title }] };
    }
    case 'quiz_passed': {
      const title = (a.quiz_id && t.quizzes.get(a.quiz_id)) || '';
      const best = a.quiz_id ? f.quizBest.get(a.quiz_id) : undefined;
      const need = a.min_percent ?? 0;
      const met = !!best?.passed && best.percent >= need;
      return { met, why: `Quiz "${title}" passed with ${best?.percent ?? 0}%`, missing: met ? [] : [{ kind: 'quiz', id: a.quiz_id, title, need }] };
    }
    case 'project_approved': {
      const title = (a.media_id && t.media.get(a.media_id)?.title) || '';
      const met = !!a.media_id && f.projectsApproved.has(a.media_id);
      return { met, why: `Project "${title}" approved`, missing: met ? [] : [{ kind: 'project', id: a.media_id, title }] };
    }
    case 'modules_done': {
      const mods = s.mods.filter((m) => (a.module_ids ?? []).includes(m.id));
      const missing: Missing[] = mods.filter((m) => !moduleDone(m, f, t)).map((m) => ({ kind: 'module', id: m.id, title: m.title }));
      return { met: mods.length > 0 && missing.length === 0, why: `Modules done: ${mods.map((m) => m.title).join(', ')}`, missing };
    }
    case 'branch_programs': {
      const progs = s.progs.filter((p) => p.abranch_id === a.abranch_id);
      const need = Math.min(a.count ?? progs.length, progs.length);
      const done = progs.filter((p) => aprogramDone(p, s, f, t)).length;
      const met = progs.length > 0 && need > 0 && done >= need;
      return { met, why: `${done} programs of the branch finished`, missing: met ? [] : [{ kind: 'programs', id: a.abranch_id, title: '', need: need - done }] };
    }
    default:
      return { met: false, why: '', missing: [] };
  }
}

/**
 * Recomputes a student's automatic achievements from the facts: awards what is now met, withdraws what no longer is
 * (a revoked score, a project sent back). Manual grants are left alone, and an award withdrawn by hand is not given
 * back. Safe under concurrency: one row per achievement and student (a unique index), inserts that lose the race do
 * nothing. Answers the achievement ids awarded and withdrawn.
 */
export async function recomputeAchievements(db: Db, userId: number) {
  const changed = { awarded: [] as number[], withdrawn: [] as number[] };
  // the common case on a quiz's finish in a school without automatic achievements: one indexed look, nothing more
  const [any] = await db.select({ id: achievements.id }).from(achievements).where(ne(achievements.rule, 'manual')).limit(1);
  if (!any) return changed;
  const s = await structure(db);
  const auto = s.achs.filter((a) => a.rule !== 'manual');
  const [f, t] = [await factsOf(db, userId, s), await titlesOf(db, s)];
  const awards = new Map((await db.select().from(achievementAwards).where(eq(achievementAwards.user_id, userId))).map((w) => [w.achievement_id, w]));
  for (const a of auto) {
    const { met, why } = judge(a, s, f, t);
    const have = awards.get(a.id);
    if (met && !have) {
      const rows = await db.insert(achievementAwards).values({ achievement_id: a.id, user_id: userId, reason: why }).onConflictDoNothing().returning({ id: achievementAwards.id });
      if (rows.length) changed.awarded.push(a.id);
    } else if (met && have?.revoked_at && !have.revoked_manual) {
      const rows = await db
        .update(achievementAwards)
        // given back: a new credential, the withdrawn one stays revoked (credentials.ts nextCredentialId)
        .set({ credential_id: nextCredentialId(have.credential_id), revoked_at: null, revoked_reason: null, revoked_by: null, manual: false, reason: why, awarded_at: new Date(), awarded_by: null })
        .where(and(eq(achievementAwards.id, have.id), sql`${achievementAwards.revoked_at} is not null`))
        .returning({ id: achievementAwards.id });
      if (rows.length) changed.awarded.push(a.id);
    } else if (!met && have && !have.revoked_at && !have.manual) {
      const rows = await db
        .update(achievementAwards)
        .set({ revoked_at: new Date(), revoked_reason: `The rule is no longer met (${a.rule})` })
        .where(and(eq(achievementAwards.id, have.id), isNull(achievementAwards.revoked_at)))
        .returning({ id: achievementAwards.id });
      if (rows.length) changed.withdrawn.push(a.id);
    }
  }
  return changed;
}

/**
 * The one call other modules make where a fact changes (a quiz finished, a project reviewed, a score decided): the
 * student's achievements are recomputed; a failure is logged and never fails the caller's request.
 */
export async function achievementsAfter(req: FastifyRequest, userId: number) {
  await recomputeAchievements(req.db, userId).catch((err) => req.log.warn({ err }, 'achievements not recomputed'));
}

/**
 * The same after a finished quiz attempt, where an exam's last answers and finishes wait for nothing they do not
 * show (docs/quizzes.md "Cost"): the recomputation goes on after the answer is sent (`app.background`: the server's
 * close waits for it). No quiz answer reads the awards, and the student's own screens recompute them before showing
 * them (learner.ts `overview`), so a student never sees them behind.
 */
export function achievementsSoon(req: FastifyRequest, userId: number) {
  const { db, log } = req;
  void req.server.background(recomputeAchievements(db, userId).catch((err) => log.warn({ err }, 'achievements not recomputed')));
}
