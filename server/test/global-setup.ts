import type { TestProject } from 'vitest/node';
import { makeSeededStart, type SeededStart } from './seeded-start.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededStart: SeededStart;
  }
}

/** One seeded start for the projects of a run (vitest.config.ts: `apps` and `server` both run this setup). */
let made: ReturnType<typeof makeSeededStart> | undefined;
let users = 0;

/** Vitest's global setup: the seeded start the API tests copy (server/test/seeded-start.ts), removed at the end. */
export default async function setup(project: TestProject) {
  made ??= makeSeededStart(process.env.TEST_DATABASE_URL || undefined);
  users += 1;
  const { start, remove } = await made;
  project.provide('seededStart', start);
  return async () => {
    users -= 1;
    if (users === 0) {
      made = undefined;
      await remove();
    }
  };
}
