import { basename, extname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { abranches, achievements } from '../../db/schema/index.ts';
import { AppError } from '../../core/errors.ts';
import { IdParams } from '../../core/schemas.ts';
import { absolutePath } from '../../core/storage.ts';
import { sendImage } from '../../core/file-types.ts';
import { IMAGE_TYPES, fileAnswer } from '../../core/responses.ts';
import { tags } from './admin-schemas.ts';

/** The images of branches and badges of achievements: the URLs both apps' answers carry, the stored file, the route. */
/** The stored file's absolute path; a bad stored name (never written by this module) is a missing file. */
export function storedPath(dataDir: string, slug: string, rel: string) {
  try {
    return absolutePath(dataDir, slug, rel);
  } catch {
    return join(dataDir, 'missing');
  }
}

/** The key of an image URL: the random part of its stored name (an <img> cannot send the bearer token). */
const imageKey = (rel: string) => basename(rel, extname(rel));
export const imageUrl = (kind: 'abranch' | 'achievement', id: number, rel: string | null, slug: string) =>
  rel ? `/api/files/${kind}/${id}/image?domain=${encodeURIComponent(slug)}&key=${imageKey(rel)}` : null;

export const branchView = (b: typeof abranches.$inferSelect, slug: string) => ({ ...b, image: imageUrl('abranch', b.id, b.image, slug) });
export const achievementView = (a: typeof achievements.$inferSelect, slug: string) => ({ ...a, image: imageUrl('achievement', a.id, a.image, slug) });

/** The image route of branches and achievements (public: the URL carries the school and a key). */
export function imageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // ---- images (an <img> cannot send the token: the URL carries the school and a key)
  for (const kind of ['abranch', 'achievement'] as const) {
    app.get(
      `/api/files/${kind}/:id/image`,
      {
        config: { auth: 'public', queryToken: true },
        schema: {
          response: { 200: fileAnswer(IMAGE_TYPES, 'The image') },
          tags,
          summary: kind === 'abranch' ? 'The image of a branch: the URL its answers carry (`domain` and `key`)' : 'The badge of an achievement: the URL its answers carry (`domain` and `key`)',
          security: [],
          params: IdParams,
          querystring: Type.Object({ key: Type.String({ maxLength: 64 }) }),
        },
      },
      async (req, reply) => {
        const table = kind === 'abranch' ? abranches : achievements;
        const [r] = await req.db.select({ image: table.image }).from(table).where(eq(table.id, req.params.id));
        if (!r?.image || imageKey(r.image) !== req.query.key) throw new AppError(404, 'NOT_FOUND_FILE', 'No image');
        return sendImage(reply, storedPath(app.config.dataDir, req.tenant.slug, r.image), 'private, max-age=86400');
      },
    );
  }
}
