import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../translation.ts';
import { Link, useParams } from 'react-router-dom';
import { api, type ApiError } from '../../common/api/client.ts';
import { download } from '../../common/api/download.ts';
import { formatNumber } from '../../common/format/format.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { getToken } from '../../common/auth/session.ts';
import { apiBaseUrl, currentTenant } from '../../common/tenant/tenant.ts';
import { profileAtom } from '../state.ts';
import { Empty, ErrorState, Loading, useErrorToast, useLoad, useSuccessToast } from '../components/ui.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { Pager } from '../components/Pager.tsx';

/** Networking (issue 14, docs/networking.md): my profile and status, search, a member's page with the alumni tree, curator views. */

const STATUSES = ['global', 'local', 'off'] as const;
const CONTACTS = ['email', 'phone', 'telegram', 'social'] as const;
const LABOR = ['looking_job', 'looking_employee', 'is_hire', 'is_owner'] as const;
const INDUSTRIES = ['it', 'finance', 'consulting', 'manufacturing', 'retail', 'education', 'healthcare', 'energy', 'logistics', 'media', 'government', 'other'] as const;
const MARITAL = ['single', 'married', 'partner', 'other'] as const;
const LANGUAGES = ['ru', 'en', 'de', 'fr', 'es', 'kk', 'uz', 'zh'] as const;
const TEXT_FIELDS = ['company', 'position', 'skills', 'hobbies', 'education', 'about', 'additionally', 'pet', 'telegram'] as const;
const LONG = new Set(['about', 'education', 'additionally', 'skills']);

type Status = (typeof STATUSES)[number];
interface Record_ {
  status: Status;
  shown_contacts: string[];
  [k: string]: unknown;
}
interface Card {
  id: number;
  domain: string;
  school: string;
  status: Status;
  name: string;
  surname: string;
  avatar: string | null;
  city: string | null;
  city_en?: string | null;
  company: string | null;
  position: string | null;
  industry: string | null;
  looking_job: boolean;
  looking_employee: boolean;
  is_hire: boolean;
  is_owner: boolean;
}
interface Page {
  data: Card[];
  meta: { current_page: number; last_page: number; total: number };
}
interface Country {
  country_id: number;
  title_ru: string;
  title_en: string;
}
interface City {
  city_id: number;
  title_ru: string;
  title_en: string;
}

const title = (x: { title_ru: string; title_en: string }) => (getLang() === 'en' ? x.title_en : x.title_ru);
const cityOf = (c: { city: string | null; city_en?: string | null }) => (getLang() === 'en' ? (c.city_en ?? c.city) : c.city);

/**
 * A member's avatar (any school: the server serves it only to a viewer who may see the member), or their initials.
 * An <img> sends no header, so the token and the viewer's school go in the query (as the marketplace's video).
 */
function Avatar({ m, size = 48 }: { m: Pick<Card, 'avatar' | 'name' | 'surname'>; size?: number }) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const;
  if (m.avatar && !failed) {
    const src = `${apiBaseUrl()}${m.avatar}${m.avatar.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(getToken() ?? '')}&domain=${currentTenant()}`;
    return <img src={src} alt="" style={{ ...box, objectFit: 'cover' }} onError={() => setFailed(true)} data-testid="networking-avatar" />;
  }
  const initials = `${m.name?.[0] ?? ''}${m.surname?.[0] ?? ''}`.toUpperCase();
  return (
    <span aria-hidden style={{ ...box, display: 'inline-grid', placeItems: 'center', background: 'var(--border)', fontWeight: 600, fontSize: size / 2.6 }}>
      {initials}
    </span>
  );
}

/** My own avatar through the networking avatar route (it serves the member themself whatever their status), as others see it. */
function myAvatar(me: Record_): string | null {
  if (typeof me.avatar !== 'string' || !me.avatar) return null;
  const version = me.avatar.split('?')[1];
  return `/api/user/networking/${currentTenant()}/${String(me.id)}/avatar${version ? `?${version}` : ''}`;
}

/** Countries (GET /api/info/countries) and a country's cities (GET /api/info/cities). */
function useReference(countryId: string) {
  const [countries, setCountries] = useState<Country[]>([]);
  const [cities, setCities] = useState<City[]>([]);
  useEffect(() => {
    api<{ data: Country[] }>('/api/info/countries').then(
      (r) => setCountries(r.data),
      () => setCountries([]),
    );
  }, []);
  useEffect(() => {
    setCities([]);
    if (countryId)
      api<{ data: City[] }>('/api/info/cities', { query: { country_id: countryId } }).then(
        (r) => setCities(r.data),
        () => setCities([]),
      );
  }, [countryId]);
  return { countries, cities };
}

/** The pager of the search and the curator list, named by its position. */
function NetworkingPager({ meta, onPage }: { meta: Page['meta']; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Pager
      page={meta.current_page}
      last={meta.last_page}
      label={t('networking.page', { page: meta.current_page, last: meta.last_page })}
      prev={t('networking.prev')}
      next={t('networking.next')}
      onPage={onPage}
    />
  );
}

function LaborBadges({ c }: { c: Pick<Card, 'looking_job' | 'looking_employee' | 'is_hire' | 'is_owner'> }) {
  const { t } = useTranslation();
  return (
    <>
      {LABOR.filter((l) => c[l]).map((l) => (
        <span key={l} className="badge ok">
          {t(`networking.labor.${l}`)}
        </span>
      ))}
    </>
  );
}

/** `/networking`: my profile and status, and the search. */
export default function Networking() {
  const { t } = useTranslation();
  const { data: me, error, retry, reload } = useLoad((signal) => api<{ data: Record_ }>('/api/networking', { signal }).then((r) => r.data), []);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!me) return <Loading />;
  return (
    <section data-testid="networking">
      <h1>{t('networking.title')}</h1>
      <MyProfile me={me} onSaved={reload} />
      {me.status === 'off' ? (
        <div className="card section" role="status" data-testid="networking-off">
          {t('networking.off_notice')}
        </div>
      ) : (
        <Search key={me.status} />
      )}
    </section>
  );
}

function MyProfile({ me, onSaved }: { me: Record_; onSaved: () => void }) {
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
    for (const k of [...TEXT_FIELDS, 'industry', 'marital_status', 'native_language']) body[k] = (form[k] as string | null) ?? null;
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

function Choice({
  id,
  value,
  options,
  prefix,
  onChange,
  empty = 'none',
}: {
  id: string;
  value: string | null | undefined;
  options: readonly string[];
  prefix: string;
  onChange: (v: string | null) => void;
  empty?: 'none' | 'any';
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={`nw-${id}`}>{t(`networking.fields.${id}`)}</label>
      <select id={`nw-${id}`} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t(`networking.${empty}`)}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`networking.${prefix}.${o}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Filters {
  q: string;
  country: string;
  city: string;
  industry: string[];
  labor_market: string[];
  school: string;
  native_language: string;
  sort: string;
}
const NO_FILTERS: Filters = { q: '', country: '', city: '', industry: [], labor_market: [], school: '', native_language: '', sort: '' };
const one = (v: string) => (v ? [v] : undefined);

function Search() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [query, setQuery] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const { countries, cities } = useReference(draft.country);
  const { data, error, retry } = useLoad(
    (signal) =>
      api<Page>('/api/search/networking', {
        signal,
        query: {
          q: query.q.trim() || undefined,
          country: one(query.country),
          city: one(query.city),
          industry: query.industry,
          labor_market: query.labor_market,
          school: one(query.school),
          native_language: one(query.native_language),
          sort: query.sort || undefined,
          page,
          per_page: 12,
        },
      }),
    [query, page],
  );
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => setDraft((f) => ({ ...f, [k]: v, ...(k === 'country' ? { city: '' } : {}) }));
  const toggle = (k: 'industry' | 'labor_market', v: string, on: boolean) => set(k, on ? [...draft[k], v] : draft[k].filter((x) => x !== v));
  function submit(e: FormEvent) {
    e.preventDefault();
    setPage(1);
    setQuery({ ...draft });
  }
  return (
    <section className="section" aria-labelledby="nw-search">
      <h2 id="nw-search">{t('networking.search')}</h2>
      <form className="card section" onSubmit={submit} role="search">
        <div className="field">
          <label htmlFor="nw-q">{t('networking.search')}</label>
          <input id="nw-q" type="search" maxLength={200} placeholder={t('networking.search_placeholder')} value={draft.q} onChange={(e) => set('q', e.target.value)} data-testid="networking-q" />
        </div>
        <details>
          <summary>
            {t('networking.fields.country')}, {t('networking.fields.city')}, {t('networking.fields.industry')}…
          </summary>
          <div className="grid2">
            <div className="field">
              <label htmlFor="nw-country">{t('networking.fields.country')}</label>
              <select id="nw-country" value={draft.country} onChange={(e) => set('country', e.target.value)}>
                <option value="">{t('networking.any')}</option>
                {countries.map((c) => (
                  <option key={c.country_id} value={c.country_id}>
                    {title(c)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="nw-city">{t('networking.fields.city')}</label>
              <select id="nw-city" value={draft.city} onChange={(e) => set('city', e.target.value)} disabled={!draft.country}>
                <option value="">{t('networking.any')}</option>
                {cities.map((c) => (
                  <option key={c.city_id} value={c.city_id}>
                    {title(c)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="nw-school">{t('networking.fields.school')}</label>
              <input id="nw-school" maxLength={63} value={draft.school} onChange={(e) => set('school', e.target.value.trim().toLowerCase())} placeholder="north" />
            </div>
            <Choice id="native_language" value={draft.native_language} options={LANGUAGES} prefix="languages" empty="any" onChange={(v) => set('native_language', v ?? '')} />
            <div className="field">
              <label htmlFor="nw-sort">{t('networking.sort')}</label>
              <select id="nw-sort" value={draft.sort} onChange={(e) => set('sort', e.target.value)}>
                <option value="">{t('networking.sorts.rank')}</option>
                <option value="name">{t('networking.sorts.name')}</option>
                <option value="updated_at">{t('networking.sorts.updated_at')}</option>
              </select>
            </div>
          </div>
          <fieldset className="field">
            <legend>{t('networking.fields.industry')}</legend>
            {INDUSTRIES.map((i) => (
              <label key={i} style={{ marginRight: 12, display: 'inline-block' }}>
                <input type="checkbox" checked={draft.industry.includes(i)} onChange={(e) => toggle('industry', i, e.target.checked)} /> {t(`networking.industries.${i}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="field">
            <legend>{t('networking.labor_title')}</legend>
            {LABOR.map((l) => (
              <label key={l} style={{ marginRight: 12, display: 'inline-block' }}>
                <input type="checkbox" checked={draft.labor_market.includes(l)} onChange={(e) => toggle('labor_market', l, e.target.checked)} /> {t(`networking.labor.${l}`)}
              </label>
            ))}
          </fieldset>
        </details>
        <button className="btn" type="submit" data-testid="networking-find">
          {t('networking.find')}
        </button>{' '}
        <button className="btn ghost" type="button" onClick={() => (setDraft(NO_FILTERS), setQuery(NO_FILTERS), setPage(1))}>
          {t('networking.reset')}
        </button>
      </form>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !data ? (
        <Loading />
      ) : !data.data.length ? (
        <Empty text={t('networking.empty')} />
      ) : (
        <>
          <p aria-live="polite">{t('networking.found', { n: formatNumber(data.meta.total) })}</p>
          <div className="cards" data-testid="networking-results">
            {data.data.map((c) => (
              <article key={`${c.domain}-${c.id}`} className="card" data-testid="networking-card">
                <h3 style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
                  <Avatar m={c} />
                  <Link to={`/networking/${c.domain}/${c.id}`}>
                    {c.name} {c.surname}
                  </Link>
                </h3>
                <div>{[c.position, c.company].filter(Boolean).join(', ')}</div>
                <small>{[cityOf(c), c.school].filter(Boolean).join(' · ')}</small>
                <div>
                  {c.industry && <span className="badge">{t(`networking.industries.${c.industry}`)}</span>} <LaborBadges c={c} />
                </div>
              </article>
            ))}
          </div>
          <NetworkingPager meta={data.meta} onPage={setPage} />
        </>
      )}
    </section>
  );
}

interface MemberPage extends Card {
  contacts: { email?: string; phone?: string; telegram?: string; social?: Record<string, string> };
  education: { education: string | null; groups: string[] };
  about: { about: string | null; interests: string | null; hobbies: string | null; skills: string | null };
  additionally: { marital_status: string | null; pet: string | null; native_language: string | null; additionally: string | null };
  /** Programs the member teaches or studies that are on the marketplace (of any school). */
  catalog: { id: number; title: string; title_en: string | null; short_description: string | null; school: { slug: string; title: string }; role: 'teaches' | 'studies' }[];
}
/** Who opens a marketplace program's page (learner/routes.ts, /marketplace/:id). */
const MARKET_ROLES = new Set(['student', 'admin', 'superadmin']);
const TABS = ['general', 'contacts', 'education', 'about', 'additionally', 'catalog', 'tree'] as const;

/** `/networking/:domain/:id` and `/networking/curator/:domain/:id` (curators read it from the back office's route). */
export function NetworkingMember({ curator = false }: { curator?: boolean }) {
  const { domain, id } = useParams();
  if (!domain || !id || !/^\d+$/.test(id) || !/^[a-z0-9][a-z0-9-]{0,62}$/.test(domain)) return <NotFound />;
  return <MemberView key={`${domain}/${id}`} domain={domain} id={id} curator={curator} />;
}

export function CuratorMember() {
  return <NetworkingMember curator />;
}

function MemberView({ domain, id, curator }: { domain: string; id: string; curator: boolean }) {
  const { t } = useTranslation();
  const profile = useAtomValue(profileAtom);
  const [tab, setTab] = useState<(typeof TABS)[number]>('general');
  const {
    data: m,
    error,
    retry,
  } = useLoad(
    (signal) => api<{ data: MemberPage }>(curator ? `/admin/networking/curator/${domain}/${id}` : `/api/user/networking/${domain}/${id}`, { signal }).then((r) => r.data),
    [domain, id, curator],
  );
  if (error) return (error as ApiError).status === 404 ? <NotFound /> : <ErrorState error={error} retry={retry} />;
  if (!m) return <Loading />;
  const tabs = TABS.filter((x) => !(curator && x === 'tree'));
  const text = (v: string | null | undefined) => v || <small>{t('networking.nothing')}</small>;
  return (
    <article data-testid="networking-member">
      <Link to={curator ? '/networking/curator' : '/networking'}>← {curator ? t('networking.curator_title') : t('networking.back')}</Link>
      <h1 style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Avatar m={m} size={72} />
        <span>
          {m.name} {m.surname} {profile?.id === m.id && domain === m.domain && <small>({t('networking.you')})</small>}
        </span>
      </h1>
      <p>
        {[m.position, m.company].filter(Boolean).join(', ')} · {m.school}
      </p>
      <div role="tablist" aria-label={t('networking.member_title')} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 12 }}>
        {tabs.map((x) => (
          <button key={x} role="tab" id={`nw-tab-${x}`} aria-selected={tab === x} aria-controls="nw-panel" className={`btn${tab === x ? '' : ' ghost'}`} onClick={() => setTab(x)}>
            {t(`networking.tabs.${x}`)}
          </button>
        ))}
      </div>
      <div className="card" role="tabpanel" id="nw-panel" aria-labelledby={`nw-tab-${tab}`}>
        {tab === 'general' && (
          <dl>
            <dt>{t('networking.fields.company')}</dt>
            <dd>{text(m.company)}</dd>
            <dt>{t('networking.fields.position')}</dt>
            <dd>{text(m.position)}</dd>
            <dt>{t('networking.fields.industry')}</dt>
            <dd>{m.industry ? t(`networking.industries.${m.industry}`) : text(null)}</dd>
            <dt>{t('networking.fields.city')}</dt>
            <dd>{text(cityOf(m))}</dd>
            <dt>{t('networking.fields.school')}</dt>
            <dd>{m.school}</dd>
            <dt>{t('networking.labor_title')}</dt>
            <dd>
              <LaborBadges c={m} />
            </dd>
          </dl>
        )}
        {tab === 'contacts' &&
          (Object.keys(m.contacts).length ? (
            <dl data-testid="networking-contacts">
              {m.contacts.email && (
                <>
                  <dt>{t('networking.contacts.email')}</dt>
                  <dd>
                    <a href={`mailto:${m.contacts.email}`}>{m.contacts.email}</a>
                  </dd>
                </>
              )}
              {m.contacts.phone && (
                <>
                  <dt>{t('networking.contacts.phone')}</dt>
                  <dd>
                    <a href={`tel:${m.contacts.phone}`}>{m.contacts.phone}</a>
                  </dd>
                </>
              )}
              {m.contacts.telegram && (
                <>
                  <dt>{t('networking.contacts.telegram')}</dt>
                  <dd>{m.contacts.telegram}</dd>
                </>
              )}
              {m.contacts.social && (
                <>
                  <dt>{t('networking.contacts.social')}</dt>
                  <dd>
                    {Object.entries(m.contacts.social).map(([k, v]) => (
                      <div key={k}>
                        {k}: {v}
                      </div>
                    ))}
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <Empty text={t('networking.no_contacts')} />
          ))}
        {tab === 'education' && (
          <dl>
            <dt>{t('networking.fields.education')}</dt>
            <dd>{text(m.education.education)}</dd>
            <dt>{t('networking.fields.groups')}</dt>
            <dd>{m.education.groups.length ? m.education.groups.join(', ') : text(null)}</dd>
          </dl>
        )}
        {tab === 'about' && (
          <dl>
            <dt>{t('networking.fields.about')}</dt>
            <dd style={{ whiteSpace: 'pre-wrap' }}>{text(m.about.about)}</dd>
            <dt>{t('networking.fields.skills')}</dt>
            <dd>{text(m.about.skills)}</dd>
            <dt>{t('networking.fields.interests')}</dt>
            <dd>{text(m.about.interests)}</dd>
            <dt>{t('networking.fields.hobbies')}</dt>
            <dd>{text(m.about.hobbies)}</dd>
          </dl>
        )}
        {tab === 'additionally' && (
          <dl>
            <dt>{t('networking.fields.marital_status')}</dt>
            <dd>{m.additionally.marital_status ? t(`networking.marital.${m.additionally.marital_status}`) : text(null)}</dd>
            <dt>{t('networking.fields.pet')}</dt>
            <dd>{text(m.additionally.pet)}</dd>
            <dt>{t('networking.fields.native_language')}</dt>
            <dd>{m.additionally.native_language ? t(`networking.languages.${m.additionally.native_language}`, { defaultValue: m.additionally.native_language }) : text(null)}</dd>
            <dt>{t('networking.fields.additionally')}</dt>
            <dd style={{ whiteSpace: 'pre-wrap' }}>{text(m.additionally.additionally)}</dd>
          </dl>
        )}
        {tab === 'catalog' &&
          (m.catalog.length ? (
            <ul data-testid="networking-catalog">
              {m.catalog.map((p) => {
                const name = getLang() === 'en' ? (p.title_en ?? p.title) : p.title;
                return (
                  <li key={p.id}>
                    {profile && MARKET_ROLES.has(profile.roles?.[0] ?? '') ? <Link to={`/marketplace/${p.id}`}>{name}</Link> : name}{' '}
                    <small>
                      · {p.school.title} · {t(`networking.catalog_role.${p.role}`)}
                    </small>
                    {p.short_description && <div>{p.short_description}</div>}
                  </li>
                );
              })}
            </ul>
          ) : (
            <Empty text={t('networking.no_catalog')} />
          ))}
        {tab === 'tree' && <Tree domain={domain} id={id} />}
      </div>
    </article>
  );
}

interface TreeNode {
  id: string;
  root_id: string;
  parent_id: string | null;
  type: 'school' | 'group' | 'member';
  title: string;
  domain: string;
  member_id?: number;
  position?: string | null;
  company?: string | null;
}

/** The alumni tree (GET /api/networking/{id}/getTree), drawn folded: the member's own group open, others on demand. */
function Tree({ domain, id }: { domain: string; id: string }) {
  const { t } = useTranslation();
  const { data, error, retry } = useLoad(
    (signal) => api<{ data: TreeNode[]; focus_member_id: number; truncated: boolean }>(`/api/networking/${id}/getTree`, { signal, query: { domain } }),
    [domain, id],
  );
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!data) return <Loading />;
  const nodes = data.data;
  const root = nodes.find((n) => n.parent_id === null);
  if (!root) return <Empty />;
  const children = (pid: string) => nodes.filter((n) => n.parent_id === pid);
  const focus = data.focus_member_id;
  const leaf = (n: TreeNode) => (
    <li key={n.id}>
      {n.member_id === focus ? <strong>{n.title}</strong> : <Link to={`/networking/${n.domain}/${n.member_id}`}>{n.title}</Link>}
      {(n.position || n.company) && <small> — {[n.position, n.company].filter(Boolean).join(', ')}</small>}
    </li>
  );
  return (
    <div data-testid="networking-tree">
      <p>
        <small>{t('networking.tree_hint')}</small>
      </p>
      {data.truncated && (
        <p>
          <small>{t('networking.tree_truncated')}</small>
        </p>
      )}
      <ul className="tree" role="tree" aria-label={t('networking.tabs.tree')}>
        <li role="treeitem" aria-expanded="true">
          <strong>{root.title}</strong>
          <ul role="group">
            {children(root.id)
              .filter((n) => n.type === 'group')
              .map((g) => {
                const members = children(g.id);
                return (
                  <li key={g.id} role="treeitem">
                    <details open={members.some((m) => m.member_id === focus)}>
                      <summary>
                        {g.title} <small>({t('networking.tree_members', { n: formatNumber(members.length) })})</small>
                      </summary>
                      <ul role="group">{members.map(leaf)}</ul>
                    </details>
                  </li>
                );
              })}
            {children(root.id).some((n) => n.type === 'member') && (
              <li role="treeitem">
                <details open={children(root.id).some((m) => m.member_id === focus)}>
                  <summary>{t('networking.no_group')}</summary>
                  <ul role="group">
                    {children(root.id)
                      .filter((n) => n.type === 'member')
                      .map(leaf)}
                  </ul>
                </details>
              </li>
            )}
          </ul>
        </li>
      </ul>
    </div>
  );
}

interface CuratorRow {
  id: number;
  name: string;
  surname: string;
  email: string;
  status: Status;
  company: string | null;
  position: string | null;
  industry: string | null;
  city: string | null;
  looking_job: boolean;
  looking_employee: boolean;
  is_hire: boolean;
  is_owner: boolean;
}

/** `/networking/curator` (moderators): the school's members whatever their status, filters and the Excel export. */
export function NetworkingCurator() {
  const { t } = useTranslation();
  const profile = useAtomValue(profileAtom);
  const showError = useErrorToast();
  const [draft, setDraft] = useState({ q: '', status: '', industry: '', labor_market: '' });
  const [query, setQuery] = useState(draft);
  const [page, setPage] = useState(1);
  const params = { q: query.q.trim() || undefined, status: one(query.status), industry: one(query.industry), labor_market: one(query.labor_market) };
  const { data, error, retry } = useLoad((signal) => api<{ data: CuratorRow[]; meta: Page['meta'] }>('/admin/networking/curator', { signal, query: { ...params, page, per_page: 20 } }), [query, page]);
  const domain = (profile as { domain?: string } | null | undefined)?.domain ?? window.location.hostname.split('.')[0];
  return (
    <section data-testid="networking-curator">
      <h1>{t('networking.curator_title')}</h1>
      <form className="card section" role="search" onSubmit={(e) => (e.preventDefault(), setPage(1), setQuery({ ...draft }))}>
        <div className="grid2">
          <div className="field">
            <label htmlFor="nwc-q">{t('networking.search')}</label>
            <input id="nwc-q" type="search" maxLength={200} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} placeholder={t('networking.search_placeholder')} />
          </div>
          <div className="field">
            <label htmlFor="nwc-status">{t('networking.status')}</label>
            <select id="nwc-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
              <option value="">{t('networking.any')}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`networking.statuses.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <Choice id="industry" value={draft.industry} options={INDUSTRIES} prefix="industries" empty="any" onChange={(v) => setDraft({ ...draft, industry: v ?? '' })} />
          <div className="field">
            <label htmlFor="nwc-labor">{t('networking.labor_title')}</label>
            <select id="nwc-labor" value={draft.labor_market} onChange={(e) => setDraft({ ...draft, labor_market: e.target.value })}>
              <option value="">{t('networking.any')}</option>
              {LABOR.map((l) => (
                <option key={l} value={l}>
                  {t(`networking.labor.${l}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button className="btn" type="submit">
          {t('networking.find')}
        </button>{' '}
        <button className="btn ghost" type="button" onClick={() => download('/admin/networking/curator/export', { query: params }).catch(showError)}>
          {t('networking.export')}
        </button>
      </form>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !data ? (
        <Loading />
      ) : !data.data.length ? (
        <Empty text={t('networking.curator_empty')} />
      ) : (
        <>
          <p>{t('networking.found', { n: formatNumber(data.meta.total) })}</p>
          <div style={{ overflowX: 'auto' }}>
            <table className="table">
              <thead>
                <tr>
                  <th>{t('networking.fields.name')}</th>
                  <th>{t('networking.status')}</th>
                  <th>{t('networking.fields.company')}</th>
                  <th>{t('networking.fields.industry')}</th>
                  <th>{t('networking.labor_title')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/networking/curator/${domain}/${r.id}`}>
                        {r.surname} {r.name}
                      </Link>
                      <br />
                      <small>{r.email}</small>
                    </td>
                    <td>
                      <span className="badge">{t(`networking.statuses.${r.status}`)}</span>
                    </td>
                    <td>{[r.position, r.company].filter(Boolean).join(', ')}</td>
                    <td>{r.industry ? t(`networking.industries.${r.industry}`) : ''}</td>
                    <td>
                      <LaborBadges c={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <NetworkingPager meta={data.meta} onPage={setPage} />
        </>
      )}
    </section>
  );
}
