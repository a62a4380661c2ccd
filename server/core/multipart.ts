import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { setBracketed } from './form.ts';

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
}

export function isUploadedFile(v: unknown): v is UploadedFile {
  return typeof v === 'object' && v !== null && (v as UploadedFile).kind === 'file';
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
  }
}

/**
 * multipart/form-data parser: fields become a nested body (bracketed keys), files are streamed
 * to `tmpDir` while hashed, never held in memory. Limits come from the route's `config.upload`.
 */
export function installMultipart(app: FastifyInstance, tmpDir: string) {
  mkdirSync(tmpDir, { recursive: true });
  app.addContentTypeParser('multipart/form-data', (req, payload, done) => {
    parseMultipart(req, payload, tmpDir).then((body) => done(null, body), (err) => done(err as Error, undefined));
  });
  const removeTemporaryFiles = async (req: FastifyRequest) => {
    if (req.uploadedFiles?.length) await Promise.all(req.uploadedFiles.map((f) => rm(f.path, { force: true })));
  };
  app.addHook('onResponse', removeTemporaryFiles);
  app.addHook('onRequestAbort', removeTemporaryFiles);
}

function parseMultipart(req: FastifyRequest, payload: NodeJS.ReadableStream, tmpDir: string) {
  const limits = req.routeOptions.config?.upload ?? DEFAULT_LIMITS;
  const files: UploadedFile[] = (req.uploadedFiles = []);
  const body: Record<string, unknown> = {};
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    let failed: Error | undefined;
    const pending: Promise<void>[] = [];
    const streams: NodeJS.ReadableStream[] = [];
    const fail = (err: Error) => {
      if (failed) return;
      failed = err;
      payload.unpipe(bb);
      payload.resume(); // drain so that the client gets the answer
      reject(err);
    };
    const bb = new Busboy({
      headers: req.headers as never,
      limits: { fileSize: limits.maxFileSize, files: limits.maxFiles ?? 20, fields: 2000, fieldSize: 1024 * 1024 },
    });
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
      const file: UploadedFile = { kind: 'file', field, filename, mimetype, path, size: 0, sha256: '', head };
      files.push(file);
      streams.push(stream);
      // placed in the body now, so fields keep the order the client sent them in
      setBracketed(body, field, file);
      stream.on('limit', () => fail(new AppError(413, limits.sizeError, 'File too large', { max_mb: Math.round(limits.maxFileSize / 1048576) })));
      const own = limits.perFile?.({ field, filename, mimetype }, body);
      const meter = new Transform({
        transform(chunk: Buffer, _e, cb) {
          size += chunk.length;
          if (own && size > own.maxFileSize) return cb(new AppError(413, own.sizeError, 'File too large', { max_mb: Math.round(own.maxFileSize / 1048576) }));
          hash.update(chunk);
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          cb(null, chunk);
        },
      });
      pending.push(
        pipeline(stream, meter, createWriteStream(path)).then(() => {
          Object.assign(file, { size, sha256: hash.digest('hex'), head });
        }, (err) => fail(err as Error)),
      );
    });
    bb.on('filesLimit', () => fail(new AppError(413, 'ERROR_MAX_FILES', 'Too many files', { max: limits.maxFiles ?? 20 })));
    bb.on('error', (err: Error) => fail(new AppError(422, 'Validation Error', err.message)));
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
