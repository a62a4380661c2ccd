import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';

/** The PostgreSQL channel every API process listens on (docs/deployment.md "What the processes share"). */
export const BROADCAST_CHANNEL = 'lms_broadcast';

/**
 * A broadcast as heard: its topic, the sender (`db` for the database's own triggers, migration 0023) and whatever the
 * sender added, e.g. `user` for `signed-in`.
 */
export interface BroadcastMessage {
  topic: string;
  from: string;
  [field: string]: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Tells every API process (this one at once, the others through PostgreSQL's NOTIFY) that `topic` happened,
     * e.g. `tenant-caches` when a school's section flags changed. On PGlite there is only this process.
     */
    broadcast(topic: string): void;
    /** Runs `fn` whenever `topic` is broadcast, by this process, another one or the database. */
    onBroadcast(topic: string, fn: (message: BroadcastMessage) => void): void;
    /**
     * Runs `fn(true)` when this process starts hearing the others (its LISTEN connection is open) and `fn(false)` when
     * it stops (the connection was lost: what is sent meanwhile is never heard). Never runs on PGlite, where there is
     * nobody else to hear. A cache that other processes or the database must be able to empty is kept only while heard.
     */
    onBroadcastLink(fn: (heard: boolean) => void): void;
    /**
     * Resolves once this process has heard, on its own LISTEN connection, a message it sent after everything it had
     * committed so far: PostgreSQL delivers messages in commit order, so by then the database's messages about those
     * changes (migration 0023's triggers) have gone out to every listening process (issue 27, defect 9). `true` when
     * heard, `false` after `timeoutMs` or when there is nobody to hear (PGlite, the connection down).
     */
    heardOwnChanges(timeoutMs?: number): Promise<boolean>;
  }
}

/**
 * Cache invalidation across API processes (issue 16 item 3): a process that changes something other processes keep
 * in memory broadcasts a topic; each process, on PostgreSQL, holds one extra connection that LISTENs on
 * BROADCAST_CHANNEL and runs the topic's handlers. A message names its sender so a process does not run its handlers
 * twice. A lost connection is opened again; while it is down the caches fall back on their own short lifetimes, or
 * (`onBroadcastLink`) are not kept at all.
 */
export function installBroadcast(app: FastifyInstance, database: Database) {
  const handlers = new Map<string, ((message: BroadcastMessage) => void)[]>();
  const linkHandlers: ((heard: boolean) => void)[] = [];
  const me = `${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const run = (message: BroadcastMessage) => {
    for (const fn of handlers.get(message.topic) ?? []) fn(message);
  };
  /** `heardOwnChanges` calls waiting for their own message, by its id. */
  const waiting = new Map<string, (heard: boolean) => void>();
  let linked = false;
  app.decorate('onBroadcast', (topic: string, fn: (message: BroadcastMessage) => void) => {
    handlers.set(topic, [...(handlers.get(topic) ?? []), fn]);
  });
  app.decorate('onBroadcastLink', (fn: (heard: boolean) => void) => {
    linkHandlers.push(fn);
  });
  app.decorate('broadcast', (topic: string) => {
    run({ topic, from: me });
    if (database.kind !== 'postgres') return;
    database.db.$client.query('select pg_notify($1, $2)', [BROADCAST_CHANNEL, JSON.stringify({ topic, from: me })]).catch((err: Error) => app.log.warn({ err, topic }, 'broadcast not sent'));
  });
  app.decorate('heardOwnChanges', async (timeoutMs = 1000) => {
    if (!database.listen || !linked) return false;
    const id = randomUUID();
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => settle(false), timeoutMs);
      const settle = (yes: boolean) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(yes);
      };
      waiting.set(id, settle);
    });
    database.db.$client.query('select pg_notify($1, $2)', [BROADCAST_CHANNEL, JSON.stringify({ topic: 'heard', from: me, id })]).catch((err: Error) => {
      app.log.warn({ err }, 'broadcast not sent');
      waiting.get(id)?.(false);
    });
    return heard;
  });
  if (database.listen) {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = await database.listen!(
        BROADCAST_CHANNEL,
        (payload) => {
          let message: BroadcastMessage;
          try {
            message = JSON.parse(payload) as BroadcastMessage;
          } catch {
            return; // not ours
          }
          if (message.topic === 'heard') {
            if (message.from === me && typeof message.id === 'string') waiting.get(message.id)?.(true);
            return;
          }
          if (message.from !== me) run(message);
        },
        (heard) => {
          linked = heard;
          if (!heard) for (const settle of [...waiting.values()]) settle(false);
          if (!heard) app.log.warn('broadcasts from other API processes are not heard until the connection is back');
          for (const fn of linkHandlers) fn(heard);
        },
      );
    });
    app.addHook('onClose', async () => {
      linked = false;
      for (const settle of [...waiting.values()]) settle(false);
      for (const fn of linkHandlers) fn(false);
      await stop?.();
    });
  }
}
