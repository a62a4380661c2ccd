// Starts the whole system: API on API_PORT, both apps on WEB_PORT, embedded PGlite unless DATABASE_URL is set.
import cluster from 'node:cluster';
import { workerCount } from './workers.ts';
import { loadConfig } from './config.ts';
import { openDatabase, pgliteDirFor } from './db/client.ts';
import { buildApp } from './app.ts';
import { buildWeb } from './web.ts';
import { DataDirBusy, holdDataDir } from './core/data-lock.ts';
import { seedReferenceData } from './seed/reference.ts';
import { DEMO_PASSWORD, DEMO_ROLES, DEMO_TENANTS, seedDemo } from './seed/demo.ts';

const config = loadConfig();
// API_WORKERS (server/workers.ts, docs/deployment.md): the primary migrates once, then runs that many copies of this
// file on the same ports (node:cluster shares them); each copy is a whole server with its own pools and caches.
const { workers, note } = workerCount(process.env, config.databaseUrl ? 'postgres' : 'pglite');
if (note) console.warn(note);
if (workers > 1 && cluster.isPrimary) {
  const migrated = await openDatabase({ url: config.databaseUrl, directUrl: config.databaseDirectUrl, pooled: Boolean(config.databaseDirectUrl) });
  await seedReferenceData(migrated.db);
  await migrated.close();
  let stopping = false;
  const started = new Map<number, number>();
  const fork = () => {
    const w = cluster.fork();
    started.set(w.id, Date.now());
  };
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (w, code, signal) => {
    if (stopping) return;
    console.error(`API process ${w.process.pid} ended (${signal ?? code})${Date.now() - (started.get(w.id) ?? 0) > 5_000 ? ', starting another' : ''}`);
    // one that dies at once (a broken configuration) is not started again and again
    if (Date.now() - (started.get(w.id) ?? 0) > 5_000) fork();
    else if (!Object.keys(cluster.workers ?? {}).length) process.exit(1);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`  Campus LMS: ${workers} API processes on port ${config.apiPort} (API_WORKERS), web on ${config.webPort}`);
} else {
  await serve();
}

async function serve() {
  // the embedded database is one process's: held in DATA_DIR/db.lock (the school command refuses while a server holds it)
  if (!config.databaseUrl) {
    try {
      holdDataDir(config.dataDir, 'server');
    } catch (err) {
      if (!(err instanceof DataDirBusy)) throw err;
      console.error(`Campus LMS cannot start: ${err.message}. Let it finish (or stop it) and start again.`);
      process.exit(1);
    }
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    pooled: Boolean(config.databaseDirectUrl),
    pgliteDir: pgliteDirFor(config.dataDir),
    poolSize: config.databasePoolSize,
    queueTimeoutMs: config.databaseQueueTimeoutMs,
  });
  if (!cluster.isWorker) await seedReferenceData(database.db);
  const seeded = database.kind === 'pglite' && database.wasEmpty && config.seedDemo;
  if (seeded) await seedDemo(database.db, config.dataDir);

  const api = await buildApp({ config, database });
  const web = await buildWeb({ apiUrl: config.apiUrl, apiPort: config.apiPort, defaultTenant: config.defaultTenant, distDir: config.distDir });
  await api.listen({ port: config.apiPort, host: config.host });
  await web.listen({ port: config.webPort, host: config.host });

  const web_ = `http://demo.localhost:${config.webPort}`;
  if (!cluster.isWorker || cluster.worker?.id === 1)
    console.log(`
    Campus LMS is running (${database.kind}${seeded ? ', demo schools created' : ''})
    Learner portal : ${web_}/auth
    Back office    : ${web_}/admin/
    API            : http://localhost:${config.apiPort}  (OpenAPI viewer at /docs)
    Schools        : ${DEMO_TENANTS.map((t) => `${t.slug} (http://${t.slug}.localhost:${config.webPort})`).join(', ')}
    Demo logins    : ${DEMO_ROLES.join(', ')}  password ${DEMO_PASSWORD}
  `);

  // Graceful shutdown: stop accepting, let requests in flight finish, then close the database.
  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    api.log.info({ signal }, 'shutting down');
    await Promise.allSettled([web.close(), api.close()]);
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
