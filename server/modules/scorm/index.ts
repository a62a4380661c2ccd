import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin.ts';
import { learnerRoutes } from './learner.ts';
import { contentRoutes } from './content.ts';

/** The module's public face: what other parts may use (docs/server-layout.md). */
export { makePackage, manifestOf, type MadePackage } from './package-maker.ts';
export { zipOf, type ZipEntry } from './zip-writer.ts';
export { attemptDone } from './cmi.ts';
export { unpack as unpackPackage } from './store.ts';
export { defaultLimits as packageLimits } from './archive.ts';

/**
 * SCORM 1.2 and 2004 packages as materials (issue 33, docs/standards.md "SCORM"): the back office uploads a package
 * (`admin.ts`: checked entry by entry in `archive.ts`, its manifest read in `manifest.ts`, extracted under the school's
 * folder), the portal launches it and commits the learner's run-time data (`learner.ts`, element names mapped in
 * `cmi.ts`), and the package's files are served under a launch's key in a sandbox (`content.ts`); rows in `store.ts`.
 */
export default async function scormModule(fastify: FastifyInstance) {
  adminRoutes(fastify);
  learnerRoutes(fastify);
  contentRoutes(fastify);
}
