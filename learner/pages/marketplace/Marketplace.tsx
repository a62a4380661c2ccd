import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { CURRENCIES } from '../../../common/payments/terms.ts';
import { Empty, ErrorState, Loading, useLoad } from '../../components/ui.tsx';
import { Pager } from '../../components/Pager.tsx';
import { type Ad, MarketplaceAds } from '../MarketplaceAds.tsx';
import { type Category, FORMATS, type Meta, type Program, titleOf } from './model.ts';
import { Logo, PriceTag } from './parts.tsx';
import type { CataloguePage, StoreCategories } from '../../../common/api/types/marketplace.ts';

/** `/marketplace`: the catalogue with search, filters, sort and pages. */
export default function Marketplace() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const [form, setForm] = useState<Record<string, string>>(query);
  const { data: categories } = useLoad((signal) => api<StoreCategories>('/api/info/store/categories', { signal }).then((r) => r.data), []);
  const key = params.toString();
  const { data, error, retry } = useLoad((signal) => api<CataloguePage>('/api/marketplace/program', { query: Object.fromEntries(new URLSearchParams(key).entries()), signal }), [key]);
  // a banner's category link changes the address: the form follows it
  useEffect(() => setForm(Object.fromEntries(new URLSearchParams(key).entries())), [key]);
  function submit(e: FormEvent) {
    e.preventDefault();
    // the form is noValidate (no browser bubble): a price bound that is not a number of zero or more is left out
    const price = (k: string, v: string) => !k.startsWith('price_') || (Number.isFinite(Number(v)) && Number(v) >= 0);
    setParams(Object.fromEntries(Object.entries(form).filter(([k, v]) => v !== '' && k !== 'page' && price(k, v))));
  }
  const set = (k: string) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const page = (n: number) => setParams({ ...query, page: String(n) });
  return (
    <section data-testid="marketplace">
      <h1>{t('market.title')}</h1>
      <p>{t('market.intro')}</p>
      {!!data?.ads?.length && <MarketplaceAds ads={data.ads} />}
      <form className="card section" onSubmit={submit} aria-label={t('market.search')} noValidate>
        <div className="grid2">
          <div className="field">
            <label htmlFor="m-q">{t('market.search')}</label>
            <input id="m-q" data-testid="market-search" value={form.q ?? ''} onChange={set('q')} maxLength={200} />
          </div>
          <div className="field">
            <label htmlFor="m-category">{t('market.category')}</label>
            <select id="m-category" value={form.category ?? ''} onChange={set('category')}>
              <option value="">{t('market.any')}</option>
              {(categories ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {en ? c.title_en : c.title_ru}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="m-format">{t('market.format')}</label>
            <select id="m-format" value={form.format ?? ''} onChange={set('format')}>
              <option value="">{t('market.any_format')}</option>
              {FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t(`market.formats.${f}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="m-curr">{t('market.currency')}</label>
            <select id="m-curr" value={form.curr ?? ''} onChange={set('curr')}>
              <option value="">{t('market.any')}</option>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="m-min">{t('market.price_min')}</label>
            <input id="m-min" type="number" min={0} value={form.price_min ?? ''} onChange={set('price_min')} />
          </div>
          <div className="field">
            <label htmlFor="m-max">{t('market.price_max')}</label>
            <input id="m-max" type="number" min={0} value={form.price_max ?? ''} onChange={set('price_max')} />
          </div>
          <div className="field">
            <label htmlFor="m-school">{t('market.school')}</label>
            <input id="m-school" value={form.school ?? ''} onChange={set('school')} maxLength={63} />
          </div>
          <div className="field">
            <label htmlFor="m-sort">{t('market.sort')}</label>
            <select id="m-sort" value={form.sort ?? 'new'} onChange={set('sort')}>
              {(['new', 'title', 'price'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`market.sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button className="btn" type="submit" data-testid="market-apply">
          {t('market.apply')}
        </button>{' '}
        <button
          className="btn ghost"
          type="button"
          onClick={() => {
            setForm({});
            setParams({});
          }}
        >
          {t('market.reset')}
        </button>
      </form>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !data ? (
        <Loading />
      ) : !data.data.length ? (
        <Empty text={t('market.empty')} />
      ) : (
        <>
          <div className="cards">
            {data.data.map((p) => (
              <article key={p.id} className="card" data-testid="market-card">
                <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                  <Logo src={p.logo} title={p.title} />
                  <div style={{ minWidth: 0 }}>
                    <h2 style={{ margin: 0, fontSize: 18, overflowWrap: 'anywhere' }}>
                      <Link to={`/marketplace/${p.id}`}>{titleOf(p, en)}</Link>
                    </h2>
                    <small>{t('market.by_school', { school: p.school.title })}</small>
                  </div>
                </div>
                {p.short_description && <p>{p.short_description}</p>}
                <p>
                  <PriceTag p={p} />
                </p>
                {!!p.skills.length && (
                  <p>
                    {p.skills.slice(0, 5).map((s) => (
                      <span key={s} className="badge" style={{ marginRight: 4 }}>
                        {s}
                      </span>
                    ))}
                  </p>
                )}
              </article>
            ))}
          </div>
          <Pager
            always
            page={data.meta.current_page}
            last={data.meta.last_page}
            label={t('market.shown', { from: data.meta.from, to: data.meta.to, total: data.meta.total })}
            prev={t('market.prev')}
            next={t('market.next')}
            onPage={page}
          />
        </>
      )}
    </section>
  );
}
