import type { Lang } from '../../mail/texts.ts';

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NEW_PASSWORD = {
  en: {
    subject: (school: string) => `${school}: your new password`,
    intro: 'The administrator has set a new password for your account.',
    login: 'Login',
    password: 'Password',
    open: 'Sign in here:',
    outro: 'Change the password in your profile after signing in.',
  },
  ru: {
    subject: (school: string) => `${school}: ваш новый пароль`,
    intro: 'Администратор задал новый пароль для вашей учётной записи.',
    login: 'Логин',
    password: 'Пароль',
    open: 'Войти можно здесь:',
    outro: 'После входа смените пароль в профиле.',
  },
};

/** The "new password" mail of `POST /admin/email/sendPassword`: plain text and an HTML twin. */
export function newPasswordMail(lang: Lang, school: string, login: string, password: string, link: string) {
  const t = NEW_PASSWORD[lang];
  return {
    subject: t.subject(school),
    text: `${t.intro}\n\n${t.login}: ${login}\n${t.password}: ${password}\n\n${t.open}\n${link}\n\n${t.outro}`,
    html:
      `<p>${escapeHtml(t.intro)}</p><p>${escapeHtml(t.login)}: <b>${escapeHtml(login)}</b><br>${escapeHtml(t.password)}: <b>${escapeHtml(password)}</b></p>` +
      `<p>${escapeHtml(t.open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p style="color:#666">${escapeHtml(t.outro)}</p>`,
  };
}
