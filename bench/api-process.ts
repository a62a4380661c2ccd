// The API as `npm start` runs it, in process(es) of its own, for the benchmarks that measure it apart from their load
// generator (bench/run.ts, bench/search-upload.ts, bench/surge-ab.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './extras.ts';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Ends it (SIGTERM, or the signal given) and waits until it has. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `node <args>` (the server's bundle, or `--import tsx server/main.ts`) on free ports of the loopback, on the
 * database and data folder given, without the demo seed and with stand-in pages for the apps, and waits for `/health`
 * (60 s at most). `env` adds to or overrides the environment (API_WORKERS, DATABASE_URL, throttles).
 */
export async function startApiProcess(args: string[], dataDir: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const apiPort = await freePort();
  const distDir = mkdtempSync(join(tmpdir(), 'lms-bench-dist-'));
  for (const a of ['learner', 'admin']) {
    mkdirSync(join(distDir, a), { recursive: true });
    writeFileSync(join(distDir, a, 'index.html'), '<!doctype html><title>stand-in</title>');
  }
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      API_WORKERS: '1',
      API_PORT: String(apiPort),
      WEB_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await ended;
  };
  const url = `http://127.0.0.1:${apiPort}`;
  for (const t0 = Date.now(); ; ) {
    if (child.exitCode !== null) throw new Error(`the API ended at start (${child.exitCode})`);
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, child, stop };
    if (Date.now() - t0 > 60_000) {
      await stop();
      throw new Error('the API did not answer /health within 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
