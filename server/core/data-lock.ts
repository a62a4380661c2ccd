import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Who has the embedded database (PGlite under DATA_DIR/db) open. PGlite is one process's database: a second process
 * opening the same folder would corrupt it. The server (server/main.ts) and the school command (`npm run school`)
 * each hold DATA_DIR/db.lock while they have it open; the other refuses with a message saying who holds it.
 * A lock left by a process that died (kill -9, a power cut) is taken over: the holder is identified by its pid and,
 * on Linux, the boot and the moment it started, so a later process that happens to reuse the pid is not mistaken for it.
 */
export interface DataLockHolder {
  pid: number;
  /** `server` or `school command`. */
  what: string;
  since: string;
  /** Linux: /proc/sys/kernel/random/boot_id and the process's start (field 22 of /proc/<pid>/stat). */
  boot?: string;
  start?: string;
}

export class DataDirBusy extends Error {
  constructor(
    readonly holder: DataLockHolder,
    readonly lockFile: string,
  ) {
    super(`the embedded database in ${lockFile.replace(/\/db\.lock$/, '')} is open in another process: the ${holder.what} (pid ${holder.pid}, since ${holder.since})`);
  }
}

export const dataLockFile = (dataDir: string) => join(dataDir, 'db.lock');

const readText = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** The boot and start of a process on Linux (undefined elsewhere or when it is gone). */
function identity(pid: number) {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return {};
  // the command name (field 2) is in parentheses and may hold spaces: count fields after its closing one
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { boot: readText('/proc/sys/kernel/random/boot_id')?.trim(), start: fields[19] };
}

function alive(holder: DataLockHolder) {
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.boot === undefined || holder.start === undefined) return true;
  const now = identity(holder.pid);
  return now.boot === holder.boot && now.start === holder.start;
}

/** The live holder of DATA_DIR's embedded database, if any. */
export function dataLockHolder(dataDir: string): DataLockHolder | undefined {
  const text = readText(dataLockFile(dataDir));
  if (!text) return undefined;
  try {
    const holder = JSON.parse(text) as DataLockHolder;
    return holder.pid !== process.pid && alive(holder) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes DATA_DIR's lock for this process (`what` says who in the other's message); throws DataDirBusy when a live
 * process holds it. Answers how to let it go (done by itself when the process exits normally).
 */
export function holdDataDir(dataDir: string, what: string): () => void {
  const file = dataLockFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const me: DataLockHolder = { pid: process.pid, what, since: new Date().toISOString(), ...identity(process.pid) };
  for (let tries = 0; ; tries++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 2) throw err;
      const holder = dataLockHolder(dataDir);
      if (holder) throw new DataDirBusy(holder, file);
      // left by a process that is gone (or by this one): taken over
      rmSync(file, { force: true });
    }
  }
  const release = () => {
    process.off('exit', release);
    try {
      if ((JSON.parse(readText(file) ?? '{}') as DataLockHolder).pid === process.pid) rmSync(file, { force: true });
    } catch {
      // not ours any more (or not readable): left as it is
    }
  };
  process.on('exit', release);
  return release;
}
