import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { Db } from '../../db/client.ts';
import { accessFlags as ACCESS_FLAGS, type AccessFlag } from '../../db/schema/index.ts';
import { AppError, ValidationError, fieldError, notFound } from '../../core/errors.ts';
import { isUploadedFile } from '../../core/multipart.ts';
import { keepUpload } from '../../core/storage.ts';
import type { EmailSettings } from '../../mail/mailer.ts';
import { langOf } from '../../mail/texts.ts';
import { CLIENT_SETTINGS, setAccessFlag } from './public.ts';
import { readSetting } from '../../core/settings.ts';
import { storedPath } from '../../core/storage.ts';
import { imageType } from '../../core/file-types.ts';
import { dropSetting, writeSetting } from './store.ts';
import { registrationOpen, setRegistration } from '../accounts/index.ts';
import { DEFAULT_WELCOME, type WelcomeMail } from './welcome.ts';
import { IdParams } from '../../core/schemas.ts';
import { listOf, dataOf } from '../../core/responses.ts';
import { AccessFlags, AdminEmailsAnswer, ClientSetting, ClientSettingValue, EmailSettingsAnswer, LogoAnswer, RegistrationAnswer, SOCIAL_KEYS, SocialLinks, WelcomeMailAnswer } from './responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { INSTALMENTS } from '../../../common/payments/terms.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */

const tags = ['admin: settings'];
const ADMINS = ACCESS.school.read;
const config = { roles: [...ADMINS] };
const writeConfig = { roles: [...ADMINS], noDemo: true };

/** Names of the client settings (ids of the specification). */
export const SETTING_NAMES: Record<string, string> = { '13': 'theme', '16': 'learning_durations', '17': 'instalments', '19': 'calendar_id' };
export { SOCIAL_KEYS };

/** Checks the value of a client setting by id; answers the value to store (422 `Validation Error` on `value` otherwise). */
export function checkClientSetting(id: string, value: unknown): unknown {
  const bad = (msg = 'validation.format') => fieldError('value', msg);
  switch (id) {
    case '13':
      if (value !== 'light' && value !== 'dark') throw bad('validation.choice');
      return value;
    case '16': {
      if (!Array.isArray(value) || value.length < 1 || value.length > 20) throw bad();
      const errors: Record<string, string[]> = {};
      const out = value.map((d, i) => {
        const item = (d ?? {}) as { format?: unknown; months?: unknown };
        const format = typeof item.format === 'string' ? item.format.trim() : '';
        const months = Number(item.months);
        if (!format || format.length > 64) errors[`value.${i}.format`] = ['validation.required'];
        if (!Number.isInteger(months) || months < 1 || months > 120) errors[`value.${i}.months`] = ['validation.format'];
        return { format, months };
      });
      if (Object.keys(errors).length) throw new ValidationError(errors);
      if (new Set(out.map((d) => d.format)).size !== out.length) throw bad('validation.unique');
      return out;
    }
    case '17': {
      if (!Array.isArray(value) || value.length < 1) throw bad('validation.required');
      const nums = value.map(Number);
      if (nums.some((n) => !(INSTALMENTS as readonly number[]).includes(n))) throw bad('validation.choice');
      return [...new Set(nums)].sort((a, b) => a - b);
    }
    case '19':
      if (typeof value !== 'string' || value.length > 255) throw bad();
      return value.trim();
    default:
      throw notFound('setting');
  }
}

const Email = Type.String({ format: 'email', maxLength: 255 });
const EmailSettingsBody = Type.Object({
  host: Type.String({ maxLength: 255 }),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  username: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  password: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  encryption: Type.Union([Type.Literal('none'), Type.Literal('ssl'), Type.Literal('tls')]),
  from_address: Type.Optional(Type.Union([Email, Type.Literal(''), Type.Null()])),
  from_name: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
});
const MailText = Type.Object({ subject: Type.String({ minLength: 1, maxLength: 255 }), body: Type.String({ minLength: 1, maxLength: 20_000 }) });
/** Every social network, empty when its link is unset. */
const allLinks = (links: Record<string, string>) => ({ ...Object.fromEntries(SOCIAL_KEYS.map((k) => [k, ''])), ...links }) as Static<typeof SocialLinks>;
const Url = Type.Union([Type.String({ format: 'uri', pattern: '^https?://', maxLength: 500 }), Type.Literal(''), Type.Null()]);

/** The e-mail settings as the back office sees them: never the password, only whether one is stored. */
export function publicEmailSettings(s: EmailSettings | undefined) {
  return {
    host: s?.host ?? '',
    port: s?.port ?? 587,
    username: s?.username ?? '',
    encryption: s?.encryption ?? 'tls',
    from_address: s?.from_address ?? '',
    from_name: s?.from_name ?? '',
    has_password: !!s?.password,
  };
}

/**
 * Settings of the school for admins and superadmins: client settings 13/16/17/19, logo, SMTP (with a test mail),
 * social links, admin e-mails, welcome mail texts and the section flags (docs/settings-and-mail.md).
 */
export async function adminSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const clientValue = async (db: Db, id: string) => ((await readSetting(db, id)) ?? CLIENT_SETTINGS[id]) as Static<typeof ClientSettingValue>;

  app.get(
    '/admin/setting',
    {
      config,
      schema: { tags, summary: 'Client settings 13 theme, 16 learning durations, 17 instalments, 19 calendar id, with their values (defaults when unset)', response: { 200: listOf(ClientSetting) } },
    },
    async (req) => {
      const data = await Promise.all(Object.keys(SETTING_NAMES).map(async (id) => ({ id: Number(id), name: SETTING_NAMES[id], value: await clientValue(req.db, id) })));
      return { data, meta: { current_page: 1, last_page: 1, from: 1, to: data.length, total: data.length, per_page: data.length } };
    },
  );

  // ---- named settings (static paths win over /admin/setting/:id) -------------------------------
  app.get(
    '/admin/setting/social',
    { config, schema: { tags, summary: 'Social network links of the school (also served by /api/social/link)', response: { 200: dataOf(SocialLinks) } } },
    async (req) => ({
      data: allLinks((await readSetting<Record<string, string>>(req.db, 'social')) ?? {}),
    }),
  );

  app.put(
    '/admin/setting/social',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: `Social links: ${SOCIAL_KEYS.join(', ')} (http(s) addresses; empty removes one)`,
        body: Type.Partial(Type.Object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, Url])))),
        response: { 200: dataOf(SocialLinks) },
      },
    },
    async (req) => {
      const body = req.body as Record<string, string | null | undefined>;
      const links = Object.fromEntries(SOCIAL_KEYS.filter((k) => body[k]).map((k) => [k, String(body[k]).trim()]));
      await writeSetting(req.db, 'social', links);
      return { data: allLinks(links) };
    },
  );

  app.get(
    '/admin/setting/registration',
    { config, schema: { tags, summary: 'Whether students may sign up by themselves in the portal (self_registration; unset: no)', response: { 200: RegistrationAnswer } } },
    async (req) => ({
      data: { open: await registrationOpen(req.db) },
    }),
  );

  app.put(
    '/admin/setting/registration',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: "Open or close self-registration (POST /api/register and the portal's sign-up screen)",
        body: Type.Object({ open: Type.Boolean() }),
        response: { 200: RegistrationAnswer },
      },
    },
    async (req) => {
      await setRegistration(req.db, req.body.open);
      return { data: { open: req.body.open } };
    },
  );

  app.get(
    '/admin/setting/adminEmails',
    { config, schema: { tags, summary: "E-mails that get admin notifications (empty: the school's admins)", response: { 200: AdminEmailsAnswer } } },
    async (req) => ({
      data: { emails: (await readSetting<string[]>(req.db, 'admin_emails')) ?? [] },
    }),
  );

  app.put(
    '/admin/setting/adminEmails',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: "Set the admin notification e-mails (an empty list: the school's admins get them)",
        body: Type.Object({ emails: Type.Array(Email, { maxItems: 50 }) }),
        response: { 200: AdminEmailsAnswer },
      },
    },
    async (req) => {
      const emails = [...new Set(req.body.emails.map((e) => e.trim().toLowerCase()))];
      if (emails.length) await writeSetting(req.db, 'admin_emails', emails);
      else await dropSetting(req.db, 'admin_emails');
      return { data: { emails } };
    },
  );

  app.get(
    '/admin/setting/welcomeMail',
    {
      config,
      schema: { tags, summary: 'Welcome mail subject and body in Russian and English (placeholders {name} {login} {email} {password} {school} {link})', response: { 200: WelcomeMailAnswer } },
    },
    async (req) => {
      const stored = await readSetting<Partial<WelcomeMail>>(req.db, 'welcome_mail');
      return { data: { ru: stored?.ru ?? DEFAULT_WELCOME.ru, en: stored?.en ?? DEFAULT_WELCOME.en, is_default: !stored } };
    },
  );

  app.put(
    '/admin/setting/welcomeMail',
    {
      config: writeConfig,
      schema: { tags, summary: 'Set the welcome mail texts in both languages', body: Type.Object({ ru: MailText, en: MailText }), response: { 200: WelcomeMailAnswer } },
    },
    async (req) => {
      const value = { ru: { subject: req.body.ru.subject.trim(), body: req.body.ru.body }, en: { subject: req.body.en.subject.trim(), body: req.body.en.body } };
      await writeSetting(req.db, 'welcome_mail', value);
      return { data: { ...value, is_default: false } };
    },
  );

  app.put(
    '/admin/setting/3/changeLogo',
    {
      config: { ...writeConfig, upload: { maxFileSize: 5 * 1024 * 1024, sizeError: 'ERROR_MAX_SIZE_5', maxFiles: 1 } },
      schema: {
        tags,
        summary: 'Replace the logo (form data `value`: JPEG, PNG, WebP or GIF, at most 5 MB; POST with _method=PUT)',
        consumes: ['multipart/form-data'],
        body: Type.Object({ value: Type.Any() }),
        response: { 200: LogoAnswer },
      },
    },
    async (req) => {
      const file = (req.body as { value: unknown }).value;
      if (!isUploadedFile(file)) throw fieldError('value', 'validation.required');
      if (!imageType(file.head)) throw new AppError(415, 'ERROR_EXT_TYPE', 'Only JPEG, PNG, WebP or GIF images', { allowed: 'jpg, png, webp, gif' });
      const previous = await readSetting<string>(req.db, 'logo');
      const rel = await keepUpload(app.config.dataDir, req.tenant.slug, 'logos', file);
      await writeSetting(req.db, 'logo', rel);
      if (previous && previous !== rel) await rm(storedPath(app.config.dataDir, req.tenant.slug, previous), { force: true }).catch(() => undefined);
      return { data: { id: 3 as const, url: `/api/files/logo?v=${encodeURIComponent(rel)}` } };
    },
  );

  app.delete('/admin/setting/3/changeLogo', { config: writeConfig, schema: { tags, summary: "Remove the logo (the portal shows the school's title)", response: { 200: LogoAnswer } } }, async (req) => {
    const previous = await readSetting<string>(req.db, 'logo');
    await dropSetting(req.db, 'logo');
    if (previous) await rm(storedPath(app.config.dataDir, req.tenant.slug, previous), { force: true }).catch(() => undefined);
    return { data: { id: 3 as const, url: null } };
  });

  // ---- client settings by id ---------------------------------------------------------------------
  app.get('/admin/setting/:id', { config, schema: { tags, summary: 'One client setting (13, 16, 17, 19)', params: IdParams, response: { 200: dataOf(ClientSetting) } } }, async (req) => {
    const id = String(req.params.id);
    if (!(id in SETTING_NAMES)) throw notFound('setting');
    return { data: { id: req.params.id, name: SETTING_NAMES[id], value: await clientValue(req.db, id) } };
  });

  app.put(
    '/admin/setting/:id',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: 'Set a client setting: 13 "light"|"dark"; 16 [{format, months}]; 17 a subset of 6, 12, 18, 24, 36; 19 a calendar id',
        params: IdParams,
        body: Type.Object({ value: Type.Unknown() }),
        response: { 200: dataOf(ClientSetting) },
      },
    },
    async (req) => {
      const id = String(req.params.id);
      if (!(id in SETTING_NAMES)) throw notFound('setting');
      if (!('value' in (req.body as object))) throw fieldError('value', 'validation.required');
      const value = checkClientSetting(id, req.body.value) as Static<typeof ClientSettingValue>;
      await writeSetting(req.db, id, value);
      return { data: { id: req.params.id, name: SETTING_NAMES[id], value } };
    },
  );

  // ---- e-mail (SMTP) ----------------------------------------------------------------------------
  app.get(
    '/admin/email/setting',
    { config, schema: { tags, summary: 'SMTP settings of the school (the password is never answered: has_password says whether one is stored)', response: { 200: EmailSettingsAnswer } } },
    async (req) => ({
      data: publicEmailSettings(await readSetting<EmailSettings>(req.db, 'email')),
    }),
  );

  app.put(
    '/admin/email/setting',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: 'Set the SMTP settings (an empty password keeps the stored one; an empty host: mail goes to the outbox)',
        body: EmailSettingsBody,
        response: { 200: EmailSettingsAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      const old = await readSetting<EmailSettings>(req.db, 'email');
      const value: EmailSettings = {
        host: b.host.trim(),
        port: b.port,
        username: b.username?.trim() || undefined,
        password: b.password ? b.password : old?.password,
        encryption: b.encryption,
        from_address: b.from_address?.trim() || undefined,
        from_name: b.from_name?.trim() || undefined,
      };
      if (!value.username) value.password = undefined;
      await writeSetting(req.db, 'email', value);
      return { data: publicEmailSettings(value) };
    },
  );

  app.post(
    '/admin/email/setting/test',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: 'Send a test mail to `to` through the stored SMTP settings; 502 ERROR_SEND_MAIL with the reason when it fails',
        body: Type.Object({ to: Email }),
        response: { 200: dataOf(Type.Object({ sent: Type.Literal(true), to: Type.String() })) },
      },
    },
    async (req) => {
      const smtp = await readSetting<EmailSettings>(req.db, 'email');
      if (!smtp?.host) throw new AppError(409, 'ERROR_SEND_MAIL', 'No SMTP server is set', { error: 'no host' });
      const en = langOf(req.headers['accept-language']) === 'en';
      const result = await app.mailer.send(req.tenant, {
        to: req.body.to,
        subject: en ? `${req.tenant.title}: test mail` : `${req.tenant.title}: тестовое письмо`,
        text: en ? 'The mail settings of the school work: this message went through them.' : 'Настройки почты школы работают: это письмо отправлено через них.',
      });
      if (!result.sent) throw new AppError(502, 'ERROR_SEND_MAIL', 'The SMTP server refused or cannot be reached', { error: result.error ?? '' });
      return { data: { sent: true as const, to: req.body.to } };
    },
  );

  // ---- section flags ---------------------------------------------------------------------------
  app.get(
    '/admin/access',
    { config, schema: { tags, summary: 'Section flags of the school: networking, lifelong_learning, rating, message, payment', response: { 200: dataOf(AccessFlags) } } },
    async (req) => ({
      data: await fastify.accessFlags(req.tenant.id),
    }),
  );

  app.put(
    '/admin/access',
    {
      config: writeConfig,
      schema: {
        tags,
        summary: 'Switch sections on or off (only the flags given change)',
        body: Type.Partial(Type.Object(Object.fromEntries(ACCESS_FLAGS.map((f) => [f, Type.Boolean()])))),
        response: { 200: dataOf(AccessFlags) },
      },
    },
    async (req) => {
      const body = req.body as Partial<Record<AccessFlag, boolean>>;
      for (const flag of ACCESS_FLAGS) if (typeof body[flag] === 'boolean') await setAccessFlag(req.db, flag, body[flag]);
      fastify.forgetTenantCaches();
      return { data: await fastify.accessFlags(req.tenant.id) };
    },
  );
}
