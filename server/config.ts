import { resolve } from 'node:path';

/** Runtime configuration, read once from the environment (see README "Configuration"). */
export interface Config {
  databaseUrl?: string;
  dataDir: string;
  apiPort: number;
  webPort: number;
  host: string;
  defaultTenant: string;
  /** Origins allowed by CORS; `*.localhost` and the web port are always allowed in development. */
  webOrigins: string[];
  /** Seed the demo schools into an empty embedded database on start. */
  seedDemo: boolean;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const webPort = Number(env.WEB_PORT ?? 8080);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    apiPort: Number(env.API_PORT ?? 8000),
    webPort,
    host: env.HOST ?? '0.0.0.0',
    defaultTenant: env.DEFAULT_TENANT ?? 'demo',
    webOrigins: (env.WEB_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
