import { access, rm } from 'node:fs/promises';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { contentTypeOf } from '../../core/file-types.ts';
import type { UploadedFile } from '../../core/multipart.ts';
import { keepUpload, storedPath } from '../../core/storage.ts';

export type Doc = typeof documents.$inferSelect;

/** What a document may be, uploaded by the student or by staff for a student. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx'];
/** A document is at most 5 MB (the upload stops there with ERROR_MAX_SIZE_5), whoever uploads it. */
export const DOCUMENT_UPLOAD = { maxFileSize: 5 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_5' };

/** Where both the student and staff download a document. */
export const downloadUrl = (id: number) => `/api/documents/${id}/download`;

/**
 * The name a download is saved under: an issued document is "<title>.<ext>" in the caller's language
 * (Accept-Language; the English title when there is one), an uploaded document keeps the name it was uploaded with.
 */
export function downloadName(d: Pick<Doc, 'kind' | 'title' | 'title_en' | 'file_name'>, lang: 'ru' | 'en') {
  if (d.kind === 'uploaded') return d.file_name;
  const ext = /\.[a-z0-9]{1,8}$/i.exec(d.file_name)?.[0] ?? '.pdf';
  const title = (lang === 'en' && d.title_en ? d.title_en : d.title).replace(/[\\/:*?"<>|\x00-\x1f]+/g, ' ').trim();
  return `${title || 'document'}${ext}`;
}

/**
 * Keeps an uploaded file in the student's folder of the school's storage and records it as the student's document:
 * one way for a student's own upload and for staff's upload for a student. `db`: the school-bound handle (it stamps
 * the school).
 */
export async function saveDocument(db: Db, dataDir: string, slug: string, userId: number, file: UploadedFile, fields: Pick<Doc, 'kind' | 'title'> & Partial<Pick<Doc, 'title_en'>>) {
  const path = await keepUpload(dataDir, slug, `documents/${userId}`, file);
  const [d] = await db
    .insert(documents)
    .values({ user_id: userId, ...fields, path, file_name: file.filename, mime: contentTypeOf(file.filename), size: file.size, sha256: file.sha256 })
    .returning();
  return d;
}

/** A document's file on disk: inside the school's folder and present, else 404 NOT_FOUND_FILE. */
export async function documentFile(dataDir: string, slug: string, rel: string) {
  const abs = storedPath(dataDir, slug, rel);
  try {
    await access(abs);
  } catch {
    throw notFound('file');
  }
  return abs;
}

/** Removes a deleted document's file (already gone: nothing to do). */
export async function removeDocumentFile(dataDir: string, slug: string, rel: string) {
  await rm(storedPath(dataDir, slug, rel), { force: true }).catch(() => undefined);
}
