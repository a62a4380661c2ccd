import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing: text formats. Images, fonts and archives are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;

export interface Precompressed {
  file: string;
  size: number;
  /** Bytes of the `.br` / `.gz` copy, or null when it would not be smaller (then none is written). */
  br: number | null;
  gz: number | null;
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(path)));
    else if (e.isFile()) out.push(path);
  }
  return out;
}

/**
 * Writes `<file>.br` (brotli, highest quality) and `<file>.gz` (gzip -9) beside every compressible file under
 * `dir`, so that the web server (server/web.ts) answers them without compressing anything per request.
 * A copy that would not be smaller than its original is not written.
 */
export async function precompressDir(dir: string): Promise<Precompressed[]> {
  const files = (await walk(dir)).filter((f) => COMPRESSIBLE.test(f));
  return Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const [b, g] = await Promise.all([
        br(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: 9 }),
      ]);
      const keep = async (copy: Buffer, ext: string) => {
        if (copy.length >= data.length) return null;
        await writeFile(file + ext, copy);
        return copy.length;
      };
      return { file: relative(dir, file), size: data.length, br: await keep(b, '.br'), gz: await keep(g, '.gz') };
    }),
  );
}

/** Vite plugin: precompresses the build output once the bundle and the public files are written. */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'lms-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle(error?: Error) {
      if (error || !(await stat(outDir).catch(() => null))) return;
      const done = await precompressDir(outDir);
      const sum = (k: 'size' | 'br' | 'gz') => done.reduce((s, f) => s + (f[k] ?? f.size), 0);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      logger?.info(`precompressed ${done.length} files in ${relative(process.cwd(), outDir) || '.'}: ${kb(sum('size'))} → br ${kb(sum('br'))}, gzip ${kb(sum('gz'))}`);
    },
  };
}
