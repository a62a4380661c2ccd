import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { describeError, firstConfirmMessage, validationText } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { password as passwordRule, passwordsMatch, required } from '../../common/validation/rules.ts';
import { Field } from '../components/ui.tsx';

/** `/reset_password/:token`: a new password with its confirmation, from the link in the mail. */
export default function ResetPassword() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const lang = getLang();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const p = required(password) ?? passwordRule(password);
    const c = required(confirm) ?? passwordsMatch(password, confirm);
    const errs: Record<string, string> = {};
    if (p) errs.password = validationText(p, lang);
    if (c) errs.confirm_password = validationText(c, lang);
    setErrors(errs);
    if (p || c) return;
    try {
      await api(`/api/user/resetPassword/${encodeURIComponent(token)}`, { method: 'POST', body: { password, confirm_password: confirm } });
      setMessage({ kind: 'success', text: t('auth.password_set') });
    } catch (err) {
      const d = describeError(err, lang);
      setErrors(d.fields);
      setMessage({ kind: 'error', text: firstConfirmMessage(err, lang) ?? d.text });
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <h1>{t('auth.reset_title')}</h1>
      {message && (
        <div className={`alert ${message.kind}`} role="alert">
          {message.text}
        </div>
      )}
      <Field label={t('auth.new_password')} name="password" type="password" autoComplete="new-password" value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
      <Field
        label={t('auth.confirm_password')}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm_password}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <button className="btn" type="submit">
        {t('auth.set_password')}
      </button>{' '}
      <Link to="/auth">{t('auth.to_login')}</Link>
    </form>
  );
}
