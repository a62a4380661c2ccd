import type { FastifyInstance, FastifyRequest } from 'fastify';
import { demoAudit, events } from '../db/schema/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records a user event for the reports; does nothing for calls made in demo mode. */
    recordEvent(req: FastifyRequest, kind: string, subject?: { type: string; id: number }, data?: unknown): Promise<void>;
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
