import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import ltijs from 'ltijs';
import LtijsSequelize from 'ltijs-sequelize';

/**
 * A real third-party LTI 1.3 tool for the tests (issue 33): `ltijs` 5 (the maintained Node.js LTI tool library) on its
 * own free port, its state in a fresh PostgreSQL database through `ltijs-sequelize`, created here and dropped on
 * `close()`. There is no MongoDB on the machines that run the tests. ltijs's provider is one per process: one tool a
 * test file (vitest runs each file in its own worker).
 *
 * On a launch the tool validates our id token as any tool would (our JWKS, its state cookie, the nonce), then posts a
 * score with ltijs' Grade service (its own client assertion, our token endpoint, our AGS line item) and answers JSON
 * with what it read from the id token and what the score post gave.
 */
export const LTI_TOOL_DATABASE_URL = process.env.LTI_TOOL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether the PostgreSQL server the tool needs answers (the tests that need it are skipped, saying why, when not). */
export async function toolDatabaseReachable(url = LTI_TOOL_DATABASE_URL) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** A new empty database on that server for the tool, and how to drop it (no vitest here: the journeys use this file too). */
async function freshDatabase(baseUrl: string) {
  const name = `lti_tool_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const onServer = async (statement: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

export interface LtiTool {
  /** `http://127.0.0.1:<port>` */
  base: string;
  loginUrl: string;
  launchUrl: string;
  jwksUrl: string;
  /** The score the next launch posts back (out of 100); null: it posts none. */
  nextScore: number | null;
  /** Registers our platform (a school) with the tool, as its owner would from the addresses our back office shows. */
  registerPlatform(p: { issuer: string; clientId: string; authUrl: string; tokenUrl: string; jwksUrl: string }): Promise<void>;
  close(): Promise<void>;
}

interface LaunchToken {
  user: string;
  userInfo?: { name?: string; email?: string; given_name?: string; family_name?: string };
  platformContext: { roles?: string[]; context?: { id: string; title?: string }; resource?: { id: string; title?: string }; endpoint?: { lineitem?: string; lineitems?: string; scope?: string[] } };
}

export async function startLtiTool(opts: { port?: number } = {}): Promise<LtiTool> {
  const fresh = await freshDatabase(LTI_TOOL_DATABASE_URL);
  const url = new URL(fresh.url);
  const plugin = new LtijsSequelize(url.pathname.slice(1), decodeURIComponent(url.username) || 'postgres', decodeURIComponent(url.password), {
    host: url.hostname,
    port: Number(url.port || 5432),
    dialect: 'postgres',
    logging: false,
  });
  const lti = ltijs.Provider;
  lti.setup('lti-test-tool-encryption-key', { plugin }, { appRoute: '/', loginRoute: '/login', keysetRoute: '/keys', cookies: { secure: false, sameSite: '' }, devMode: false, tokenMaxAge: 60 });
  const tool = { nextScore: 87 as number | null } as LtiTool;
  lti.onConnect(async (token: LaunchToken, _req: unknown, res: { json(v: unknown): void; status(n: number): { json(v: unknown): void } }) => {
    const seen = {
      user: token.user,
      name: token.userInfo?.name ?? null,
      email: token.userInfo?.email ?? null,
      roles: token.platformContext.roles ?? [],
      context: token.platformContext.context ?? null,
      resource: token.platformContext.resource ?? null,
      lineitem: token.platformContext.endpoint?.lineitem ?? null,
    };
    if (tool.nextScore === null || !seen.lineitem) return res.json({ ...seen, scored: false });
    try {
      await lti.Grade.submitScore(token, seen.lineitem, {
        userId: token.user,
        scoreGiven: tool.nextScore,
        scoreMaximum: 100,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        comment: 'Scored by the ltijs test tool',
      });
      return res.json({ ...seen, scored: true });
    } catch (err) {
      return res.status(502).json({ ...seen, scored: false, error: String((err as Error).message) });
    }
  });
  await lti.deploy({ serverless: true, silent: true });
  const server: Server = createServer(lti.app);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(tool, {
    base,
    loginUrl: `${base}/login`,
    launchUrl: `${base}/`,
    jwksUrl: `${base}/keys`,
    async registerPlatform(p: { issuer: string; clientId: string; authUrl: string; tokenUrl: string; jwksUrl: string }) {
      await lti.registerPlatform({
        url: p.issuer,
        name: 'Campus LMS (tests)',
        clientId: p.clientId,
        authenticationEndpoint: p.authUrl,
        accesstokenEndpoint: p.tokenUrl,
        authConfig: { method: 'JWK_SET', key: p.jwksUrl },
      });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await lti.close({ silent: true }).catch(() => undefined);
      await fresh.drop();
    },
  });
}
