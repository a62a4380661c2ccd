import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../core/errors.ts';
import { safeJoin } from '../../core/storage.ts';
import { MB } from '../../core/file-types.ts';
import { MANIFEST_MAX, safeRelative } from './manifest.ts';

/**
 * A SCORM package's zip, read entry by entry with yauzl before a byte is extracted (docs/standards.md "Limits"):
 * names that would leave the package's folder, too many entries, a total uncompressed size or a compression ratio
 * past the limits and a missing manifest are refused with their catalogue error; extraction then counts the bytes it
 * writes (a header that lies about a size is refused too) and removes the folder when anything fails.
 */
export interface PackageLimits {
  /** Entries (files and folders). */
  entries: number;
  /** Total uncompressed bytes. */
  total: number;
  /** Largest uncompressed / compressed ratio of an entry above `ratioFloor` bytes, and of the whole archive. */
  ratio: number;
  ratioFloor: number;
}

export const defaultLimits = (zipMax: number): PackageLimits => ({
  entries: 5000,
  // a package's size column is an integer: at most 2 GB, and at most 4 times the largest zip accepted
  total: Math.min(2_147_483_647, Math.max(zipMax * 4, 100 * MB)),
  ratio: 100,
  ratioFloor: MB,
});

export interface Scanned {
  files: { name: string; size: number }[];
  manifest: string;
  total: number;
}

const bomb = (l: PackageLimits) => new AppError(422, 'ERROR_SCORM_BOMB', 'The package unpacks too large', { max_mb: Math.floor(l.total / MB), ratio: l.ratio });
const notZip = (why: string) => new AppError(422, 'ERROR_SCORM_ZIP', `Not a readable zip: ${why}`);
const badName = (name: string) => new AppError(422, 'ERROR_SCORM_NAMES', `Unsafe name in the package: ${name}`, { name: name.slice(0, 200) });

/** yauzl's own refusals of a name (absolute, `..`, a backslash) as the catalogue's, the rest as "not a zip". */
function mapped(err: unknown, l: PackageLimits): AppError {
  if (err instanceof AppError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  const name = /(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(msg);
  if (name) return badName(name[1]);
  if (/too many bytes|not enough bytes|size mismatch|expected .* bytes/i.test(msg)) return bomb(l);
  return notZip(msg);
}

const open = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );

const streamOf = (zip: ZipFile, entry: Entry) => new Promise<NodeJS.ReadableStream>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))));

/** Every entry of the zip in turn; `each` may read the entry before the next is asked for. */
async function walk(path: string, each: (zip: ZipFile, entry: Entry) => Promise<void>) {
  const zip = await open(path);
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: Entry) => each(zip, entry).then(() => zip.readEntry(), reject));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** Checks every entry's name and sizes and reads the manifest; writes nothing. */
export async function scanPackage(path: string, l: PackageLimits): Promise<Scanned> {
  const files: Scanned['files'] = [];
  let count = 0;
  let total = 0;
  let compressed = 0;
  let manifest: string | undefined;
  try {
    await walk(path, async (zip, entry) => {
      const name = entry.fileName;
      if (++count > l.entries) throw new AppError(422, 'ERROR_SCORM_ENTRIES', 'Too many entries', { max: l.entries });
      if (!safeRelative(name.replace(/\/$/, '')) || name.split('/').some((s) => s === '.')) throw badName(name);
      if (name.endsWith('/')) return;
      if (entry.isEncrypted()) throw notZip(`${name} is encrypted`);
      total += entry.uncompressedSize;
      compressed += entry.compressedSize;
      if (total > l.total) throw bomb(l);
      if (entry.uncompressedSize > l.ratioFloor && entry.uncompressedSize / Math.max(1, entry.compressedSize) > l.ratio) throw bomb(l);
      files.push({ name, size: entry.uncompressedSize });
      if (name !== 'imsmanifest.xml') return;
      if (entry.uncompressedSize > MANIFEST_MAX) throw new AppError(422, 'ERROR_SCORM_MANIFEST_INVALID', 'Manifest too large', { reason: 'larger than 1 MB' });
      const chunks: Buffer[] = [];
      for await (const chunk of await streamOf(zip, entry)) chunks.push(chunk as Buffer);
      manifest = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\uFEFF/, '');
    });
  } catch (err) {
    throw mapped(err, l);
  }
  if (total > l.ratioFloor && total / Math.max(1, compressed) > l.ratio) throw bomb(l);
  if (manifest === undefined) throw new AppError(422, 'ERROR_SCORM_MANIFEST', 'No imsmanifest.xml at the root of the package');
  return { files, manifest, total };
}

/** Extracts the package into `dest` (absolute, made here); on any failure the folder is removed and the error mapped. */
export async function extractPackage(path: string, dest: string, l: PackageLimits) {
  let written = 0;
  try {
    await mkdir(dest, { recursive: true });
    await walk(path, async (zip, entry) => {
      const target = safeJoin(dest, entry.fileName);
      if (entry.fileName.endsWith('/')) {
        await mkdir(target, { recursive: true });
        return;
      }
      await mkdir(dirname(target), { recursive: true });
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          written += chunk.length;
          done(written > l.total ? bomb(l) : null, chunk);
        },
      });
      await pipeline(await streamOf(zip, entry), count, createWriteStream(target, { flags: 'wx' }));
    });
  } catch (err) {
    await rm(dest, { recursive: true, force: true });
    throw mapped(err, l);
  }
  return written;
}
