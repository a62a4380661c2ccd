import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Work that goes on after the answer is sent (a welcome mail): kept until it settles, and awaited when the server
     * closes, so that nothing of it still writes (the mail outbox, the database) after `app.close()` has returned.
     */
    background<T>(work: Promise<T>): Promise<T>;
    /** Resolves once no such work is left (what the close awaits; a test that counts statements awaits it first). */
    backgroundSettled(): Promise<void>;
  }
}

export function installBackground(app: FastifyInstance) {
  const pending = new Set<Promise<unknown>>();
  app.decorate('background', <T>(work: Promise<T>) => {
    pending.add(work);
    void work.then(
      () => pending.delete(work),
      () => pending.delete(work),
    );
    return work;
  });
  const settled = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  app.decorate('backgroundSettled', settled);
  app.addHook('onClose', settled);
}
