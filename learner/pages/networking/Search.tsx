import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { Empty, ErrorState, Loading, useLoad } from '../../components/ui.tsx';
import { cityOf, INDUSTRIES, LABOR, LANGUAGES, one, type Page, title } from './model.ts';
import { Avatar, Choice, LaborBadges, NetworkingPager } from './parts.tsx';
import { useReference } from './useReference.ts';

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

export function Search() {
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
