import { Type } from 'typebox';
import { ACCESS_FLAGS } from '../../../common/access/roles.ts';
import { Id, nullable } from '../../core/schemas.ts';
import { dataOf } from '../../core/responses.ts';

/** Response schemas of the settings module (docs/api.md "Response contracts"). */

/** The value of a client setting: 13 and 19 a text, 16 learning durations, 17 the instalment terms. */
export const LearningDurations = Type.Array(Type.Object({ format: Type.String(), months: Type.Integer() }));
export const Instalments = Type.Array(Type.Integer());
export const ClientSettingValue = Type.Union([Type.String(), LearningDurations, Instalments]);
export const ClientSetting = Type.Object({ id: Id, name: Type.String(), value: ClientSettingValue });
/** `GET /api/setting/{id}`: one client setting as the apps read it. */
export const PublicSettingAnswer = dataOf(Type.Object({ id: Id, value: ClientSettingValue }));

/** Social links by network; the back office gets every network (empty when unset), the apps only those set. */
export const SOCIAL_KEYS = ['vk', 'telegram', 'whatsapp', 'youtube', 'linkedin', 'facebook', 'instagram', 'site'] as const;
export const SocialLinks = Type.Object(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, Type.String()])) as Record<(typeof SOCIAL_KEYS)[number], ReturnType<typeof Type.String>>);
export const SomeSocialLinks = Type.Partial(SocialLinks);
export const SomeSocialLinksAnswer = dataOf(SomeSocialLinks);

const Enabled = Type.Object({ enabled: Type.Boolean() });
/** `GET /api/access`: which optional sections the school has switched on, as the apps read them. */
export const PublicAccessAnswer = dataOf(Type.Object({ networking: Enabled, lifelong_learning: Enabled, rating: Enabled, message: Type.Boolean(), payment: Type.Boolean() }));

export const AccessFlags = Type.Object(Object.fromEntries(ACCESS_FLAGS.map((f) => [f, Type.Boolean()])) as Record<(typeof ACCESS_FLAGS)[number], ReturnType<typeof Type.Boolean>>);

/** Whether the school accepts sign-ups (`/admin/setting/registration`). */
export const RegistrationAnswer = dataOf(Type.Object({ open: Type.Boolean() }));
/** The addresses that get the school's notices (`/admin/setting/adminEmails`). */
export const AdminEmailsAnswer = dataOf(Type.Object({ emails: Type.Array(Type.String()) }));

const MailText = Type.Object({ subject: Type.String(), body: Type.String() });
export const WelcomeMailAnswer = dataOf(Type.Object({ ru: MailText, en: MailText, is_default: Type.Boolean() }));

/** SMTP settings as the back office sees them: no password, only whether one is stored (has_password). */
export const EmailSettingsAnswer = dataOf(
  Type.Object({
    host: Type.String(),
    port: Type.Integer(),
    username: Type.String(),
    encryption: Type.Union([Type.Literal('none'), Type.Literal('ssl'), Type.Literal('tls')]),
    from_address: Type.String(),
    from_name: Type.String(),
    has_password: Type.Boolean(),
  }),
);

/** `GET /api/logo`: the school's face for the apps: its logo (null when none), title and interface languages (the default first). */
export const PublicLogoAnswer = dataOf(Type.Object({ url: nullable(Type.String()), title: Type.String(), languages: Type.Array(Type.String()) }));
export const LogoAnswer = dataOf(Type.Object({ id: Type.Literal(3), url: nullable(Type.String()) }));
