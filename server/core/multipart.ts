import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ValidationError } from './errors.ts';
import { setBracketed } from './form.ts';
import { removeUnnamedUploads } from './storage.ts';
import { collectYoungGarbage } from './young-gc.ts';

/** A file received in form data, already streamed to a temporary file on disk. */
export interface UploadedFile {
  kind: 'file';
  field: string;
  filename: string;
  mimetype: string;
  /** Temporary path; removed after the response unless the handler moved it. */
  path: string;
  size: number;
  sha256: string;
  /** The first bytes, to recognise a file by content (archives, images). */
  head: Buffer;
  /** Where `keepUpload` (server/core/storage.ts) moved it: the school and the path relative to the school's folder. */
  stored?: { slug: string; rel: string };
}

/**
 * Marks the files this server streamed to disk. A request's own fields can never carry it: a body of JSON or bracketed
 * form fields (`file[kind]=file&file[path]=/etc/passwd`, or a material's own `kind: 'file'`) only looks like one.
 */
const STREAMED = Symbol('streamed upload');

export function isUploadedFile(v: unknown): v is UploadedFile {
  return typeof v === 'object' && v !== null && (v as { [STREAMED]?: true })[STREAMED] === true;
}

/** An uploaded file as the form reader makes it (and the tests that stand in for one). */
export function uploadedFile(fields: Omit<UploadedFile, 'kind'>): UploadedFile {
  return Object.defineProperty({ kind: 'file' as const, ...fields }, STREAMED, { value: true, enumerable: true });
}

/** Per-route upload limits, set as `config.upload` on the route. */
export interface UploadLimits {
  /** Bytes per file. */
  maxFileSize: number;
  /** Code answered with 413 when a file is larger (`ERROR_MAX_SIZE_5`, `ERROR_MAX_SIZE_40`, …). */
  sizeError: string;
  maxFiles?: number;
  /**
   * A smaller limit for one file, decided when it starts from its name and the fields sent before it (a material:
   * videos may be large, documents not); the upload is refused as soon as it passes it, not once it has arrived.
   */
  perFile?: (file: { field: string; filename: string; mimetype: string }, fieldsBefore: Record<string, unknown>) => { maxFileSize: number; sizeError: string } | undefined;
}

const DEFAULT_LIMITS: UploadLimits = { maxFileSize: 15 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_15', maxFiles: 20 };

declare module 'fastify' {
  interface FastifyContextConfig {
    upload?: UploadLimits;
  }
  interface FastifyRequest {
    uploadedFiles?: UploadedFile[];
    /** Settles once the form's parsing has ended and every temporary file it opened is closed. */
    uploadsSettled?: Promise<void>;
  }
}

/**
 * Leftovers in the temporary folder (docs/security.md): a process killed during an upload leaves its partial file.
 * At start, every entry not written to for `TMP_START_GRACE_MS` is removed (the grace spares an upload that another API
 * process sharing DATA_DIR is writing); then every `TMP_SWEEP_EVERY_MS`, entries not written to for `TMP_MAX_AGE_MS`,
 * never a file of a request of this process still in flight.
 */
export const TMP_START_GRACE_MS = 60_000;
export const TMP_MAX_AGE_MS = 60 * 60_000;
export const TMP_SWEEP_EVERY_MS = 10 * 60_000;

/** Removes the entries of `tmpDir` last modified more than `olderThanMs` ago, except `inUse`; answers how many. */
export async function sweepTemporaryFiles(tmpDir: string, olderThanMs: number, inUse: ReadonlySet<string> = new Set()) {
  let removed = 0;
  for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
    const path = join(tmpDir, name);
    if (inUse.has(path)) continue;
    const st = await stat(path).catch(() => undefined);
    if (!st || Date.now() - st.mtimeMs < olderThanMs) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function sweepAtStart(tmpDir: string) {
  for (const name of readdirSync(tmpDir)) {
    const path = join(tmpDir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs >= TMP_START_GRACE_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed meanwhile
    }
  }
}

/**
 * multipart/form-data parser: fields become a nested body (bracketed keys), files are streamed
 * to `tmpDir` while hashed, never held in memory. Limits come from the route's `config.upload`.
 */
export function installMultipart(app: FastifyInstance, tmpDir: string) {
  mkdirSync(tmpDir, { recursive: true });
  sweepAtStart(tmpDir);
  /** Temporary files of requests in flight: the scheduled sweep never touches them. */
  const inFlight = new Set<string>();
  app.addContentTypeParser('multipart/form-data', (req, payload, done) => {
    const parsing = parseMultipart(req, payload, tmpDir, inFlight);
    req.uploadsSettled = parsing.then(
      () => undefined,
      () => undefined,
    );
    parsing.then(
      (body) => done(null, body),
      (err) => done(err as Error, undefined),
    );
  });
  const removeTemporaryFiles = async (req: FastifyRequest) => {
    if (!req.uploadedFiles?.length) return;
    await Promise.all(req.uploadedFiles.map((f) => rm(f.path, { force: true })));
    for (const f of req.uploadedFiles) inFlight.delete(f.path);
  };
  app.addHook('onResponse', removeTemporaryFiles);
  // a request that stored a file and then failed (its row was not written): the file goes before the answer does
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 || !req.uploadedFiles?.some((f) => f.stored)) return payload;
    const removed = await removeUnnamedUploads(req, app.config.dataDir).catch((err: Error) => {
      req.log.error({ err }, 'stored files of a failed request not removed');
      return [];
    });
    if (removed.length) req.log.warn({ removed, status: reply.statusCode }, 'removed the stored files of a failed request');
    return payload;
  });
  // a cut connection: the files are removed once their write streams have closed (a stream still opening its file
  // would create it after an earlier removal, an orphan in DATA_DIR/tmp; server/test/hostile-uploads.test.ts)
  app.addHook('onRequestAbort', async (req) => {
    await req.uploadsSettled;
    await removeTemporaryFiles(req);
  });
  const sweep = setInterval(() => {
    sweepTemporaryFiles(tmpDir, TMP_MAX_AGE_MS, inFlight).then(
      (removed) => removed && app.log.info({ removed }, 'removed stale temporary upload files'),
      (err) => app.log.warn({ err }, 'temporary upload sweep failed'),
    );
  }, TMP_SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

function parseMultipart(req: FastifyRequest, payload: NodeJS.ReadableStream, tmpDir: string, inFlight: Set<string>) {
  const limits = req.routeOptions.config?.upload ?? DEFAULT_LIMITS;
  const files: UploadedFile[] = (req.uploadedFiles = []);
  const body: Record<string, unknown> = {};
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    let failed: Error | undefined;
    const pending: Promise<void>[] = [];
    const streams: NodeJS.ReadableStream[] = [];
    const writers: WriteStream[] = [];
    const fail = (err: Error) => {
      if (failed) return;
      failed = err;
      payload.unpipe(bb);
      payload.resume(); // drain so that the client gets the answer
      // answer only once every temporary file is closed: a write stream still opening would otherwise create its file
      // after the response hook removed it, leaving an orphan in DATA_DIR/tmp (found by server/test/hostile-uploads.test.ts)
      for (const stream of streams) (stream as Readable).destroy();
      const open = writers.filter((w) => !w.closed);
      for (const w of open) w.destroy();
      Promise.all(open.map((w) => new Promise((done) => (w.closed ? done(undefined) : w.once('close', done))))).then(() => reject(err));
    };
    let bb: InstanceType<typeof Busboy>;
    try {
      bb = new Busboy({
        headers: req.headers as never,
        limits: { fileSize: limits.maxFileSize, files: limits.maxFiles ?? 20, fields: 2000, fieldSize: 1024 * 1024 },
      });
    } catch {
      // `multipart/form-data` without a boundary (or with a broken one): bad input, 422, not a 500 (issue 10, defect 4)
      payload.resume();
      reject(new ValidationError({ _: ['validation.format'] }));
      return;
    }
    bb.on('field', (name: string, value: string) => setBracketed(body, name, value));
    bb.on('file', (field: string, stream: NodeJS.ReadableStream, filename: string, _enc: string, mimetype: string) => {
      if (failed || !filename) {
        stream.resume();
        return;
      }
      const path = join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const file: UploadedFile = uploadedFile({ field, filename, mimetype, path, size: 0, sha256: '', head });
      files.push(file);
      inFlight.add(path);
      streams.push(stream);
      // placed in the body now, so fields keep the order the client sent them in; several files under one plain key
      // (`<input type=file multiple name=file>`) become a list instead of the last replacing the others
      const earlier = field.includes('[') ? undefined : body[field];
      if (isUploadedFile(earlier)) body[field] = [earlier, file];
      else if (Array.isArray(earlier) && earlier.length && earlier.every(isUploadedFile)) earlier.push(file);
      else setBracketed(body, field, file);
      stream.on('limit', () => fail(new AppError(413, limits.sizeError, 'File too large', { max_mb: Math.round(limits.maxFileSize / 1048576) })));
      const own = limits.perFile?.({ field, filename, mimetype }, body);
      const meter = new Transform({
        transform(chunk: Buffer, _e, cb) {
          // every 4 MB of a file, its socket reads already on disk are freed (server/core/young-gc.ts)
          if ((size + chunk.length) >> 22 !== size >> 22) collectYoungGarbage();
          size += chunk.length;
          if (own && size > own.maxFileSize) return cb(new AppError(413, own.sizeError, 'File too large', { max_mb: Math.round(own.maxFileSize / 1048576) }));
          hash.update(chunk);
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          cb(null, chunk);
        },
      });
      const out = createWriteStream(path);
      writers.push(out);
      pending.push(
        pipeline(stream, meter, out).then(
          () => {
            Object.assign(file, { size, sha256: hash.digest('hex'), head });
          },
          (err) => fail(err as Error),
        ),
      );
    });
    bb.on('filesLimit', () => fail(new AppError(413, 'ERROR_MAX_FILES', 'Too many files', { max: limits.maxFiles ?? 20 })));
    bb.on('error', () => fail(new ValidationError({ _: ['validation.format'] })));
    bb.on('finish', () => {
      Promise.all(pending).then(() => {
        if (!failed) resolve(body);
      });
    });
    payload.on('error', (err) => fail(err as Error));
    // a cut connection: end the half-written files now (their write streams close), the abort hook removes them
    payload.on('close', () => {
      if ((payload as IncomingMessage).complete) return;
      const cut = new AppError(400, 'ERROR_UPLOAD_ABORTED', 'The upload was interrupted');
      for (const stream of streams) (stream as Readable).destroy(cut);
      fail(cut);
    });
    payload.pipe(bb);
  });
}

/** Files of a form in field order (`file`, `file1`, `file2`, … or `files[]`). */
export function filesOf(body: Record<string, unknown>): UploadedFile[] {
  const out: UploadedFile[] = [];
  for (const v of Object.values(body ?? {})) {
    if (Array.isArray(v)) out.push(...v.filter((x): x is UploadedFile => (x as UploadedFile)?.kind === 'file'));
    else if ((v as UploadedFile)?.kind === 'file') out.push(v as UploadedFile);
  }
  return out;
}
