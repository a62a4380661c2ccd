import { join } from 'node:path';
import { Type } from 'typebox';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import addFormats from 'ajv-formats';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { poolRequestScope } from './db/pooled.ts';
import { type ReportReads, openReplicaReads, primaryReads } from './db/replica.ts';
import { installContext } from './core/context.ts';
import { installErrorHandler } from './core/errors.ts';
import { installInputGuard } from './core/input-guard.ts';
import { installMethodOverride } from './core/method-override.ts';
import { installMultipart } from './core/multipart.ts';
import { installFileSweep } from './core/file-sweep.ts';
import { installActivity } from './core/activity.ts';
import { installBroadcast } from './core/broadcast.ts';
import { installAdminRouteRule } from './core/admin-routes.ts';
import { installThrottles } from './core/throttle.ts';
import { installNosniff } from './core/security-headers.ts';
import { DataEnvelope, ListEnvelope, installResponseSchemas, swaggerTransform, swaggerTransformObject } from './core/openapi.ts';
import { installResponseCheck } from './core/responses.ts';
import { setBracketed } from './core/form.ts';
import { installMailer } from './mail/mailer.ts';
import { modules } from './modules/index.ts';
import { installBackground } from './core/background.ts';
import { installRequestCount } from './core/give-way.ts';
import { lazySchemaCompilers, rememberSchemas } from './core/lazy-schemas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Where the reports, the statistics and the exports read a school's rows: a replica when there is one (server/db/replica.ts). */
    reportReads: ReportReads;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: boolean | object;
  /** Extra plugins registered after the modules (tests use it for probe routes). */
  extra?: FastifyPluginAsync[];
}

/** Builds the API: core hooks first (errors, tenant and guard, uploads, method override), then one plugin per module. */
export async function buildApp({ config, database, logger, extra = [] }: AppOptions): Promise<FastifyInstance> {
  const schemas = lazySchemaCompilers();
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.replace(/access_token=[^&]+/, 'access_token=[redacted]'), ip: req.ip }),
      },
    },
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY: the throttles count by req.ip
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    ajv: {
      customOptions: { coerceTypes: 'array', allErrors: true, removeAdditional: true, useDefaults: true },
      plugins: [addFormats as never],
    },
    // route schemas compiled at a route's first call, not at start (server/core/lazy-schemas.ts)
    schemaController: { compilersFactory: schemas.compilersFactory },
    return503OnClosing: false,
    // Bracketed query keys (`filter[role]=x`, `status[]=a&status[]=b`) become nested values (docs/api.md).
    routerOptions: {
      querystringParser: (str: string) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of new URLSearchParams(str)) setBracketed(out, k, v);
        return out;
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  rememberSchemas(app, schemas.compileAll);

  app.decorate('db', database.db);
  app.decorate('schoolDb', (schoolId: number) => database.forSchool(schoolId));
  app.decorate('config', config);
  const reportReads =
    config.databaseReplicaUrl && database.kind === 'postgres'
      ? openReplicaReads({
          url: config.databaseReplicaUrl,
          primary: database,
          poolSize: config.databasePoolSize,
          queueTimeoutMs: config.databaseQueueTimeoutMs,
          pooled: Boolean(config.databaseDirectUrl),
          maxLagSeconds: config.databaseReplicaMaxLagSeconds,
        })
      : primaryReads(database);
  app.decorate('reportReads', reportReads);
  app.addHook('onClose', () => reportReads.close());
  // every request runs in its own scope of the connection pool: only its first wait for a connection may answer 503
  // (server/db/pooled.ts `poolRequestScope`); registered first, so that every later hook and the handler run inside it
  app.addHook('onRequest', (_req, _reply, done) => poolRequestScope.run({ hadConnection: false }, done));
  installBackground(app);
  installRequestCount(app);

  installErrorHandler(app);
  // NUL characters and non-finite numbers refused before the tenant hook and any handler (docs/security.md "Hostile values")
  installInputGuard(app);
  installNosniff(app);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || isAllowedOrigin(origin, config)),
    allowedHeaders: ['Authorization', 'Content-Type', 'Domain', 'Demo', 'Accept-Language'],
    // Retry-After: the apps wait as a 503 ERROR_BUSY advises before they try a read again (common/api/busy.ts)
    exposedHeaders: ['Content-Disposition', 'Suggested-Filename', 'Content-Range', 'Accept-Ranges', 'Retry-After'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Campus LMS API', version: '1.0.0', description: 'Learner (/api) and administration (/admin) areas. See docs/api.md for the conventions.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    // operation ids, the 4xx answers and OpenAPI 3.0 bounds (server/core/openapi.ts, docs/api.md "OpenAPI document")
    transform: swaggerTransform as never,
    transformObject: swaggerTransformObject as never,
  });
  app.addHook('onRoute', (opts) => {
    if (opts.url.startsWith('/docs')) opts.config = { ...(opts.config as object), global: true };
  });
  installResponseSchemas(app);
  if (config.checkResponses) installResponseCheck(app, [DataEnvelope, ListEnvelope]);
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'none' } });

  installBroadcast(app, database);
  installContext(app, database.db, config.defaultTenant, database.kind === 'postgres' ? config.signInCacheSeconds * 1000 : 0);
  installMultipart(app, join(config.dataDir, 'tmp'));
  // stored files that no row names: removed at start and every FILE_SWEEP_HOURS (docs/security.md)
  installFileSweep(app);
  installThrottles(app, database.db);
  installMethodOverride(app);
  installAdminRouteRule(app);
  installActivity(app);
  installMailer(app);

  app.get(
    '/health',
    {
      config: { global: true },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: Type.Object({ status: Type.Literal('ok'), database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]) }) },
      },
    },
    async () => {
      await database.db.execute('select 1');
      return { status: 'ok' as const, database: database.kind };
    },
  );

  for (const mod of [...modules, ...extra]) await app.register(mod);
  return app;
}

function isAllowedOrigin(origin: string, config: Config) {
  if (config.webOrigins.includes(origin)) return true;
  try {
    const { hostname } = new URL(origin);
    return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1';
  } catch {
    return false;
  }
}
