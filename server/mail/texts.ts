/** Server-made mail text in Russian (default) and English, chosen by Accept-Language. */
export type Lang = 'ru' | 'en';

export function langOf(header: string | string[] | undefined): Lang {
  const v = Array.isArray(header) ? header[0] : header;
  return v?.toLowerCase().startsWith('en') ? 'en' : 'ru';
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const RESET = {
  en: {
    subject: (school: string) => `${school}: password reset`,
    intro: 'Someone asked to reset the password of your account.',
    open: 'Open this link within 60 minutes to choose a new password:',
    button: 'Choose a new password',
    outro: 'If it was not you, ignore this message.',
  },
  ru: {
    subject: (school: string) => `${school}: восстановление пароля`,
    intro: 'Кто-то запросил восстановление пароля вашей учётной записи.',
    open: 'Откройте ссылку в течение 60 минут, чтобы задать новый пароль:',
    button: 'Задать новый пароль',
    outro: 'Если это были не вы, просто проигнорируйте письмо.',
  },
};

/** The password reset mail: plain text plus an HTML twin with the link. */
export const resetMail = (lang: Lang, school: string, link: string) => {
  const t = RESET[lang];
  return {
    subject: t.subject(school),
    text: `${t.intro}\n\n${t.open}\n${link}\n\n${t.outro}`,
    html: `<p>${escapeHtml(t.intro)}</p><p>${escapeHtml(t.open)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a><br>${escapeHtml(link)}</p><p style="color:#666">${escapeHtml(t.outro)}</p>`,
  };
};

/** день, дня, дней: the Russian plural of a count of days. */
const ruDays = (n: number) => (n % 10 === 1 && n % 100 !== 11 ? 'дня' : 'дней');

const WELCOME_ADMIN = {
  en: {
    subject: (school: string) => `${school}: your school is ready`,
    intro: (school: string) => `The school "${school}" has been opened on Campus LMS, and you are its main administrator.`,
    open: (days: number) => `Open this link within ${days} days to choose your password:`,
    button: 'Choose a password',
    outro: 'Later, "Forgot password?" on the sign-in page sends a new link to this address.',
  },
  ru: {
    subject: (school: string) => `${school}: школа готова к работе`,
    intro: (school: string) => `Школа «${school}» открыта в Campus LMS, вы её главный администратор.`,
    open: (days: number) => `Откройте ссылку в течение ${days} ${ruDays(days)}, чтобы задать пароль:`,
    button: 'Задать пароль',
    outro: 'Позже новую ссылку на этот адрес пришлёт «Забыли пароль?» на странице входа.',
  },
};

/** The first main administrator's mail of a new school (`npm run school -- create`): a link to choose a password. */
export const setPasswordMail = (lang: Lang, school: string, link: string, days: number) => {
  const t = WELCOME_ADMIN[lang];
  return {
    subject: t.subject(school),
    text: `${t.intro(school)}\n\n${t.open(days)}\n${link}\n\n${t.outro}`,
    html: `<p>${escapeHtml(t.intro(school))}</p><p>${escapeHtml(t.open(days))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a><br>${escapeHtml(link)}</p><p style="color:#666">${escapeHtml(t.outro)}</p>`,
  };
};
