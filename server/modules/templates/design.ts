import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { documentTemplates, templateImages } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { imageType } from '../../core/file-types.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { keepUpload, storedPath } from '../../core/storage.ts';
import { Id, IdParams, nullable } from '../../core/schemas.ts';
import { DateTime, dataOf, fileAnswer } from '../../core/responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { TemplateLayout, assertLayout, imageIdsOf } from './layout.ts';
import { assertKnownPlaceholders } from './placeholders.ts';
import { type PlaceholderValues, pdfBytes, renderPdf } from './render.ts';

const run = promisify(execFile);
const tags = ['admin: templates'];
const IMAGE_LIMITS = { maxFileSize: 5 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_5', maxFiles: 1 };

export const TemplateImageView = Type.Object({ id: Id, template_id: Id, file_name: Type.String(), mime: Type.String(), size: Type.Integer(), created_at: DateTime });

/** A template's images (id, name, type, size), oldest first. */
export async function imagesOf(db: Db, templateId: number) {
  return db
    .select({
      id: templateImages.id,
      template_id: templateImages.template_id,
      file_name: templateImages.file_name,
      mime: templateImages.mime,
      size: templateImages.size,
      created_at: templateImages.created_at,
    })
    .from(templateImages)
    .where(eq(templateImages.template_id, templateId))
    .orderBy(asc(templateImages.id));
}

/** id → absolute path of each image of a template (what the renderer draws). */
export async function imagePathsOf(db: Db, dataDir: string, slug: string, templateId: number) {
  const rows = await db.select({ id: templateImages.id, path: templateImages.path }).from(templateImages).where(eq(templateImages.template_id, templateId));
  return new Map(rows.map((r) => [r.id, storedPath(dataDir, slug, r.path)]));
}

/** What the preview fills in: a made-up student, in the template's language. */
export function sampleValues(lang: 'ru' | 'en'): PlaceholderValues {
  const year = new Date().getFullYear();
  const ru = lang === 'ru';
  return {
    name: ru ? 'Иванова Анна Сергеевна' : 'Anna Ivanova',
    name_genitive: ru ? 'Ивановой Анны Сергеевны' : 'Anna Ivanova',
    name_dative: ru ? 'Ивановой Анне Сергеевне' : 'Anna Ivanova',
    program: ru ? 'Управление проектами' : 'Project management',
    hours: '520',
    registration_number: `D-${year}-0001`,
    date: `01.07.${year}`,
    date_start: `01.09.${year - 1}`,
    date_end: `30.06.${year}`,
    chairman: ru ? 'Председателев П. П.' : 'P. Chairman',
    director: ru ? 'Директоров Д. Д.' : 'D. Director',
    secretary: ru ? 'Секретарёва С. С.' : 'S. Secretary',
    company: ru ? 'АНО ДПО «Бизнес-школа»' : 'Business School',
    verify_code: 'ABCD2345EF',
    act_number: '1',
    services: '—',
    amount_paid: '0',
    company_details: '—',
  };
}

/** A PDF's first page as a PNG (poppler's pdftoppm): the preview the back office shows is the server's own PDF. */
export async function firstPagePng(pdf: Buffer, dpi = 72) {
  const dir = await mkdtemp(join(tmpdir(), 'lms-preview-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    return await readFile(join(dir, 'out.png'));
  } catch (err) {
    throw new AppError(500, 'ERROR_PREVIEW', `pdftoppm failed: ${(err as Error).message}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The designer's routes: a template's images (stamp, signatures, logo, background) and its preview. */
export function designRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: ACCESS.school.read };

  async function loadTemplate(db: Db, id: number) {
    const [t] = await db.select().from(documentTemplates).where(eq(documentTemplates.id, id));
    if (!t) throw notFound('template');
    return t;
  }

  app.post(
    '/admin/template/:id/images',
    {
      config: { ...config, upload: IMAGE_LIMITS },
      schema: {
        tags,
        summary: 'Add an image to a template (form data `file`: JPEG or PNG, at most 5 MB): a stamp, a signature, a logo, a background',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 201: dataOf(TemplateImageView) },
      },
    },
    async (req, reply) => {
      const t = await loadTemplate(req.db, req.params.id);
      const file = (req.body as Record<string, unknown> | undefined)?.file;
      if (!isUploadedFile(file)) throw fieldError('file', 'validation.required');
      const mime = imageType(file.head);
      // the PDF embeds JPEG and PNG only
      if (mime !== 'image/jpeg' && mime !== 'image/png') throw new AppError(415, 'ERROR_EXT_TYPE', 'A template image must be a JPEG or PNG image', { allowed: 'jpg, png', file: file.filename });
      const path = await keepUpload(app.config.dataDir, req.tenant.slug, `templates/${t.id}`, file);
      const [img] = await req.db.insert(templateImages).values({ template_id: t.id, file_name: file.filename, path, mime, size: file.size }).returning();
      const { tenant_id: _, path: __, ...view } = img;
      return reply.status(201).send({ data: view });
    },
  );

  app.delete(
    '/admin/template/:id/images/:imageId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove an image of a template (one its layout draws is refused: ERROR_TEMPLATE_IMAGE)',
        params: Type.Object({ id: Id, imageId: Id }),
        response: { 200: dataOf(Type.Object({ id: Id })) },
      },
    },
    async (req) => {
      const t = await loadTemplate(req.db, req.params.id);
      const [img] = await req.db
        .select()
        .from(templateImages)
        .where(and(eq(templateImages.id, req.params.imageId), eq(templateImages.template_id, t.id)));
      if (!img) throw notFound('file');
      if (t.layout && imageIdsOf(t.layout).includes(img.id)) throw new AppError(422, 'ERROR_TEMPLATE_IMAGE', 'The layout draws this image', { ids: String(img.id) });
      await req.db.delete(templateImages).where(eq(templateImages.id, img.id));
      await rm(storedPath(app.config.dataDir, req.tenant.slug, img.path), { force: true }).catch(() => undefined);
      return { data: { id: img.id } };
    },
  );

  app.post(
    '/admin/template/:id/preview',
    {
      config,
      schema: {
        tags,
        summary:
          "The template's document filled with a sample student, drawn by the same renderer as the issued documents: `format=pdf` the PDF, `png` (default) its first page as the back office shows it; `layout` and `body` may preview unsaved changes",
        params: IdParams,
        body: Type.Optional(
          Type.Partial(
            Type.Object({
              layout: nullable(TemplateLayout),
              body: Type.String({ maxLength: 20000 }),
              lang: Type.Union([Type.Literal('ru'), Type.Literal('en')]),
              format: Type.Union([Type.Literal('pdf'), Type.Literal('png')]),
            }),
          ),
        ),
        response: { 200: fileAnswer(['image/png', 'application/pdf'], 'The preview') },
      },
    },
    async (req, reply) => {
      const t = await loadTemplate(req.db, req.params.id);
      const b = req.body ?? {};
      const layout = b.layout === undefined ? t.layout : b.layout;
      const body = b.body ?? t.body;
      const images = await imagePathsOf(req.db, app.config.dataDir, req.tenant.slug, t.id);
      if (layout) assertLayout(layout, [...images.keys()]);
      else assertKnownPlaceholders(body);
      const values = sampleValues(b.lang ?? t.lang);
      const api = app.config.apiUrl ?? `${req.protocol}://${req.host}`;
      const pdf = await pdfBytes(renderPdf({ title: `${t.title} № ${values.registration_number}`, layout, body, values, images, qrText: `${api}/api/verify/ABCD2345EF?domain=${req.tenant.slug}` }));
      if (b.format === 'pdf') return reply.header('content-type', 'application/pdf').header('cache-control', 'no-store').send(pdf);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'no-store')
        .send(await firstPagePng(pdf, 100));
    },
  );
}
