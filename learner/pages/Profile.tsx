import { useEffect, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api } from '../../common/api/client.ts';
import { apiBaseUrl } from '../../common/tenant/tenant.ts';
import type { Profile as ProfileT } from '../../common/auth/session.ts';
import { describeError, firstConfirmMessage, validationText } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { toApiDate, toDisplayDate } from '../../common/format/format.ts';
import { email as emailRule, password as passwordRule, passwordsMatch, required } from '../../common/validation/rules.ts';
import { useFocusFirstError } from '../components/focus-error.ts';
import { profileAtom } from '../state.ts';
import { Field, useErrorToast, useLoad, useSuccessToast } from '../components/ui.tsx';
import { FileButton } from '../components/FileButton.tsx';
import type { Cities, Countries } from '../../common/api/types/info.ts';
import type { MeAnswer } from '../../common/api/types/accounts.ts';

type Country = Countries['data'][number];
type City = Cities['data'][number];

const GROUPS: Record<string, string[]> = {
  personal: ['surname', 'name', 'patronymic', 'surname_latin', 'name_latin', 'surname_en', 'name_en', 'sex', 'birthday_date', 'email', 'phone', 'citizenship'],
  address: ['country_id', 'city_id', 'postal_code', 'street', 'house', 'building', 'apartment'],
  passport: ['passport_number', 'passport_number_when', 'passport_issued_by', 'passport_subdivision_code', 'insurance_number'],
  work: ['timezone', 'labor_status', 'business_status', 'interests', 'hobby'],
};
const DATES = ['birthday_date', 'passport_number_when'];

function toForm(profile: ProfileT): Record<string, string> {
  const p: Record<string, unknown> = profile; // read by the form's field names
  const f: Record<string, string> = {};
  for (const k of Object.values(GROUPS).flat()) f[k] = DATES.includes(k) ? toDisplayDate(p[k] as string) : p[k] == null ? '' : String(p[k]);
  return f;
}

/** Personal data, avatar with upload progress, and password change. */
export default function Profile() {
  const { t } = useTranslation();
  const lang = getLang();
  const [profile, setProfile] = useAtom(profileAtom);
  const [form, setForm] = useState<Record<string, string>>(() => (profile ? toForm(profile) : {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstError(errors);
  const [progress, setProgress] = useState<number>();
  const [saving, setSaving] = useState(false);
  const showError = useErrorToast();
  const showSuccess = useSuccessToast();
  const title = (p: Country | City) => (lang === 'en' ? p.title_en : p.title_ru);

  const { data: countries = [], error: countriesError } = useLoad((signal) => api<Countries>('/api/info/countries', { signal }).then((r) => r.data), [lang]);
  // choosing another country cancels the cities of the one before
  const { data: cities = [], error: citiesError } = useLoad(
    (signal) => (form.country_id ? api<Cities>('/api/info/cities', { query: { country_id: form.country_id }, signal }).then((r) => r.data) : Promise.resolve([])),
    [form.country_id, lang],
  );
  useEffect(() => {
    if (countriesError || citiesError) showError(countriesError ?? citiesError);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countriesError, citiesError]);

  if (!profile) return null;
  const set = (k: string, v: string) => setForm((f) => ({ ...f, [k]: v, ...(k === 'country_id' ? { city_id: '' } : {}) }));

  async function save(e: FormEvent) {
    e.preventDefault();
    const errs: Record<string, string> = {};
    for (const k of ['name', 'surname', 'email']) {
      const m = required(form[k]) ?? (k === 'email' ? emailRule(form[k]) : undefined);
      if (m) errs[k] = validationText(m, lang);
    }
    for (const k of DATES) if (form[k] && !toApiDate(form[k])) errs[k] = validationText('validation.date', lang);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(form)) {
      if (DATES.includes(k)) body[k] = toApiDate(v);
      else if (k === 'country_id' || k === 'city_id') body[k] = v ? Number(v) : null;
      else if (k === 'sex') body[k] = v || null;
      else body[k] = v === '' && !['name', 'surname', 'email'].includes(k) ? null : v;
    }
    setSaving(true);
    try {
      const r = await api<MeAnswer>('/api/user', { method: 'PUT', body });
      setProfile(r.data);
      showSuccess(t('saved'));
    } catch (err) {
      setErrors(describeError(err, lang).fields);
      showError(err);
    } finally {
      setSaving(false);
    }
  }

  async function upload(file: File) {
    setProgress(0);
    try {
      const r = await api<MeAnswer>('/api/user/setAvatar', { method: 'POST', body: { avatar: file }, onUploadProgress: setProgress });
      setProfile(r.data);
    } catch (err) {
      showError(err);
    } finally {
      setProgress(undefined);
    }
  }

  const input = (k: string) => {
    if (k === 'sex')
      return (
        <Field key={k} label={t(`fields.${k}`)} name={k} error={errors[k]}>
          <select id={k} value={form[k]} onChange={(e) => set(k, e.target.value)}>
            <option value="">{t('profile.choose')}</option>
            <option value="male">{t('fields.male')}</option>
            <option value="female">{t('fields.female')}</option>
          </select>
        </Field>
      );
    if (k === 'country_id' || k === 'city_id') {
      const list = k === 'country_id' ? countries.map((c) => [c.country_id, title(c)] as const) : cities.map((c) => [c.city_id, title(c)] as const);
      return (
        <Field key={k} label={t(`fields.${k}`)} name={k} error={errors[k]}>
          <select id={k} value={form[k]} onChange={(e) => set(k, e.target.value)} disabled={k === 'city_id' && !form.country_id}>
            <option value="">{t('profile.choose')}</option>
            {list.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </Field>
      );
    }
    return (
      <Field
        key={k}
        label={t(`fields.${k}`)}
        name={k}
        value={form[k]}
        error={errors[k]}
        placeholder={DATES.includes(k) ? t('profile.date_placeholder') : undefined}
        inputMode={DATES.includes(k) ? 'numeric' : undefined}
        onChange={(e) => set(k, e.target.value)}
      />
    );
  };

  return (
    <div>
      <h1>{t('titles.profile')}</h1>
      <div className="card section" style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        {profile.avatar ? <img className="avatar" alt={t('profile.avatar')} src={apiBaseUrl() + profile.avatar} /> : <div className="avatar" aria-hidden />}
        <div style={{ flex: 1, minWidth: 200 }}>
          <strong>
            {profile.surname} {profile.name}
          </strong>
          <div>
            {t('fields.login')}: {profile.login} · {t('profile.role')}: {t(`roles.${profile.roles[0]}`)}
          </div>
          <div style={{ marginTop: 8 }}>
            <FileButton label={t('profile.upload_avatar')} accept="image/jpeg,image/png,image/webp,image/gif" testId="avatar-input" showNames={false} onFiles={(files) => void upload(files[0])} />
          </div>
          {progress !== undefined && (
            <div aria-label={t('profile.uploading', { p: Math.round(progress * 100) })}>
              <small>{t('profile.uploading', { p: Math.round(progress * 100) })}</small>
              <div className="progress" role="progressbar" aria-valuenow={Math.round(progress * 100)} aria-valuemin={0} aria-valuemax={100}>
                <div style={{ width: `${progress * 100}%` }} />
              </div>
            </div>
          )}
        </div>
      </div>
      <form ref={formRef} onSubmit={save} noValidate data-testid="profile-form">
        {Object.entries(GROUPS).map(([group, keys]) => (
          <fieldset key={group} className="card section" style={{ border: '1px solid var(--border)' }}>
            <legend>{t(`profile.${group}`)}</legend>
            <div className="grid2">{keys.map(input)}</div>
          </fieldset>
        ))}
        <button className="btn" disabled={saving} type="submit" data-testid="profile-save">
          {t('save')}
        </button>
      </form>
      <ChangePassword />
    </div>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const lang = getLang();
  const [v, setV] = useState({ old_password: '', password: '', confirm_password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstError(errors);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(undefined);
    const errs: Record<string, string> = {};
    const o = required(v.old_password);
    const p = required(v.password) ?? passwordRule(v.password);
    const c = required(v.confirm_password) ?? passwordsMatch(v.password, v.confirm_password);
    if (o) errs.old_password = validationText(o, lang);
    if (p) errs.password = validationText(p, lang);
    if (c) errs.confirm_password = validationText(c, lang);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      await api('/api/changePassword', { method: 'PUT', body: v });
      setV({ old_password: '', password: '', confirm_password: '' });
      setMessage({ kind: 'success', text: t('profile.password_changed') });
    } catch (err) {
      const d = describeError(err, lang);
      setErrors(d.fields);
      setMessage({ kind: 'error', text: firstConfirmMessage(err, lang) ?? d.text });
    }
  }

  return (
    <form ref={formRef} className="card section" style={{ marginTop: 20 }} onSubmit={submit} noValidate>
      <h2>{t('profile.password')}</h2>
      {message && (
        <div className={`alert ${message.kind}`} role="alert">
          {message.text}
        </div>
      )}
      <div className="grid2">
        <Field
          label={t('profile.old_password')}
          name="old_password"
          type="password"
          autoComplete="current-password"
          value={v.old_password}
          error={errors.old_password}
          onChange={(e) => setV({ ...v, old_password: e.target.value })}
        />
        <Field
          label={t('auth.new_password')}
          name="new_password"
          type="password"
          autoComplete="new-password"
          value={v.password}
          error={errors.password}
          onChange={(e) => setV({ ...v, password: e.target.value })}
        />
        <Field
          label={t('auth.confirm_password')}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          value={v.confirm_password}
          error={errors.confirm_password}
          onChange={(e) => setV({ ...v, confirm_password: e.target.value })}
        />
      </div>
      <button className="btn" type="submit">
        {t('profile.change_password')}
      </button>
    </form>
  );
}
