import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Loading, useErrorTexts, useLoad } from '../components/ui.tsx';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { api, ApiError } from '../../common/api/client.ts';
import { fetchProfile, forgetSignOutReason, login, signOutReason } from '../../common/auth/session.ts';
import { describeError, validationText } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { required } from '../../common/validation/rules.ts';
import { profileAtom } from '../state.ts';
import type { RegisterOpen } from '../../common/api/types/accounts.ts';
import { Field } from '../components/ui.tsx';

// the reset request and the sign-up form: a chunk loaded when one is opened
const ResetRequest = lazy(() => import('./LoginForms.tsx').then((m) => ({ default: m.ResetRequest })));
const Register = lazy(() => import('./LoginForms.tsx').then((m) => ({ default: m.Register })));

/** Sign-in with remember-me, the password reset request, and the sign-up form where the school accepts sign-ups (`GET /api/register`). */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setProfile = useSetAtom(profileAtom);
  const [mode, setMode] = useState<'login' | 'reset' | 'register'>('login');
  // the school's setting: the sign-up link shows only where it is open (a failed check: no link)
  const { data: registration } = useLoad(
    (signal) =>
      api<RegisterOpen>('/api/register', { signal }).then(
        (r) => r.data.open,
        () => false,
      ),
    [],
  );
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);
  const lang = getLang();
  // why the last session ended (a suspended school: common/auth/suspended.ts), shown until the form is sent
  const [ended, setEnded] = useState(signOutReason);
  useEffect(() => forgetSignOutReason(), []);
  const endedTextsReady = useErrorTexts(!!ended);
  const shown = message ?? (ended && endedTextsReady ? { kind: 'error' as const, text: describeError(new ApiError(403, { name: ended }), lang).text } : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(undefined);
    setEnded(undefined);
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

  // the other two forms start afresh, and so does the sign-in form when the visitor comes back
  function open(next: 'reset' | 'register') {
    setErrors({});
    setMessage(undefined);
    setEnded(undefined);
    setMode(next);
  }

  if (mode === 'register' || mode === 'reset') {
    const Form = mode === 'register' ? Register : ResetRequest;
    return (
      <Suspense fallback={<Loading />}>
        <Form onBack={() => setMode('login')} />
      </Suspense>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <h1>{t('auth.title')}</h1>
      {shown && (
        <div className={`alert ${shown.kind}`} role="alert" data-testid="login-error">
          {shown.text}
        </div>
      )}
      <Field label={t('auth.username')} name="username" autoComplete="username" data-testid="login-username" value={username} error={errors.username} onChange={(e) => setUsername(e.target.value)} />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        data-testid="login-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label className="check">
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> {t('auth.remember')}
      </label>
      <button className="btn" disabled={busy} type="submit" data-testid="login-submit">
        {t('auth.submit')}
      </button>{' '}
      <button className="btn link" type="button" onClick={() => open('reset')}>
        {t('auth.forgot')}
      </button>
      {registration && (
        <p>
          {t('auth.register.no_account')}{' '}
          <button className="btn link" type="button" data-testid="register-open" onClick={() => open('register')}>
            {t('auth.register.open')}
          </button>
        </p>
      )}
    </form>
  );
}
