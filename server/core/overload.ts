/**
 * Overload is an answer, not a failure (issue 26 item 3, docs/api.md "Busy"): when the database refuses a connection,
 * cannot be reached, or this process's pool queue waits longer than `DB_QUEUE_TIMEOUT_MS`, the API answers
 * 503 `ERROR_BUSY` with `Retry-After` instead of 500. This module only tells such an error from the others; the error
 * handler (server/core/errors.ts) answers it.
 *
 * A refusal at a request's first statement leaves nothing written, and a connection lost in the middle of a transaction
 * is rolled back by the database itself; a route with several statements outside one transaction can still be cut
 * between them (docs/api.md "Busy").
 */

/** SQLSTATEs of PostgreSQL that mean "not now": too many connections, out of resources, starting or stopping. */
const BUSY_SQLSTATES = new Set([
  '53300', // too_many_connections: max_connections, or a role's or database's CONNECTION LIMIT
  '53400', // configuration_limit_exceeded
  '57P03', // cannot_connect_now: the server is starting up, shutting down or in recovery
  '57P01', // admin_shutdown: the server is restarting (or an operator ended the connection)
  '57P02', // crash_shutdown: the server restarts after another backend crashed
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

/**
 * SQLSTATEs whose meaning depends on the text: PgBouncer answers its refusals, and passes on PostgreSQL's refusals of its
 * own logins, as 08P01 (protocol_violation); PostgreSQL answers a database closed to connections (`ALTER DATABASE …
 * ALLOW_CONNECTIONS false`, maintenance) as 55000.
 */
const BUSY_BY_TEXT: Record<string, RegExp> = {
  '08P01': new RegExp(
    [
      // PgBouncer's own
      'no more connections allowed|query_wait_timeout|cannot connect to server|server login has been failing|server conn crashed|bouncer resources exhaustion|pooler is shutting down',
      // PostgreSQL's refusal of the pooler's server login, which PgBouncer passes on under 08P01 with its text
      'not currently accepting connections|too many connections|too many clients|remaining connection slots are reserved|the database system is (starting up|shutting down|in recovery)',
    ].join('|'),
    'i',
  ),
  '55000': /is not currently accepting connections/i,
};

/** Errors of the network while the driver connects or talks to the database: it cannot be reached now. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);

/**
 * What node-postgres and its pool say (plain Errors, no code): the pool's queue waited `connectionTimeoutMillis`
 * ("timeout exceeded when trying to connect"), a new connection took longer than that, or the server closed it.
 */
const DRIVER_MESSAGES = [/^timeout exceeded when trying to connect$/, /^Connection terminated due to connection timeout$/, /^Connection terminated unexpectedly$/];

/** Whether one error (not its causes) is a refusal or unavailability of the database. */
function isBusyError(e: object): boolean {
  const { code, message } = e as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (typeof code === 'string') {
    if (BUSY_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return true;
    if (Object.hasOwn(BUSY_BY_TEXT, code) && BUSY_BY_TEXT[code].test(text)) return true;
  }
  return e instanceof Error && DRIVER_MESSAGES.some((m) => m.test(text));
}

/**
 * Whether `err` means the database is too busy or unreachable to serve the request now: the error itself, its `cause`
 * chain (Drizzle wraps the driver's error in one of its own) or, for an AggregateError (a host name with two
 * addresses, both refused), any of its errors.
 */
export function isOverload(err: unknown): boolean {
  const seen = new Set<object>();
  const visit = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || depth > 5 || seen.has(e)) return false;
    seen.add(e);
    if (isBusyError(e)) return true;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    if (Array.isArray(errors) && errors.some((x) => visit(x, depth + 1))) return true;
    return visit(cause, depth + 1);
  };
  return visit(err, 0);
}
