import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { media, scormPackages } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { isUploadedFile, type UploadLimits, type UploadedFile } from '../../core/multipart.ts';
import { MB, extOf } from '../../core/file-types.ts';
import { IdParams } from '../../core/schemas.ts';
import { dataOf, orNull } from '../../core/responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { defaultLimits } from './archive.ts';
import { ScormPackage } from './responses.ts';
import { packageOf, packageView, removeFolder, scormMaterial, unpack, type Where } from './store.ts';

const tags = ['admin: SCORM'];
const WRITE = ACCESS.materials.write;
const READ = ACCESS.materials.read;

/** Largest package zip: the video limit (MEDIA_VIDEO_MAX_MB), never above what an integer size column holds. */
const zipMaxOf = (mb: number) => Math.min(Math.floor(mb * MB), 2_147_483_647);

/**
 * The back office's side: a SCORM material made with its package in one request, a package replaced, a material's
 * package read. A refused package leaves no row and no file (the temporary zip goes with the request).
 */
export function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const zipMax = zipMaxOf(fastify.config.videoMaxMb);
  // a file that is not a .zip is refused anyway: it stops at 40 MB while it streams, a package goes on to the video limit
  const upload: UploadLimits = {
    maxFileSize: zipMax,
    sizeError: 'ERROR_MAX_SIZE',
    maxFiles: 1,
    perFile: (file) => (extOf(file.filename) === 'zip' ? undefined : { maxFileSize: 40 * MB, sizeError: 'ERROR_MAX_SIZE_40' }),
  };
  const where = (req: FastifyRequest): Where => ({ dataDir: app.config.dataDir, slug: req.tenant.slug, limits: defaultLimits(zipMax) });

  function zipOf(file: unknown): UploadedFile {
    if (file === undefined || file === '' || file === null) throw fieldError('file', 'validation.required');
    if (!isUploadedFile(file)) throw fieldError('file', 'validation.format');
    if (extOf(file.filename) !== 'zip') throw new AppError(415, 'ERROR_EXT_TYPE', 'A SCORM package is a .zip', { file: file.filename, extensions: 'zip' });
    return file;
  }

  app.get(
    '/admin/scorm/:id',
    {
      config: { roles: [...READ] },
      schema: { tags, summary: "A SCORM material's package (null before one is uploaded)", params: IdParams, response: { 200: dataOf(orNull(ScormPackage)) } },
    },
    async (req) => {
      await scormMaterial(req.db, req.params.id);
      const p = await packageOf(req.db, req.params.id);
      return { data: p ? packageView(p) : null };
    },
  );

  app.post(
    '/admin/scorm',
    {
      config: { roles: [...WRITE], upload },
      schema: {
        tags,
        summary: "A new SCORM material with its package (form data: title, file: a SCORM 1.2 or 2004 zip up to MEDIA_VIDEO_MAX_MB); the title defaults to the manifest's",
        consumes: ['multipart/form-data'],
        body: Type.Object({ title: Type.Optional(Type.String({ maxLength: 255 })), file: Type.Optional(Type.Any()) }),
        response: { 201: dataOf(ScormPackage) },
      },
    },
    async (req, reply) => {
      const file = zipOf(req.body.file);
      const row = await unpack(where(req), file, (p) =>
        req.db.transaction(async (tx) => {
          const [m] = await tx
            .insert(media)
            .values({ title: req.body.title?.trim() || p.title, kind: 'scorm', file_name: p.file_name, size: p.size, mime: 'application/zip' })
            .returning();
          const [pkg] = await tx
            .insert(scormPackages)
            .values({ ...p, media_id: m.id })
            .returning();
          return pkg;
        }),
      );
      return reply.status(201).send({ data: packageView(row) });
    },
  );

  app.post(
    '/admin/scorm/:id/package',
    {
      config: { roles: [...WRITE], upload },
      schema: {
        tags,
        summary: "Upload or replace a SCORM material's package (form data: file); learners' attempts are kept",
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: Type.Object({ file: Type.Optional(Type.Any()) }),
        response: { 200: dataOf(ScormPackage) },
      },
    },
    async (req) => {
      const m = await scormMaterial(req.db, req.params.id);
      const file = zipOf(req.body.file);
      const before = await packageOf(req.db, m.id);
      const row = await unpack(where(req), file, (p) =>
        req.db.transaction(async (tx) => {
          await tx.delete(scormPackages).where(eq(scormPackages.media_id, m.id));
          await tx.update(media).set({ file_name: p.file_name, size: p.size, mime: 'application/zip' }).where(eq(media.id, m.id));
          const [pkg] = await tx
            .insert(scormPackages)
            .values({ ...p, media_id: m.id })
            .returning();
          return pkg;
        }),
      );
      if (before) await removeFolder(where(req), before.dir);
      return { data: packageView(row) };
    },
  );
}
