import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.ts';
import { Type } from 'typebox';
import { fileFolders, files } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { isUploadedFile, type UploadedFile } from '../../core/multipart.ts';
import { absolutePath, keepUpload } from '../../core/storage.ts';
import { contentTypeOf as mimeOf, extOf, sendDownload } from '../../core/file-types.ts';
import { FILE_EXTENSIONS, MB, checkFile, checkName } from '../../core/file-types.ts';
import { Id, IdParams, nullable } from '../../core/schemas.ts';
import { ANY_FILE, dataOf, fileAnswer } from '../../core/responses.ts';
import { containsPattern } from '../../core/search.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { FileOut, FolderListingAnswer, FolderOut, OneFileAnswer, SearchAnswer } from './responses.ts';

const tags = ['admin: file manager'];
const config = { roles: ACCESS.school.read };
const Ids = Type.Array(Id, { maxItems: 1000 });
const Name = Type.String({ minLength: 1, maxLength: 255 });
/** Name of the default folder as stored; the screens show their own translation of it. */
const DEFAULT_NAME = 'Files';
const AREA = 'file-manager';

type Folder = typeof fileFolders.$inferSelect;
type FileRow = typeof files.$inferSelect;

/** The module's public face: the answers' schemas (responses.ts). */
export { Breadcrumb, FileOut, FolderOut } from './responses.ts';

const fileNotFound = () => new AppError(404, 'ERROR_FILE_NOT_FOUND', 'File not found');
const folderNotFound = () => new AppError(404, 'NOT_FOUND_FOLDER', 'Folder not found');
const folderView = (f: Folder) => ({ id: f.id, parent_id: f.parent_id, name: f.name, is_default: f.is_default, created_at: f.created_at });
const fileView = (f: FileRow) => ({ id: f.id, folder_id: f.folder_id, name: f.name, size: f.size, mime: f.mime, created_at: f.created_at, download_url: `/admin/file/${f.id}/download` });

/** Every uploaded file in a form body, whatever its key (`file`, `files[]`, `file1..n`). */
function uploadsIn(v: unknown, out: UploadedFile[] = []): UploadedFile[] {
  if (isUploadedFile(v)) out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => uploadsIn(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => uploadsIn(x, out));
  return out;
}

/** `report.pdf` → `report (2).pdf` while the name is taken (case-insensitive). */
function freeName(name: string, taken: Set<string>) {
  const ext = extOf(name);
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  let candidate = name;
  for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${base} (${i})${ext ? `.${ext}` : ''}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * File manager of a school (spec 02 §7): folders in a tree under one default folder created on demand,
 * files stored under UUID names in the school's storage (`files/<school>/file-manager/`), so that a name
 * never becomes a path; names with separators, `..` or control characters are refused (ERROR_WRONG_PATH).
 */
export default async function fileManagerModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const abs = (req: FastifyRequest, rel: string) => absolutePath(app.config.dataDir, req.tenant.slug, rel);

  async function defaultFolder(db: Db): Promise<Folder> {
    const find = () => db.select().from(fileFolders).where(eq(fileFolders.is_default, true));
    const [found] = await find();
    if (found) return found;
    await db.insert(fileFolders).values({ name: DEFAULT_NAME, is_default: true }).onConflictDoNothing();
    return (await find())[0];
  }
  async function folder(db: Db, id: number | undefined | null): Promise<Folder> {
    if (!id) return defaultFolder(db);
    const [f] = await db.select().from(fileFolders).where(eq(fileFolders.id, id));
    if (!f) throw folderNotFound();
    return f;
  }
  async function file(db: Db, id: number): Promise<FileRow> {
    const [f] = await db.select().from(files).where(eq(files.id, id));
    if (!f) throw fileNotFound();
    return f;
  }
  /** The school's files among ids; 404 ERROR_FILE_NOT_FOUND when one is not (another school's, deleted). */
  async function filesOf(db: Db, ids: number[]) {
    const unique = [...new Set(ids)];
    if (!unique.length) throw new AppError(422, 'NOT_CHECK_ID_FILE', 'No file selected');
    const rows = await db.select().from(files).where(inArray(files.id, unique)).orderBy(asc(files.id));
    if (rows.length !== unique.length) throw fileNotFound();
    return rows;
  }
  /** The folder and its ancestors, root first. */
  async function breadcrumbs(db: Db, f: Folder) {
    const chain = [f];
    let cur = f;
    while (cur.parent_id && chain.length < 100) {
      cur = await folder(db, cur.parent_id);
      chain.unshift(cur);
    }
    return chain.map((x) => ({ id: x.id, name: x.name, is_default: x.is_default }));
  }
  const namesIn = async (db: Db, folderId: number) => new Set((await db.select({ name: files.name }).from(files).where(eq(files.folder_id, folderId))).map((r) => r.name.toLowerCase()));
  async function assertFolderNameFree(db: Db, parentId: number, name: string, except?: number) {
    const [same] = await db
      .select({ id: fileFolders.id })
      .from(fileFolders)
      .where(and(eq(fileFolders.parent_id, parentId), sql`lower(${fileFolders.name}) = lower(${name})`));
    if (same && same.id !== except) throw new AppError(409, 'ERROR_FOLDER_EXISTS', 'A folder with this name exists here', { name });
  }
  const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message)) || (err as { code?: string })?.code === '23505';

  app.get(
    '/admin/file/getFolder',
    {
      config,
      schema: {
        tags,
        summary: 'A folder with its subfolders, files and breadcrumbs; no id: the default folder (created on demand)',
        querystring: Type.Object({ id: Type.Optional(Id) }),
        response: {
          200: FolderListingAnswer,
        },
      },
    },
    async (req) => {
      const f = await folder(req.db, req.query.id);
      const items = req.db.select({ n: count() }).from(files).where(eq(files.folder_id, fileFolders.id));
      const subs = await req.db
        .select({
          id: fileFolders.id,
          parent_id: fileFolders.parent_id,
          name: fileFolders.name,
          is_default: fileFolders.is_default,
          created_at: fileFolders.created_at,
          files_count: sql<number>`(${items})::int`,
        })
        .from(fileFolders)
        .where(eq(fileFolders.parent_id, f.id))
        .orderBy(asc(sql`lower(${fileFolders.name})`));
      const list = await req.db
        .select()
        .from(files)
        .where(eq(files.folder_id, f.id))
        .orderBy(asc(sql`lower(${files.name})`));
      return { data: { folder: folderView(f), folders: subs, files: list.map(fileView), breadcrumbs: await breadcrumbs(req.db, f) } };
    },
  );

  app.get(
    '/admin/file/folders',
    {
      config,
      schema: { tags, summary: 'Every folder of the school (id, parent_id, name), for a folder picker', response: { 200: dataOf(Type.Array(FolderOut)) } },
    },
    async (req) => {
      await defaultFolder(req.db);
      const rows = await req.db
        .select()
        .from(fileFolders)
        .orderBy(asc(sql`lower(${fileFolders.name})`));
      return { data: rows.map(folderView) };
    },
  );

  app.get(
    '/admin/file/search',
    {
      config,
      schema: {
        tags,
        summary: 'Files and folders whose name contains q (at most 100 files and 50 folders)',
        querystring: Type.Object({ q: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: SearchAnswer },
      },
    },
    async (req) => {
      const like = containsPattern(req.query.q.trim());
      const found = await req.db
        .select({ file: files, folder_name: fileFolders.name })
        .from(files)
        .innerJoin(fileFolders, eq(fileFolders.id, files.folder_id))
        .where(ilike(files.name, like))
        .orderBy(asc(sql`lower(${files.name})`))
        .limit(100);
      const folders = await req.db
        .select()
        .from(fileFolders)
        .where(ilike(fileFolders.name, like))
        .orderBy(asc(sql`lower(${fileFolders.name})`))
        .limit(50);
      return { data: { files: found.map((r) => ({ ...fileView(r.file), folder_name: r.folder_name })), folders: folders.map(folderView) } };
    },
  );

  app.post(
    '/admin/file/createFolder',
    {
      config,
      schema: {
        tags,
        summary: 'Create a folder in parent_id (default folder when absent); a sibling of the same name: 409 ERROR_FOLDER_EXISTS',
        body: Type.Object({ name: Name, parent_id: Type.Optional(Type.Union([Id, Type.Null()])) }),
        response: { 201: dataOf(FolderOut) },
      },
    },
    async (req, reply) => {
      const name = checkName(req.body.name);
      const parent = await folder(req.db, req.body.parent_id);
      await assertFolderNameFree(req.db, parent.id, name);
      try {
        const [f] = await req.db.insert(fileFolders).values({ parent_id: parent.id, name }).returning();
        return reply.status(201).send({ data: folderView(f) });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, 'ERROR_FOLDER_EXISTS', 'A folder with this name exists here', { name });
        throw err;
      }
    },
  );

  app.post(
    '/admin/folder/:id/rename',
    {
      config,
      schema: { tags, summary: 'Rename a folder (not the default one: ERROR_DEFAULT_FOLDER)', params: IdParams, body: Type.Object({ name: Name }), response: { 200: dataOf(FolderOut) } },
    },
    async (req) => {
      const f = await folder(req.db, req.params.id);
      if (f.is_default) throw new AppError(409, 'ERROR_DEFAULT_FOLDER', 'The default folder cannot be renamed');
      const name = checkName(req.body.name);
      await assertFolderNameFree(req.db, f.parent_id!, name, f.id);
      const [renamed] = await req.db.update(fileFolders).set({ name }).where(eq(fileFolders.id, f.id)).returning();
      return { data: folderView(renamed) };
    },
  );

  app.post(
    '/admin/file/deleteFolder',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an empty folder (ERROR_FOLDER_NOT_EMPTY while it holds files or folders; never the default one: ERROR_DEFAULT_FOLDER)',
        body: IdParams,
        response: { 200: dataOf(Type.Object({ id: Id, parent_id: nullable(Id) })) },
      },
    },
    async (req) => {
      const f = await folder(req.db, req.body.id);
      if (f.is_default) throw new AppError(409, 'ERROR_DEFAULT_FOLDER', 'The default folder cannot be deleted');
      const [{ n: nFiles }] = await req.db.select({ n: count() }).from(files).where(eq(files.folder_id, f.id));
      const [{ n: nFolders }] = await req.db.select({ n: count() }).from(fileFolders).where(eq(fileFolders.parent_id, f.id));
      if (Number(nFiles) || Number(nFolders)) throw new AppError(409, 'ERROR_FOLDER_NOT_EMPTY', 'The folder is not empty', { files: Number(nFiles), folders: Number(nFolders) });
      await req.db.delete(fileFolders).where(eq(fileFolders.id, f.id));
      return { data: { id: f.id, parent_id: f.parent_id } };
    },
  );

  app.post(
    '/admin/file/move',
    {
      config,
      schema: {
        tags,
        summary:
          'Move files (ids) and folders (folders) into folder_id; a name taken there gets a " (2)" suffix for files, 409 ERROR_FOLDER_EXISTS for folders; a folder cannot go into itself or below it (ERROR_WRONG_PATH)',
        body: Type.Object({ ids: Type.Optional(Ids), folders: Type.Optional(Ids), folder_id: Id }),
        response: { 200: dataOf(Type.Object({ count: Type.Integer(), folder_id: Id })) },
      },
    },
    async (req) => {
      const target = await folder(req.db, req.body.folder_id);
      const folderIds = [...new Set(req.body.folders ?? [])];
      const rows = req.body.ids?.length || !folderIds.length ? await filesOf(req.db, req.body.ids ?? []) : [];
      const moving = await Promise.all(folderIds.map((id) => folder(req.db, id)));
      const above = new Set((await breadcrumbs(req.db, target)).map((b) => b.id));
      for (const f of moving) {
        if (f.is_default) throw new AppError(409, 'ERROR_DEFAULT_FOLDER', 'The default folder cannot be moved');
        if (above.has(f.id)) throw new AppError(422, 'ERROR_WRONG_PATH', 'A folder cannot go into itself', { name: f.name });
        if (f.parent_id !== target.id) await assertFolderNameFree(req.db, target.id, f.name, f.id);
      }
      const taken = await namesIn(req.db, target.id);
      await req.db.transaction(async (tx) => {
        for (const f of rows) {
          if (f.folder_id === target.id) continue;
          await tx
            .update(files)
            .set({ folder_id: target.id, name: freeName(f.name, taken) })
            .where(eq(files.id, f.id));
        }
        for (const f of moving) await tx.update(fileFolders).set({ parent_id: target.id }).where(eq(fileFolders.id, f.id));
      });
      return { data: { count: rows.length + moving.length, folder_id: target.id } };
    },
  );

  app.post(
    '/admin/file/copy',
    {
      config,
      schema: {
        tags,
        summary: 'Copy files (ids) with their bytes into folder_id; a name taken there gets a " (2)" suffix',
        body: Type.Object({ ids: Ids, folder_id: Id }),
        response: { 200: dataOf(Type.Object({ count: Type.Integer(), folder_id: Id, files: Type.Array(FileOut) })) },
      },
    },
    async (req) => {
      const target = await folder(req.db, req.body.folder_id);
      const rows = await filesOf(req.db, req.body.ids);
      const taken = await namesIn(req.db, target.id);
      const made: string[] = [];
      try {
        const copies = [];
        for (const f of rows) {
          // the copy keeps the stored (checked) extension, whatever the file was renamed to since
          const rel = join(AREA, `${randomUUID()}${extOf(f.path) ? `.${extOf(f.path)}` : ''}`);
          await mkdir(dirname(abs(req, rel)), { recursive: true });
          await copyFile(abs(req, f.path), abs(req, rel)).catch(() => {
            throw new AppError(404, 'ERROR_FILE_NOT_FOUND', 'The file is missing on disk', { name: f.name });
          });
          made.push(rel);
          copies.push({ folder_id: target.id, name: freeName(f.name, taken), path: rel, size: f.size, mime: f.mime });
        }
        const inserted = await req.db.insert(files).values(copies).returning();
        return { data: { count: inserted.length, folder_id: target.id, files: inserted.map(fileView) } };
      } catch (err) {
        await Promise.all(made.map((rel) => rm(abs(req, rel), { force: true })));
        throw err;
      }
    },
  );

  app.post(
    '/admin/file',
    {
      config: { ...config, upload: { maxFileSize: 40 * MB, sizeError: 'ERROR_MAX_SIZE_40', maxFiles: 20 } },
      schema: {
        tags,
        summary:
          'Upload files into folder_id (default folder when absent): form data, any file keys (file, files[], file1..n), at most 20 files of 40 MB; documents, images, archives, audio and video; a name taken there gets a " (2)" suffix',
        consumes: ['multipart/form-data'],
        body: Type.Object({ folder_id: Type.Optional(Type.Union([Id, Type.Literal('')])) }),
        response: { 201: dataOf(Type.Array(FileOut)) },
      },
    },
    async (req, reply) => {
      const target = await folder(req.db, req.body.folder_id || undefined);
      const uploads = uploadsIn(req.body);
      if (!uploads.length) throw fieldError('file', 'validation.required');
      for (const u of uploads) {
        checkName(u.filename);
        checkFile(u, FILE_EXTENSIONS);
      }
      const taken = await namesIn(req.db, target.id);
      const kept: string[] = [];
      try {
        const values = [];
        for (const u of uploads) {
          const rel = await keepUpload(app.config.dataDir, req.tenant.slug, AREA, u);
          kept.push(rel);
          values.push({ folder_id: target.id, name: freeName(u.filename.trim(), taken), path: rel, size: u.size, mime: mimeOf(u.filename) });
        }
        const inserted = await req.db.insert(files).values(values).returning();
        return reply.status(201).send({ data: inserted.map(fileView) });
      } catch (err) {
        await Promise.all(kept.map((rel) => rm(abs(req, rel), { force: true })));
        throw err;
      }
    },
  );

  app.get('/admin/file/:id', { config, schema: { tags, summary: "One file with its folder's breadcrumbs", params: IdParams, response: { 200: OneFileAnswer } } }, async (req) => {
    const f = await file(req.db, req.params.id);
    return { data: { ...fileView(f), breadcrumbs: await breadcrumbs(req.db, await folder(req.db, f.folder_id)) } };
  });

  app.put(
    '/admin/file/:id',
    {
      config,
      schema: { tags, summary: 'Rename a file (a name taken in its folder: 409 ERROR_FILE_EXISTS)', params: IdParams, body: Type.Object({ name: Name }), response: { 200: dataOf(FileOut) } },
    },
    async (req) => {
      const f = await file(req.db, req.params.id);
      const name = checkName(req.body.name);
      const taken = await namesIn(req.db, f.folder_id);
      taken.delete(f.name.toLowerCase());
      if (taken.has(name.toLowerCase())) throw new AppError(409, 'ERROR_FILE_EXISTS', 'A file with this name exists here', { name });
      const [renamed] = await req.db
        .update(files)
        .set({ name, mime: mimeOf(name) === 'application/octet-stream' ? f.mime : mimeOf(name) })
        .where(eq(files.id, f.id))
        .returning();
      return { data: fileView(renamed) };
    },
  );

  app.delete(
    '/admin/file/:id',
    { config, schema: { tags, summary: 'Delete a file and its bytes', params: IdParams, response: { 200: dataOf(Type.Object({ id: Id, folder_id: Id })) } } },
    async (req) => {
      const f = await file(req.db, req.params.id);
      await req.db.delete(files).where(eq(files.id, f.id));
      await rm(abs(req, f.path), { force: true });
      return { data: { id: f.id, folder_id: f.folder_id } };
    },
  );

  app.get(
    '/admin/file/:id/download',
    { config, schema: { response: { 200: fileAnswer(ANY_FILE, 'The file, under its own media type and name') }, tags, summary: 'Download a file under its name', params: IdParams } },
    async (req, reply) => {
      const f = await file(req.db, req.params.id);
      const path = abs(req, f.path);
      const size = await stat(path).then(
        (s) => s.size,
        () => -1,
      );
      if (size < 0) throw fileNotFound();
      // typed by the stored file's checked extension, not by its (renamable) name or the mime column
      return sendDownload(reply, path, { name: f.name, stored: f.path, size });
    },
  );
}
