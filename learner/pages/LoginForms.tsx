import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { fetchProfile, login } from '../../common/auth/session.ts';
import { describeError, validationText } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { email as emailRule, required } from '../../common/validation/rules.ts';
import { profileAtom } from '../state.ts';
import { Field } from '../components/ui.tsx';

// The sign-in page's other two forms (Login.tsx): a chunk of their own, loaded when the visitor opens one, so that the
// sign-in screen's first load carries only the sign-in form.

/** The password reset request. */
export function ResetRequest({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);
  const lang = getLang();
  const [email, setEmail] = useState('');

  async function requestReset(e: FormEvent) {
    e.preventDefault();
    setMessage(undefined);
    const m = required(email) ?? emailRule(email);
    setErrors(m ? { email: validationText(m, lang) } : {});
    if (m) return;
    setBusy(true);
    try {
      await api('/api/user/sendLinkResetPassword', { method: 'POST', body: { email: email.trim() } });
      setMessage({ kind: 'success', text: t('auth.link_sent') });
    } catch (err) {
      setMessage({ kind: 'error', text: describeError(err, lang).text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={requestReset} noValidate>
      <h1>{t('auth.reset_title')}</h1>
      <p>{t('auth.reset_hint')}</p>
      {message && (
        <div className={`alert ${message.kind}`} role="alert">
          {message.text}
        </div>
      )}
      <Field label={t('auth.email')} name="email" type="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
      <button className="btn" disabled={busy} type="submit">
        {t('auth.send_link')}
      </button>{' '}
      <button className="btn link" type="button" onClick={onBack}>
        {t('auth.to_login')}
      </button>
    </form>
  );
}

/** The sign-up form where the school accepts sign-ups (`GET /api/register`); signs the new student in. */
export function Register({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);
  const lang = getLang();
  const navigate = useNavigate();
  const setProfile = useSetAtom(profileAtom);
  const [form, setForm] = useState({ login: '', email: '', name: '', surname: '', password: '', confirm_password: '' });

  async function register(e: FormEvent) {
    e.preventDefault();
    setMessage(undefined);
    const found: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      const m = required(v) ?? (k === 'email' ? emailRule(v) : undefined);
      if (m) found[k] = validationText(m, lang);
    }
    if (!found.confirm_password && form.password !== form.confirm_password) found.confirm_password = t('auth.register.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api('/api/register', { method: 'POST', body: { ...form, login: form.login.trim(), email: form.email.trim(), name: form.name.trim(), surname: form.surname.trim() } });
      await login(form.login.trim(), form.password, false);
      setProfile(await fetchProfile());
      navigate('/courses/list', { replace: true });
    } catch (err) {
      const d = describeError(err, lang);
      setErrors(d.fields);
      setMessage({ kind: 'error', text: d.text });
    } finally {
      setBusy(false);
    }
  }

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <form onSubmit={register} noValidate data-testid="register-form">
      <h1>{t('auth.register.title')}</h1>
      <p>{t('auth.register.hint')}</p>
      {message && (
        <div className={`alert ${message.kind}`} role="alert" data-testid="register-error">
          {message.text}
        </div>
      )}
      <Field label={t('fields.surname')} name="surname" autoComplete="family-name" value={form.surname} error={errors.surname} onChange={set('surname')} />
      <Field label={t('fields.name')} name="name" autoComplete="given-name" value={form.name} error={errors.name} onChange={set('name')} />
      <Field label={t('auth.email')} name="email" type="email" autoComplete="email" value={form.email} error={errors.email} onChange={set('email')} />
      <Field label={t('fields.login')} name="login" autoComplete="username" value={form.login} error={errors.login} onChange={set('login')} />
      <Field label={t('auth.password')} name="password" type="password" autoComplete="new-password" value={form.password} error={errors.password} onChange={set('password')} />
      <Field
        label={t('auth.register.confirm')}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={form.confirm_password}
        error={errors.confirm_password}
        onChange={set('confirm_password')}
      />
      <button className="btn" disabled={busy} type="submit" data-testid="register-submit">
        {t('auth.register.submit')}
      </button>{' '}
      <button className="btn link" type="button" onClick={onBack}>
        {t('auth.to_login')}
      </button>
    </form>
  );
}
