import { rm } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { type abranches, achievementRules, type achievements, amoduleKinds, type amodules, type aprograms, type media, type programs, type quizzes } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { Id, IdList, Int, nullable } from '../../core/schemas.ts';
import { keepUpload } from '../../core/storage.ts';
import { imageType } from '../../core/file-types.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { storedPath } from './images.ts';

/** What the back office's lifelong files share: the guard, the fields of each form, and the helpers they all use. */
export const tags = ['admin: lifelong learning'];
export const LIFELONG_ADMINS = ACCESS.school.read;
export const config = { roles: LIFELONG_ADMINS, flag: 'lifelong_learning' as const };
export const IMAGE_LIMITS = { maxFileSize: 5 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_5', maxFiles: 1 };

export const Title = Type.String({ minLength: 1, maxLength: 255 });
export const OptText = (max: number) => nullable(Type.String({ maxLength: max }));
export const Sort = Int({ minimum: 0, maximum: 100000 });

export const BranchFields = { title: Title, title_en: OptText(255), description: OptText(5000), sort: Sort };
export const ProgramFields = { abranch_id: Id, title: Title, title_en: OptText(255), description: OptText(5000), sort: Sort };
export const ModuleFields = {
  aprogram_id: Id,
  title: Title,
  title_en: OptText(255),
  kind: Type.Union(amoduleKinds.map((k) => Type.Literal(k))),
  program_id: nullable(Id),
  media_id: nullable(Id),
  quiz_id: nullable(Id),
  sort: Sort,
};
export const AchievementFields = {
  abranch_id: Id,
  title: Title,
  title_en: OptText(255),
  description: OptText(5000),
  rule: Type.Union(achievementRules.map((k) => Type.Literal(k))),
  program_id: nullable(Id),
  quiz_id: nullable(Id),
  media_id: nullable(Id),
  min_percent: nullable(Type.Number({ minimum: 0, maximum: 100 })),
  module_ids: nullable(IdList({ maxItems: 100 })),
  count: nullable(Int({ minimum: 1, maximum: 1000 })),
  sort: Sort,
};

export const escapeLike = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
export const pick = (body: Record<string, unknown>, fields: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => k in fields && k !== 'image'));

/** Sets each listed row's `sort` to its place (1, 2, …); every id must be the school's (else 422 on `ids`). */
export async function sortRows(db: Db, table: typeof abranches | typeof aprograms | typeof amodules | typeof achievements, ids: number[]) {
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError('ids', 'validation.choice');
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries())
      await tx
        .update(table)
        .set({ sort: i + 1 })
        .where(eq(table.id, id));
  });
}

/** The back office's file and id checks, bound to the app (its data folder). */
export function adminHelpers(app: FastifyInstance) {
  async function imageOf(slug: string, value: unknown): Promise<string | null | undefined> {
    if (value === null || value === '') return null;
    if (!isUploadedFile(value)) return undefined;
    if (!imageType(value.head)) throw new AppError(415, 'ERROR_EXT_TYPE', 'The image must be a JPEG, PNG, WebP or GIF image', { allowed: 'jpg, png, webp, gif', file: value.filename });
    return keepUpload(app.config.dataDir, slug, 'lifelong', value);
  }
  const dropFile = (slug: string, rel: string | null | undefined) => (rel ? rm(storedPath(app.config.dataDir, slug, rel), { force: true }).catch(() => undefined) : undefined);

  async function exists(db: Db, table: typeof abranches | typeof aprograms | typeof programs | typeof quizzes | typeof media | typeof amodules, id: number | null | undefined, field: string) {
    if (id === undefined || id === null) return;
    const [r] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!r) throw fieldError(field, 'validation.choice');
  }
  return { imageOf, dropFile, exists };
}
