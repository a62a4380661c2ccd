import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { fetchProfile, login } from '../../common/auth/session.ts';
import { describeError, validationText } from '../../common/errors/describe.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { email as emailRule, required } from '../../common/validation/rules.ts';
import { profileAtom } from '../state.ts';
import { Field } from '../components/ui.tsx';

/** Sign-in with remember-me, and the password reset request. */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setProfile = useSetAtom(profileAtom);
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);
  const lang = getLang();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(undefined);
    const found: Record<string, string> = {};
    const u = required(username);
    const p = required(password);
    if (u) found.username = validationText(u, lang);
    if (p) found.password = validationText(p, lang);
    setErrors(found);
    if (u || p) return;
    setBusy(true);
    try {
      await login(username.trim(), password, remember);
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

  if (mode === 'reset') {
    return (
      <form onSubmit={requestReset} noValidate>
        <h1>{t('auth.reset_title')}</h1>
        <p>{t('auth.reset_hint')}</p>
        {message && <div className={`alert ${message.kind}`} role="alert">{message.text}</div>}
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
        <button className="btn" disabled={busy} type="submit">{t('auth.send_link')}</button>{' '}
        <button className="btn link" type="button" onClick={() => setMode('login')}>{t('auth.to_login')}</button>
      </form>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <h1>{t('auth.title')}</h1>
      {message && <div className={`alert ${message.kind}`} role="alert" data-testid="login-error">{message.text}</div>}
      <Field label={t('auth.username')} name="username" autoComplete="username" data-testid="login-username" value={username} error={errors.username} onChange={(e) => setUsername(e.target.value)} />
      <Field label={t('auth.password')} name="password" type="password" autoComplete="current-password" data-testid="login-password" value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
      <label className="check">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> {t('auth.remember')}
      </label>
      <button className="btn" disabled={busy} type="submit" data-testid="login-submit">{t('auth.submit')}</button>{' '}
      <button className="btn link" type="button" onClick={() => setMode('reset')}>{t('auth.forgot')}</button>
    </form>
  );
}
