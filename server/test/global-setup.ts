import type { TestProject } from 'vitest/node';
import { makeSeededStart, type SeededStart } from './seeded-start.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededStart: SeededStart;
  }
}

/** Vitest's global setup: the seeded start the API tests copy (server/test/seeded-start.ts), removed at the end. */
export default async function setup(project: TestProject) {
  const { start, remove } = await makeSeededStart(process.env.TEST_DATABASE_URL || undefined);
  project.provide('seededStart', start);
  return remove;
}
