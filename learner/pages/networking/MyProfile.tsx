import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { currentTenant } from '../../../common/tenant/tenant.ts';
import { useErrorToast, useSuccessToast } from '../../components/ui.tsx';
import { CONTACTS, INDUSTRIES, LABOR, LANGUAGES, LONG, MARITAL, type Record_, STATUSES, TEXT_FIELDS } from './model.ts';
import { Avatar, Choice } from './parts.tsx';

/** My own avatar through the networking avatar route (it serves the member themself whatever their status), as others see it. */
function myAvatar(me: Record_): string | null {
  if (typeof me.avatar !== 'string' || !me.avatar) return null;
  const version = me.avatar.split('?')[1];
  return `/api/user/networking/${currentTenant()}/${String(me.id)}/avatar${version ? `?${version}` : ''}`;
}

export function MyProfile({ me, onSaved }: { me: Record_; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Record_>(me);
  const [busy, setBusy] = useState(false);
  const showError = useErrorToast();
  const showSaved = useSuccessToast();
  useEffect(() => setForm(me), [me]);
  const set = (k: string, v: unknown) => setForm((f) => ({ ...f, [k]: v }));
  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const body: Record<string, unknown> = { status: form.status, shown_contacts: form.shown_contacts };
    for (const k of [...TEXT_FIELDS, 'industry', 'marital_status', 'native_language'] as const) body[k] = (form[k] as string | null) ?? null;
    for (const k of LABOR) body[k] = !!form[k];
    try {
      await api('/api/networking', { method: 'PUT', body, json: true });
      showSaved(t('networking.saved'));
      onSaved();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <details className="card section" open={me.status === 'off'}>
      <summary>
        <strong>{t('networking.my_profile')}</strong> ·{' '}
        <span className="badge" data-testid="my-status">
          {t(`networking.statuses.${me.status}`)}
        </span>
      </summary>
      <form onSubmit={save} data-testid="networking-profile">
        {/* the avatar is the user profile's: shown here as members see it, uploaded on the profile page */}
        <div className="field" style={{ display: 'flex', gap: 12, alignItems: 'center' }} data-testid="my-networking-avatar">
          <Avatar m={{ avatar: myAvatar(me), name: String(me.name ?? ''), surname: String(me.surname ?? '') }} size={64} />
          <span>
            <strong>{t('networking.avatar')}</strong>
            <br />
            <Link to="/profile">{t('networking.avatar_change')}</Link>
          </span>
        </div>
        <fieldset className="field">
          <legend>{t('networking.status')}</legend>
          {STATUSES.map((s) => (
            <label key={s} style={{ display: 'block' }}>
              <input type="radio" name="status" value={s} checked={form.status === s} onChange={() => set('status', s)} /> {t(`networking.statuses.${s}`)}
              <small style={{ display: 'block', marginLeft: 24 }}>{t(`networking.status_hints.${s}`)}</small>
            </label>
          ))}
        </fieldset>
        <div className="grid2">
          {TEXT_FIELDS.map((k) => (
            <div className="field" key={k}>
              <label htmlFor={`nw-${k}`}>{t(`networking.fields.${k}`)}</label>
              {LONG.has(k) ? (
                <textarea id={`nw-${k}`} rows={3} maxLength={k === 'about' ? 5000 : 2000} value={(form[k] as string) ?? ''} onChange={(e) => set(k, e.target.value)} />
              ) : (
                <input id={`nw-${k}`} maxLength={k === 'telegram' ? 64 : 255} value={(form[k] as string) ?? ''} onChange={(e) => set(k, e.target.value)} />
              )}
            </div>
          ))}
          <Choice id="industry" value={form.industry as string} options={INDUSTRIES} prefix="industries" onChange={(v) => set('industry', v)} />
          <Choice id="marital_status" value={form.marital_status as string} options={MARITAL} prefix="marital" onChange={(v) => set('marital_status', v)} />
          <Choice id="native_language" value={form.native_language as string} options={LANGUAGES} prefix="languages" onChange={(v) => set('native_language', v)} />
        </div>
        <fieldset className="field">
          <legend>{t('networking.labor_title')}</legend>
          {LABOR.map((l) => (
            <label key={l} style={{ marginRight: 12, display: 'inline-block' }}>
              <input type="checkbox" checked={!!form[l]} onChange={(e) => set(l, e.target.checked)} /> {t(`networking.labor.${l}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend>{t('networking.shown_contacts')}</legend>
          {CONTACTS.map((c) => (
            <label key={c} style={{ marginRight: 12, display: 'inline-block' }}>
              <input
                type="checkbox"
                checked={form.shown_contacts.includes(c)}
                onChange={(e) => set('shown_contacts', e.target.checked ? [...form.shown_contacts, c] : form.shown_contacts.filter((x) => x !== c))}
              />{' '}
              {t(`networking.contacts.${c}`)}
            </label>
          ))}
        </fieldset>
        <button className="btn" type="submit" disabled={busy} data-testid="networking-save">
          {t('save')}
        </button>
      </form>
    </details>
  );
}
