import { fileAnswer } from '../../core/responses.ts';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.ts';
import { tenantAccess, tenants, type AccessFlag } from '../../db/schema/index.ts';
import { AppError } from '../../core/errors.ts';
import { storedPath } from '../../core/storage.ts';
import { sendImage } from '../../core/file-types.ts';
import { IdParams } from '../../core/schemas.ts';
import { readSetting } from '../../core/settings.ts';
import { ClientSettingValue, PublicAccessAnswer, PublicLogoAnswer, PublicSettingAnswer, SomeSocialLinksAnswer } from './responses.ts';
import { Type, type Static } from 'typebox';

const tags = ['school'];

/** Client settings the apps may read (13 theme, 16 learning durations, 17 instalments, 19 calendar id) and their defaults. */
export const CLIENT_SETTINGS: Record<string, unknown> = {
  '13': 'light',
  '16': [
    { format: 'full-time', months: 24 },
    { format: 'blended', months: 18 },
    { format: 'online', months: 12 },
  ],
  '17': [6, 12, 18, 24, 36],
  '19': '',
};

/** Switches a section flag of the school `db` is bound to (`req.db`, `app.schoolDb(id)`); the handle stamps the school. */
export async function setAccessFlag(db: Db, flag: AccessFlag, on: boolean) {
  await db
    .insert(tenantAccess)
    .values({ [flag]: on })
    .onConflictDoUpdate({ target: tenantAccess.tenant_id, set: { [flag]: on } });
}

/** Feature access, client settings, logo and social links of the school (learner area). */
export async function publicSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/access', { config: { auth: 'optional' }, schema: { tags, summary: 'Which optional sections the school has switched on', response: { 200: PublicAccessAnswer } } }, async (req) => {
    const f = await fastify.accessFlags(req.tenant.id);
    return {
      data: {
        networking: { enabled: f.networking },
        lifelong_learning: { enabled: f.lifelong_learning },
        rating: { enabled: f.rating },
        message: f.message,
        payment: f.payment,
      },
    };
  });

  app.get(
    '/api/setting/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'A client setting: 13 theme, 16 learning durations, 17 instalments, 19 calendar id',
        params: IdParams,
        response: { 200: PublicSettingAnswer },
      },
    },
    async (req) => {
      const key = String(req.params.id);
      if (!(key in CLIENT_SETTINGS)) throw new AppError(404, 'NOT_FOUND_SETTING', 'No such setting');
      const value = ((await readSetting(req.db, key)) ?? CLIENT_SETTINGS[key]) as Static<typeof ClientSettingValue>;
      return { data: { id: req.params.id, value } };
    },
  );

  app.get(
    '/api/logo',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: "The school's logo (null when none), title and interface languages (the default first; set by `npm run school -- create`, docs/operations.md)",
        response: { 200: PublicLogoAnswer },
      },
    },
    async (req) => {
      const logo = await readSetting<string>(req.db, 'logo');
      // the bound handle reads the request's own school's row
      const [school] = await req.db.select({ languages: tenants.languages }).from(tenants);
      return { data: { url: logo ? `/api/files/logo?v=${encodeURIComponent(logo)}` : null, title: req.tenant.title, languages: school.languages } };
    },
  );

  app.get(
    '/api/files/logo',
    {
      config: { auth: 'public' },
      schema: { tags, summary: "The school's logo image", security: [], response: { 200: fileAnswer(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'], 'The logo') } },
    },
    async (req, reply) => {
      const logo = await readSetting<string>(req.db, 'logo');
      if (!logo) throw new AppError(404, 'NOT_FOUND_FILE', 'No logo');
      const path = storedPath(app.config.dataDir, req.tenant.slug, logo);
      return sendImage(reply, path, 'public, max-age=3600');
    },
  );

  app.get('/api/social/link', { config: { auth: 'optional' }, schema: { tags, summary: "The school's social network links", response: { 200: SomeSocialLinksAnswer } } }, async (req) => {
    return { data: (await readSetting<Record<string, string>>(req.db, 'social')) ?? {} };
  });
}
