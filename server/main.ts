// Starts the whole system: API on API_PORT, both apps on WEB_PORT, embedded PGlite unless DATABASE_URL is set.
import { loadConfig } from './config.ts';
import { openDatabase, pgliteDirFor } from './db/client.ts';
import { buildApp } from './app.ts';
import { buildWeb } from './web.ts';
import { seedReferenceData } from './seed/reference.ts';
import { DEMO_PASSWORD, DEMO_ROLES, DEMO_TENANTS, seedDemo } from './seed/demo.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
await seedReferenceData(database.db);
const seeded = database.kind === 'pglite' && database.wasEmpty && config.seedDemo;
if (seeded) await seedDemo(database.db, config.dataDir);

const api = await buildApp({ config, database });
const web = await buildWeb({ apiUrl: process.env.API_URL, apiPort: config.apiPort, defaultTenant: config.defaultTenant, distDir: process.env.DIST_DIR });
await api.listen({ port: config.apiPort, host: config.host });
await web.listen({ port: config.webPort, host: config.host });

const web_ = `http://demo.localhost:${config.webPort}`;
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
