import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * Real API processes for the tests that need more than the in-process app: `tsx server/main.ts` as an operator starts
 * it, on ports of its own, answering once its /health does (two processes on one database, a kill -9, the school
 * command beside running servers).
 */
export const ROOT = resolve(import.meta.dirname, '../..');
export const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** The kernel's range of local ports for outgoing connections (Linux; its default elsewhere). */
function outgoingPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // not Linux: its usual range
  }
  return [32768, 60999];
}

const canListen = (port: number) =>
  new Promise<boolean>((ok) => {
    const s = createServer();
    s.once('error', () => ok(false));
    s.listen(port, '127.0.0.1', () => s.close(() => ok(true)));
  });

/**
 * A port nobody listens on now, for a server started a moment later. Chosen below the kernel's range for outgoing
 * connections: a port of that range (what `listen(0)` gives) could be taken meanwhile as the local end of any
 * connection the test run opens (to PostgreSQL, PgBouncer, another API), and the server then failed with EADDRINUSE.
 */
export async function freePort() {
  const low = 20_000;
  const high = Math.min(outgoingPortRange()[0], 32_768) - 1;
  for (let i = 0; i < 100; i++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

/** The apps' pages are not what these tests are about: an empty build is enough for the web server to start. */
export function emptyAppsBuild(dir: string) {
  const dist = join(dir, 'dist');
  for (const app of ['learner', 'admin']) {
    mkdirSync(join(dist, app), { recursive: true });
    writeFileSync(join(dist, app, 'index.html'), '<!doctype html><title>test</title>');
  }
  return dist;
}

export interface ApiProcess {
  proc: ChildProcess;
  url: string;
  apiPort: number;
  webPort: number;
  exited: Promise<void>;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, as a graceful stop; resolves once it has ended. */
  stop(): Promise<void>;
  /** SIGKILL of its whole process group (tsx runs the server in a child): a crash, not a stop. */
  kill9(): Promise<void>;
}

export interface ApiProcessOptions {
  /** Reuse ports (a restart on the same address); free ones otherwise. */
  apiPort?: number;
  webPort?: number;
}

/** Starts `server/main.ts` with `env` over the test's own; answers once /health does, throws if it ends first. */
export async function startApiProcess(env: Record<string, string>, opts: ApiProcessOptions = {}): Promise<ApiProcess> {
  const apiPort = opts.apiPort ?? (await freePort());
  const webPort = opts.webPort ?? (await freePort());
  let out = '';
  const proc = spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    detached: true, // its own process group, so that kill9 reaches tsx's child too
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, API_PORT: String(apiPort), WEB_PORT: String(webPort), HOST: '127.0.0.1', API_WORKERS: '1', LOG_LEVEL: 'warn', VITEST: '', ...env },
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  let gone = false;
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${apiPort}`;
  const signal = (name: NodeJS.Signals) => async () => {
    if (!gone) process.kill(-proc.pid!, name);
    await exited;
  };
  for (;;) {
    if (gone) throw new Error(`the server ended while starting (code ${proc.exitCode}):\n${out}`);
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { proc, url, apiPort, webPort, exited, output: () => out, stop: signal('SIGTERM'), kill9: signal('SIGKILL') };
}
