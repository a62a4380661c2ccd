import { availableParallelism } from 'node:os';

/**
 * How many API processes `npm start` runs on one port (node:cluster; docs/deployment.md): `API_WORKERS`, else the
 * machine's cores on PostgreSQL and one on the embedded PGlite, which is one database inside one process and cannot be
 * shared (more is refused there with a note). Answers the count and, when the setting was not followed, why.
 */
export function workerCount(env: Record<string, string | undefined>, kind: 'postgres' | 'pglite', cores = availableParallelism()): { workers: number; note?: string } {
  const raw = env.API_WORKERS?.trim();
  const asked = raw ? Number(raw) : undefined;
  if (asked !== undefined && !(Number.isInteger(asked) && asked >= 1 && asked <= 256)) throw new Error(`API_WORKERS must be a whole number from 1 to 256 (got "${raw}")`);
  if (kind === 'pglite')
    return { workers: 1, note: asked && asked > 1 ? `API_WORKERS=${asked} ignored: the embedded database (PGlite) serves one process; set DATABASE_URL to run several` : undefined };
  return { workers: asked ?? Math.max(1, cores) };
}
