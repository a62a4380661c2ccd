import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { MailResult, MailTenant } from '../../mail/mailer.ts';
import { langOf, type Lang } from '../../mail/texts.ts';
import { readSetting } from '../../core/settings.ts';
import { webOrigin } from '../../mail/links.ts';

/** Welcome mail texts of a school, per language (settings key `welcome_mail`). */
export interface WelcomeMail {
  ru: { subject: string; body: string };
  en: { subject: string; body: string };
}

/** Used while the school has not written its own texts. Placeholders: {name}, {login}, {email}, {password}, {school}, {link}. */
export const DEFAULT_WELCOME: WelcomeMail = {
  ru: {
    subject: '{school}: добро пожаловать',
    body: 'Здравствуйте, {name}!\n\nДля вас создана учётная запись на портале {school}.\nЛогин: {login}\nПароль: {password}\n\nВойти: {link}',
  },
  en: {
    subject: '{school}: welcome',
    body: 'Hello, {name}!\n\nAn account has been created for you on the {school} portal.\nLogin: {login}\nPassword: {password}\n\nSign in: {link}',
  },
};

export const PLACEHOLDERS = ['name', 'login', 'email', 'password', 'school', 'link'] as const;
export type WelcomeValues = Partial<Record<(typeof PLACEHOLDERS)[number], string>>;

/** Replaces `{key}` by its value; a placeholder without a value becomes an empty string (a password is not always known). */
export function fillTemplate(text: string, values: WelcomeValues) {
  return text.replace(/\{(\w+)\}/g, (all, key: string) => ((PLACEHOLDERS as readonly string[]).includes(key) ? (values[key as keyof WelcomeValues] ?? '') : all));
}

/** The welcome mail texts of the school `db` is bound to (its own, else the defaults). */
export async function welcomeTexts(db: Db): Promise<WelcomeMail> {
  const stored = await readSetting<Partial<WelcomeMail>>(db, 'welcome_mail');
  return { ru: stored?.ru ?? DEFAULT_WELCOME.ru, en: stored?.en ?? DEFAULT_WELCOME.en };
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sends the school's welcome mail to a new user in `lang`, with the school's texts (settings "welcome mail").
 * Never throws for a transport failure (the mailer keeps the message in the outbox).
 */
export async function sendWelcomeMail(
  app: FastifyInstance,
  tenant: MailTenant,
  user: { email: string; login: string; name?: string | null; surname?: string | null },
  lang: Lang,
  extra: { password?: string; link?: string } = {},
): Promise<MailResult> {
  // sent outside the request (in the background): the school's own handle
  const texts = (await welcomeTexts(app.schoolDb(tenant.id)))[lang];
  const values: WelcomeValues = {
    name: [user.name, user.surname].filter(Boolean).join(' ') || user.login,
    login: user.login,
    email: user.email,
    password: extra.password,
    school: tenant.title,
    link: extra.link,
  };
  const text = fillTemplate(texts.body, values);
  return app.mailer.send(tenant, {
    to: user.email,
    subject: fillTemplate(texts.subject, values).replace(/[\r\n]+/g, ' '),
    text,
    html: text
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join(''),
  });
}

/** Where the welcome mail sends the user: the portal's root on the caller's web origin when it is ours. */
export const portalLink = (app: FastifyInstance, req: FastifyRequest) => `${webOrigin(app, req)}/`;

/**
 * The welcome mail for a user just created by staff, in the caller's language (Accept-Language), with the password
 * that was set. Runs in the background: the answer does not wait for the SMTP server, and a failure is only logged
 * (the mailer keeps the message in the outbox).
 */
export function welcomeInBackground(app: FastifyInstance, req: FastifyRequest, user: { email: string; login: string; name?: string | null; surname?: string | null }, password?: string) {
  const tenant = req.tenant;
  const lang = langOf(req.headers['accept-language']);
  const link = portalLink(app, req);
  return app.background(
    sendWelcomeMail(app, tenant, user, lang, { password, link }).catch((err) => {
      req.log.warn({ err }, 'welcome mail failed');
      return { sent: false, error: (err as Error).message };
    }),
  );
}
