import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { tenantAccess, tenants, tokens, users, type AccessFlag, type Role } from '../db/schema/index.ts';
import { watchWrites } from '../db/write-watch.ts';
import { AppError, accessDenied, notAuthorized } from './errors.ts';
import { SignInCache } from './sign-in-cache.ts';

export type User = typeof users.$inferSelect;
export interface Tenant {
  id: number;
  slug: string;
  title: string;
  /** When the school was suspended (`npm run school -- suspend`): it then answers anonymous reads only. */
  suspended_at: Date | null;
}

/** 403 ERROR_SCHOOL_SUSPENDED: the school is suspended (docs/operations.md "Suspension"). */
export const schoolSuspended = (slug: string) => new AppError(403, 'ERROR_SCHOOL_SUSPENDED', `The school ${slug} is suspended`, { domain: slug });

/**
 * What a suspended school still answers: an anonymous read (GET or HEAD, no bearer token) of a route open to anonymous
 * callers, so that the apps can show the school's name, theme and logo with the error. Not a route that carries a
 * credential in its address (`queryToken`: a feed key, an `access_token`), not a sign-in, not any write.
 */
function suspendedMayAnswer(req: FastifyRequest, guard: Guard) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers.authorization !== undefined || guard.queryToken) return false;
  return guard.auth === 'public' || guard.auth === 'optional';
}

/** What a route asks of its caller; set as `config` on the route. Default: any signed-in user. */
export interface Guard {
  /** `public`: anyone; `optional`: a token is read when present. */
  auth?: 'public' | 'optional';
  roles?: readonly Role[];
  /** Section flag that must be on (`payment`, `rating`, …). */
  flag?: AccessFlag;
  /** Refused in demo mode (an admin acting as another user must not do this). */
  noDemo?: boolean;
  /**
   * Also accept `access_token` and `domain` in the query string: for URLs a browser fetches by itself
   * (a <video> element cannot send headers). Logs redact the token.
   */
  queryToken?: boolean;
  /**
   * The school is the path parameter `:domain`, before any header or default: for URLs a third party calls by itself
   * with no `Domain` header and no room for a query string (an LTI tool's browser redirect and its server's calls).
   */
  domainParam?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends Guard {
    /** Set on the POST twin of a PUT/PATCH/DELETE route (method override). */
    twin?: boolean;
    /** Routes outside the tenant scope (/health, docs). */
    global?: boolean;
    /**
     * A write route that may take its caller from the sign-in cache like a read (docs/security.md "The sign-in cache"):
     * only the quiz answer, an exam's surge. Every other write and every `/admin` route reads its token from the database.
     */
    cachedSignIn?: boolean;
  }
  interface FastifyRequest {
    tenant: Tenant;
    /**
     * The request's data handle, bound to its school (server/db/school.ts): every statement on a school-owned table
     * gets the school's condition, every insert the school's id. Modules use this, never the unbound handle.
     */
    db: Db;
    user?: User;
    tokenId?: number;
    /** In demo mode: the admin acting as `user`. */
    actorId?: number;
    /** The count of this process's sign-in changes when the request came (`installContext`). */
    signInChangesSeen: number;
  }
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The user a handler runs for; throws 401 when nobody is signed in. */
export function currentUser(req: FastifyRequest): User {
  if (!req.user) throw notAuthorized();
  return req.user;
}

export function today() {
  return new Date().toISOString().slice(0, 10);
}

export function isBlocked(u: Pick<User, 'is_blocked' | 'date_block'>) {
  return u.is_blocked || (u.date_block !== null && u.date_block <= today());
}

/**
 * Resolves the tenant (the `Domain` header), the bearer token and the route's guard on every
 * request, before the body is read, so a refused upload is refused before it is streamed.
 */
export function installContext(app: FastifyInstance, db: Db, defaultTenant: string, signInCacheMs = 0) {
  const cache = new Map<string, { tenant: Tenant; at: number }>();
  const flagCache = new Map<number, { flags: Record<AccessFlag, boolean>; at: number }>();

  // A known school and its section flags are remembered for a minute while this process hears the others (every change
  // of `tenants` or `tenant_access`, whoever makes it, is broadcast by the database: migration 0025, and forgotten at
  // once), and for 10 s and 5 s while it does not (and on PGlite, whose changes all go through this process). An unknown slug
  // is not remembered at all: a school just created answers at once even where a broadcast was missed, and made-up
  // Domain headers cannot fill the map.
  let heard = false;
  const schoolTtl = () => (heard ? 60_000 : 10_000);
  const flagsTtl = () => (heard ? 60_000 : 5_000);
  async function findTenant(slug: string) {
    const hit = cache.get(slug);
    if (hit && Date.now() - hit.at < schoolTtl()) return hit.tenant;
    const [row] = await db.select({ id: tenants.id, slug: tenants.slug, title: tenants.title, suspended_at: tenants.suspended_at }).from(tenants).where(eq(tenants.slug, slug));
    if (row) cache.set(slug, { tenant: row, at: Date.now() });
    else cache.delete(slug);
    return row ?? null;
  }

  async function flagsOf(tenantId: number) {
    const hit = flagCache.get(tenantId);
    if (hit && Date.now() - hit.at < flagsTtl()) return hit.flags;
    const [row] = await db.select().from(tenantAccess).where(eq(tenantAccess.tenant_id, tenantId));
    const flags = {
      networking: !!row?.networking,
      lifelong_learning: !!row?.lifelong_learning,
      rating: !!row?.rating,
      message: !!row?.message,
      payment: !!row?.payment,
    };
    flagCache.set(tenantId, { flags, at: Date.now() });
    return flags;
  }

  app.decorate('accessFlags', flagsOf);
  // every API process forgets them (server/core/broadcast.ts), not only the one that changed a school
  app.onBroadcast('tenant-caches', () => {
    cache.clear();
    flagCache.clear();
  });
  app.onBroadcastLink((up) => {
    heard = up;
    // what was kept while nobody was heard may be stale: start again
    cache.clear();
    flagCache.clear();
  });
  app.decorate('forgetTenantCaches', () => app.broadcast('tenant-caches'));
  app.decorateRequest('tenant', null as never);
  app.decorateRequest('db', null as never);

  // every request with a token runs it: prepared once per connection (server/db/prepared.ts)
  const tokenRead = db
    .select({ token: tokens, user: users })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.user_id))
    .where(eq(tokens.access_hash, sql.placeholder('hash')))
    .prepare('token_read');

  // kept only where every process hears every change of a user or a token (PostgreSQL: the database's triggers)
  const signIns = new SignInCache(signInCacheMs);
  /** Updates and deletes of users and tokens this process has built (a sign-out, a block, a role or password change). */
  let signInChanges = 0;
  app.decorateRequest('signInChangesSeen', 0);
  if (signInCacheMs > 0) {
    app.onBroadcastLink((heard) => signIns.setHeard(heard));
    app.onBroadcast('signed-in', (m) => (typeof m.user === 'number' ? signIns.forgetUser(m.user) : signIns.forgetAll()));
    // this process's own changes: forgotten before they run (the database's message comes after they commit)
    const stopWatching = watchWrites((table, columns) => {
      if (table === 'tokens' || (table === 'users' && !columns?.every((c) => c === 'last_login_at'))) {
        signInChanges++;
        signIns.forgetAll();
      }
    });
    app.addHook('onClose', async () => stopWatching());
    // a request during which this process changed a user or a token answers only once the database's message about
    // it has gone out to every process (issue 27, defect 9): its own LISTEN connection has heard a later message of
    // its own, at most a second. Any request in flight meanwhile waits too (the change is not tied to a request).
    app.addHook('onSend', async (req, _reply, payload) => {
      if (signInChanges !== req.signInChangesSeen) await app.heardOwnChanges(1000);
      return payload;
    });
  }

  async function readToken(req: FastifyRequest) {
    const header = req.headers.authorization;
    const fromQuery = req.routeOptions.config?.queryToken ? (req.query as Record<string, unknown>)?.access_token : undefined;
    const raw = header?.startsWith('Bearer ') ? header.slice(7).trim() : typeof fromQuery === 'string' ? fromQuery : undefined;
    if (!raw) return;
    const hash = sha256(raw);
    // a write (but the quiz answer) and every /admin route read the token's rows from the database: another process's
    // sign-out, block or role change has committed before its answer, so it holds here whatever the messages do
    const config = req.routeOptions.config;
    const cacheable = (req.method === 'GET' || req.method === 'HEAD' || config?.cachedSignIn) && !req.routeOptions.url?.startsWith('/admin');
    let row = cacheable ? signIns.get(hash) : undefined;
    if (!row) {
      const epoch = signIns.beginRead();
      [row] = await tokenRead.execute({ hash });
      if (row) signIns.keep(hash, row, epoch);
    }
    if (!row || row.token.revoked_at || row.token.access_expires_at < new Date() || row.token.tenant_id !== req.tenant.id) {
      throw notAuthorized();
    }
    // a copy: a handler that changes its `req.user` changes no other request's
    req.user = { ...row.user };
    req.tokenId = row.token.id;
    req.actorId = row.token.actor_id ?? undefined;
  }

  app.decorate('checkGuard', async (req: FastifyRequest, guard: Guard) => {
    if (guard.auth === 'public') return;
    if (!req.user) {
      if (guard.auth === 'optional') return;
      throw notAuthorized();
    }
    if (isBlocked(req.user)) throw new AppError(403, 'ERROR_BLOCK', 'User is blocked');
    if (guard.roles && !guard.roles.includes(req.user.role)) throw accessDenied();
    if (guard.flag && !(await flagsOf(req.tenant.id))[guard.flag]) {
      throw guard.flag === 'networking' ? new AppError(403, 'NOT_ON_NETWORKING', 'Networking is off') : accessDenied();
    }
    if (guard.noDemo && req.actorId) throw new AppError(403, 'ERROR_ACCESS', 'Not allowed in demo mode', { demo: true });
  });

  app.addHook('onRequest', async (req) => {
    req.signInChangesSeen = signInChanges;
    const config = req.routeOptions.config ?? {};
    if (config.global || req.routeOptions.url === undefined) return;
    const queryDomain = config.queryToken ? (req.query as Record<string, unknown>)?.domain : undefined;
    const pathDomain = config.domainParam ? (req.params as Record<string, unknown> | undefined)?.domain : undefined;
    const slug = String(pathDomain ?? req.headers.domain ?? queryDomain ?? defaultTenant)
      .trim()
      .toLowerCase();
    const tenant = await findTenant(slug);
    if (!tenant) throw new AppError(404, 'NOT_FOUND_DOMAIN', `Unknown school ${slug}`, { domain: slug });
    req.tenant = tenant;
    req.db = app.schoolDb(tenant.id);
    // a POST twin (method override) does not know its target before the body: it checks what all its targets share
    const guard = config.twin ? sharedGuard(Object.values(config.overrides ?? {}).map((r) => r.config ?? {})) : config;
    if (tenant.suspended_at && !suspendedMayAnswer(req, guard)) throw schoolSuspended(slug);
    try {
      await readToken(req);
    } catch (err) {
      if (guard.auth !== 'public') throw err;
    }
    await app.checkGuard(req, guard);
  });
}

/**
 * The guard every one of several routes demands (the targets of a method-override twin): a caller it refuses would
 * be refused by each of them, so it can be checked before the body is read without refusing anyone a target admits.
 * A token unless a target is public (or optional), a role among the targets' roles (none: any), a section flag or the
 * demo-mode refusal only when every target has it.
 */
export function sharedGuard(guards: Guard[]): Guard {
  if (!guards.length) return {};
  const auth = guards.some((g) => g.auth === 'public') ? 'public' : guards.some((g) => g.auth === 'optional') ? 'optional' : undefined;
  const roles = guards.every((g) => g.roles) ? [...new Set(guards.flatMap((g) => g.roles ?? []))] : undefined;
  const flag = guards.every((g) => g.flag && g.flag === guards[0].flag) ? guards[0].flag : undefined;
  const noDemo = guards.every((g) => g.noDemo) || undefined;
  return { auth, roles, flag, noDemo };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The data handle bound to one school, for work outside a request (background jobs); requests have `req.db`. */
    schoolDb(schoolId: number): Db;
    accessFlags(tenantId: number): Promise<Record<AccessFlag, boolean>>;
    forgetTenantCaches(): void;
    checkGuard(req: FastifyRequest, guard: Guard): Promise<void>;
  }
}
