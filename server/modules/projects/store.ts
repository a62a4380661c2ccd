import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectFiles, type submittedProjects, users } from '../../db/schema/index.ts';
import { ACCESS } from '../../../common/access/roles.ts';

/** What the student's routes (`learner.ts`) and the review (`admin.ts`) share: tags, limits, who reviews, a version as both see it. */
export const tags = ['projects'];
export const adminTags = ['admin: projects'];
export const MAX_SIZE = 40 * 1024 * 1024;
export const REVIEWERS = ACCESS.projects.read;
export type Project = typeof submittedProjects.$inferSelect;

export const fullName = (u?: { name: string | null; surname: string | null } | null) => (u ? `${u.surname ?? ''} ${u.name ?? ''}`.trim() : null);

/** A version as the student and the reviewer see it: status, score, trainer, trainer's message, files with links. */
export async function detail(db: Db, p: Project) {
  const files = await db
    .select({ id: projectFiles.id, file_name: projectFiles.file_name, size: projectFiles.size })
    .from(projectFiles)
    .where(eq(projectFiles.project_id, p.id))
    .orderBy(projectFiles.id);
  const [trainer] = p.trainer_id ? await db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, p.trainer_id)) : [];
  const base = `/api/media/${p.media_id}/submittedProject/${p.id}`;
  const { trainer_file, ...rest } = p;
  return {
    ...rest,
    trainer: fullName(trainer),
    trainer_file: trainer_file ? { file_name: p.trainer_file_name, download_url: `${base}/trainerFile` } : null,
    files: files.map((f) => ({ ...f, download_url: `${base}/file/${f.id}` })),
  };
}
