import type { FastifyInstance, FastifyRequest } from 'fastify';
import { demoAudit, events } from '../db/schema/index.ts';
import { createEventBatch } from './event-batch.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records a user event for the reports; does nothing for calls made in demo mode. */
    recordEvent(req: FastifyRequest, kind: string, subject?: { type: string; id: number }, data?: unknown): Promise<void>;
    /**
     * Records an event with the process's next batch (server/core/event-batch.ts), for the events of every answer; the
     * rules of `recordEvent` (nothing in demo mode). Its time is now, whenever the batch is written.
     */
    recordEventSoon(req: FastifyRequest, kind: string, subject?: { type: string; id: number }, data?: unknown): void;
    /** Whether `recordEventSoon` batches (`ACTIVITY_BATCH_MS` > 0); when it does not, callers write the event themselves. */
    eventsBatched: boolean;
    /** Writes the events that wait in this process's batch. */
    flushEvents(): Promise<void>;
  }
}

/** Demo-mode audit ("admin X acting as user Y") and the event log the reports read. */
export function installActivity(app: FastifyInstance) {
  app.decorate('recordEvent', async (req: FastifyRequest, kind: string, subject?: { type: string; id: number }, data?: unknown) => {
    if (req.actorId || !req.user) return;
    await app.db.insert(events).values({
      tenant_id: req.tenant.id,
      user_id: req.user.id,
      kind,
      subject_type: subject?.type,
      subject_id: subject?.id,
      data: data ?? null,
    });
  });
  const batch = createEventBatch({
    delayMs: app.config.activityBatchMs,
    maxRows: 1000,
    write: async (rows) => {
      await app.db.insert(events).values(rows);
    },
    onLost: (err, rows) => app.log.warn({ err, events: rows.length }, 'activity events not recorded'),
  });
  app.decorate('eventsBatched', app.config.activityBatchMs > 0);
  app.decorate('recordEventSoon', (req: FastifyRequest, kind: string, subject?: { type: string; id: number }, data?: unknown) => {
    if (req.actorId || !req.user) return;
    batch.add({ tenant_id: req.tenant.id, user_id: req.user.id, kind, subject_type: subject?.type, subject_id: subject?.id, data: data ?? null, created_at: new Date() });
  });
  app.decorate('flushEvents', () => batch.flush());
  // before the database closes (server/main.ts closes it after the app): a graceful stop loses no event
  app.addHook('onClose', async () => batch.flush());
  // written before the answer leaves (not after it): whoever reads the journal next sees the call
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.actorId || !req.user) return payload;
    await app.db.insert(demoAudit).values({
      tenant_id: req.tenant.id,
      actor_id: req.actorId,
      user_id: req.user.id,
      method: req.method,
      url: req.url.slice(0, 500),
      status: reply.statusCode,
    });
    return payload;
  });
}
