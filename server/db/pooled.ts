import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { APP_ROLE, SCHOOL_SETTING } from './school-wall.ts';

/**
 * One connection pool per API process, whatever the number of schools (docs/school-isolation.md "How a request
 * reaches its school's rows").
 *
 * A school-bound statement carries its school itself: before the statement, in the same round trip and the same
 * implicit transaction, the connection is switched to the wall's role and the school's id for that transaction only:
 *
 *   Parse/Bind/Execute  select set_config('role', 'campus_app', true), set_config('app.tenant_id', $1, true)
 *   Parse/Bind/Describe/Execute  <the statement>
 *   Sync
 *
 * PostgreSQL runs every Execute before a Sync in one implicit transaction, so the settings hold for the statement and
 * end with it (`is_local`): nothing of one school's context survives into the next use of the connection. A school-bound
 * transaction sets the same two values in its `begin` (one simple query: `begin; select set_config(…)`), and they end
 * with its commit or rollback. No start-up option and no session state is used, so the same holds through PgBouncer in
 * transaction mode; with `namedStatements: false` (a pooler in front) every statement is sent unnamed, since such a
 * pooler keeps no named prepared statement past a transaction. Without a pooler the settings' statement is named and
 * parsed once per connection: about 30 µs of PostgreSQL's CPU less per statement (docs/performance.md "One pool per
 * process: the cost").
 */

/** The settings' statement's name where named statements are kept (no pooler): parsed once per connection. */
const SCHOOL_PREFIX_NAME = 'lms_school_settings';
const SCHOOL_PREFIX_SQL = `select set_config('role', '${APP_ROLE}', true), set_config('${SCHOOL_SETTING}', $1, true)`;
const SCHOOL_BEGIN_SQL = (schoolId: number) => `; select set_config('role', '${APP_ROLE}', true), set_config('${SCHOOL_SETTING}', '${schoolId}', true)`;

type QueryConfig = pg.QueryConfig & { rowMode?: 'array'; types?: unknown };
type Callback = (err: Error | null, result?: pg.QueryResult) => void;

interface Connection {
  prependListener(event: 'parseComplete', fn: () => void): void;
  removeListener(event: 'parseComplete', fn: () => void): void;
  parse(msg: { text: string; name?: string; types?: unknown }): void;
  bind(msg: { portal?: string; statement?: string; values?: unknown[]; valueMapper?: unknown }): void;
  execute(msg: { portal?: string; rows?: number }): void;
  parsedStatements: Record<string, string>;
}

const BaseQuery = (pg as unknown as { Query: new (config: QueryConfig, values?: unknown[], callback?: Callback) => object }).Query;

/**
 * node-postgres's own query, preceded on the wire by the school's settings (see the file's comment). The settings'
 * own answers (a parse, a bind, one row, a command complete) are taken here and never reach the result.
 */
class SchoolQuery extends BaseQuery {
  private settingsPending = true;
  private parsedBefore = false;
  /** ParseCompletes still to come before the statement's own (the settings', when they are parsed in this round trip). */
  private parsesBeforeOwn = 0;
  private ownParsed = false;
  private stopCounting?: () => void;

  constructor(
    private readonly schoolId: number,
    private readonly namedSettings: boolean,
    config: QueryConfig,
    callback: Callback,
  ) {
    // extended protocol always: the settings and the statement must share one Sync
    super({ ...config, queryMode: 'extended' } as QueryConfig, undefined, callback);
  }

  prepare(connection: Connection) {
    const self = this as unknown as { name?: string; hasBeenParsed(c: Connection): boolean };
    this.parsedBefore = Boolean(self.name && self.hasBeenParsed(connection));
    if (!this.namedSettings) {
      connection.parse({ text: SCHOOL_PREFIX_SQL, types: undefined });
      connection.bind({ values: [String(this.schoolId)] });
      this.parsesBeforeOwn = 1;
    } else {
      // parsed on the connection's first school-bound statement, then only bound (its text never fails to parse)
      if (connection.parsedStatements[SCHOOL_PREFIX_NAME] === undefined) {
        connection.parse({ text: SCHOOL_PREFIX_SQL, name: SCHOOL_PREFIX_NAME, types: undefined });
        connection.parsedStatements[SCHOOL_PREFIX_NAME] = SCHOOL_PREFIX_SQL;
        this.parsesBeforeOwn = 1;
      }
      connection.bind({ statement: SCHOOL_PREFIX_NAME, values: [String(this.schoolId)] });
    }
    // A named statement parsed in this round trip is marked parsed by the client on the round trip's first ParseComplete,
    // which may be the settings'. Counted here, so that a statement whose own parse failed is not left marked.
    if (self.name && !this.parsedBefore) {
      const onParsed = () => {
        if (this.parsesBeforeOwn > 0) this.parsesBeforeOwn -= 1;
        else {
          this.ownParsed = true;
          this.stopCounting?.();
        }
      };
      connection.prependListener('parseComplete', onParsed);
      this.stopCounting = () => {
        connection.removeListener('parseComplete', onParsed);
        this.stopCounting = undefined;
      };
    }
    connection.execute({ rows: 0 });
    (BaseQuery.prototype as unknown as { prepare(c: Connection): void }).prepare.call(this, connection);
  }

  handleReadyForQuery(connection: Connection) {
    this.stopCounting?.();
    (BaseQuery.prototype as unknown as { handleReadyForQuery(c: Connection): void }).handleReadyForQuery.call(this, connection);
  }

  handleDataRow(msg: unknown) {
    if (this.settingsPending) return;
    (BaseQuery.prototype as unknown as { handleDataRow(m: unknown): void }).handleDataRow.call(this, msg);
  }

  handleCommandComplete(msg: unknown, connection: Connection) {
    if (this.settingsPending) {
      this.settingsPending = false;
      return;
    }
    (BaseQuery.prototype as unknown as { handleCommandComplete(m: unknown, c: Connection): void }).handleCommandComplete.call(this, msg, connection);
  }

  handleError(err: Error, connection: Connection) {
    // The client marks a named statement parsed on the first ParseComplete of the round trip, which is the settings'
    // one: when the statement's own parse then failed, that mark must not stay.
    const name = (this as unknown as { name?: string }).name;
    this.stopCounting?.();
    if (name && !this.parsedBefore && !this.ownParsed) delete connection.parsedStatements[name];
    (BaseQuery.prototype as unknown as { handleError(e: Error, c: Connection): void }).handleError.call(this, err, connection);
  }
}

/** A server's answer (an SQLSTATE): the connection is clean after it and goes back to the pool. */
const isServerError = (err: unknown) => typeof (err as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((err as { code: string }).code) && 'severity' in (err as object);

function normalize(config: string | QueryConfig, values: unknown[] | undefined, named: boolean): QueryConfig {
  const c: QueryConfig = typeof config === 'string' ? { text: config } : { ...config };
  if (values !== undefined) c.values = values as never;
  if (!named) c.name = undefined;
  return c;
}

/**
 * One request's use of the pool (server/app.ts runs every request inside one). Only a request's first wait for a
 * connection may time out into 503 ERROR_BUSY: once it has had a connection it may have written, and a 503 then
 * would leave its work half-done, so its later waits go on (up to `LATER_WAIT_MS`, a bound for a request that waits
 * on itself). Work outside a request (start-up, background jobs, the school command) never times out.
 */
export const poolRequestScope = new AsyncLocalStorage<{ hadConnection: boolean }>();
const LATER_WAIT_MS = 60_000;

/** The error node-postgres gives for a pool's queue timeout, which server/core/overload.ts answers with 503. */
const queueTimeout = () => new Error('timeout exceeded when trying to connect');

async function acquire(pool: pg.Pool, queueTimeoutMs: number): Promise<pg.PoolClient> {
  const scope = poolRequestScope.getStore();
  const wait = !scope ? 0 : scope.hadConnection ? LATER_WAIT_MS : queueTimeoutMs;
  const connecting = pool.connect();
  let client: pg.PoolClient;
  if (!wait) client = await connecting;
  else {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(queueTimeout()), wait);
    });
    try {
      client = await Promise.race([connecting, timedOut]);
    } catch (err) {
      // the connection still comes, later: it goes straight back
      connecting.then(
        (c) => c.release(),
        () => {},
      );
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
  if (scope) scope.hadConnection = true;
  return client;
}

/**
 * A checked-out connection that the server ends (a restart, `pg_terminate_backend`, an idle-in-transaction timeout, a
 * pooler's own limits) reports it as an `error` event; without a listener Node would end the process. The query in
 * flight fails on its own; the connection is then destroyed, not given back.
 */
function guardCheckedOut(client: pg.PoolClient) {
  const state: { lost?: Error } = {};
  const onError = (err: Error) => {
    state.lost = err;
  };
  client.on('error', onError);
  return {
    state,
    release(err?: Error) {
      client.removeListener('error', onError);
      client.release(err ?? state.lost);
    },
  };
}

/**
 * What Drizzle's node-postgres session is given instead of a `pg.Pool`: the process's one pool, seen as unbound
 * (`schoolId` undefined: the owner's role, no school) or as one school's. Its name holds "Pool", which is how Drizzle
 * knows to take a connection of its own for a transaction.
 */
export class SchoolPool {
  constructor(
    readonly pool: pg.Pool,
    readonly schoolId: number | undefined,
    readonly namedStatements: boolean,
    readonly queueTimeoutMs = 5000,
  ) {}

  async query(config: string | QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await acquire(this.pool, this.queueTimeoutMs);
    const checkedOut = guardCheckedOut(client);
    try {
      const result = await runOn(client, normalize(config, values, this.namedStatements), this.schoolId, this.namedStatements);
      checkedOut.release();
      return result;
    } catch (err) {
      checkedOut.release(isServerError(err) ? undefined : (err as Error));
      throw err;
    }
  }

  /** A connection of its own for a transaction: its `begin` sets the school for the whole transaction. */
  async connect(): Promise<pg.PoolClient> {
    const client = await acquire(this.pool, this.queueTimeoutMs);
    const checkedOut = guardCheckedOut(client);
    const { schoolId, namedStatements } = this;
    let broken: Error | undefined;
    const query = async (config: string | QueryConfig, values?: unknown[]) => {
      const c = normalize(config, values, namedStatements);
      if (schoolId !== undefined && /^begin\b/i.test(c.text) && !c.values?.length) c.text += SCHOOL_BEGIN_SQL(schoolId);
      try {
        return await runOn(client, c, undefined);
      } catch (err) {
        if (!isServerError(err)) broken = err as Error;
        throw err;
      }
    };
    return new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === 'query') return query;
        if (prop === 'release') return (err?: Error | boolean) => checkedOut.release((err instanceof Error ? err : undefined) ?? broken);
        return Reflect.get(target, prop, receiver);
      },
    });
  }

  end() {
    return this.pool.end();
  }
}

function runOn(client: pg.PoolClient, config: QueryConfig, schoolId: number | undefined, namedSettings = false): Promise<pg.QueryResult> {
  if (schoolId === undefined) return client.query(config);
  return new Promise((resolve, reject) => {
    const query = new SchoolQuery(schoolId, namedSettings, config, (err, result) => (err ? reject(err) : resolve(result as pg.QueryResult)));
    client.query(query as never);
  });
}
