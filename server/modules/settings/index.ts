import type { FastifyInstance } from 'fastify';
import { publicSettingsRoutes } from './public.ts';
import { adminSettingsRoutes } from './admin.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { setAccessFlag, CLIENT_SETTINGS } from './public.ts';
export { welcomeInBackground } from './welcome.ts';

/**
 * A school's settings and section flags: what the apps read (`public.ts`: /api/access, /api/setting/{id}, the logo,
 * the social links) and what its admins change (`admin.ts`: client settings, SMTP, flags, logo, welcome mail), over
 * one store (docs/settings-and-mail.md).
 */
export default async function settings(fastify: FastifyInstance) {
  await publicSettingsRoutes(fastify);
  await adminSettingsRoutes(fastify);
}
