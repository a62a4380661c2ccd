import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/** The PostgreSQL channel every API process listens on (docs/deployment.md "What the processes share"). */
export const BROADCAST_CHANNEL = 'lms_broadcast';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Tells every API process (this one at once, the others through PostgreSQL's NOTIFY) that `topic` happened,
     * e.g. `tenant-caches` when a school's section flags changed. On PGlite there is only this process.
     */
    broadcast(topic: string): void;
    /** Runs `fn` whenever `topic` is broadcast, by this process or another one. */
    onBroadcast(topic: string, fn: () => void): void;
  }
}

/**
 * Cache invalidation across API processes (issue 16 item 3): a process that changes something other processes keep
 * in memory broadcasts a topic; each process, on PostgreSQL, holds one extra connection that LISTENs on
 * BROADCAST_CHANNEL and runs the topic's handlers. A message names its sender so a process does not run its handlers
 * twice. A lost connection is opened again; while it is down the caches fall back on their own short lifetimes.
 */
export function installBroadcast(app: FastifyInstance, database: Database) {
  const handlers = new Map<string, (() => void)[]>();
  const me = `${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const run = (topic: string) => {
    for (const fn of handlers.get(topic) ?? []) fn();
  };
  app.decorate('onBroadcast', (topic: string, fn: () => void) => {
    handlers.set(topic, [...(handlers.get(topic) ?? []), fn]);
  });
  app.decorate('broadcast', (topic: string) => {
    run(topic);
    if (database.kind !== 'postgres') return;
    database.db.$client.query('select pg_notify($1, $2)', [BROADCAST_CHANNEL, JSON.stringify({ topic, from: me })]).catch((err: Error) => app.log.warn({ err, topic }, 'broadcast not sent'));
  });
  if (database.listen) {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = await database.listen!(BROADCAST_CHANNEL, (payload) => {
        try {
          const m = JSON.parse(payload) as { topic: string; from: string };
          if (m.from !== me) run(m.topic);
        } catch {
          // not ours
        }
      });
    });
    app.addHook('onClose', async () => stop?.());
  }
}
