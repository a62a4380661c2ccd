import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../translation.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { download } from '../../common/api/download.ts';
import { getToken } from '../../common/auth/session.ts';
import { STORAGE_KEYS, storage } from '../../common/storage.ts';
import { describeError } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { formatDateTime, formatMoney } from '../../common/format/format.ts';
import { apiBaseUrl, currentTenant } from '../../common/tenant/tenant.ts';
import { CURRENCIES } from '../../common/payments/terms.ts';
import { Empty, ErrorState, Loading, useErrorToast, useLoad, useSuccessToast } from '../components/ui.tsx';
import { NotFound } from '../components/NotFound.tsx';
import { Pager } from '../components/Pager.tsx';
import { useAtomValue } from 'jotai';
import { profileAtom } from '../state.ts';
import { type Ad, MarketplaceAds } from './MarketplaceAds.tsx';
import { foreignHtml, foreignLink } from '../../common/html/foreign-html.ts';

/** The marketplace (docs/marketplace.md): `/marketplace` (catalogue), `/marketplace/:id`, `/my_lms`, the hand-off page. */

interface Price {
  id: number;
  format: string;
  currency: string;
  full_amount: number;
  amount: number;
}
interface Program {
  id: number;
  school: { slug: string; title: string };
  title: string;
  title_en: string | null;
  short_description: string | null;
  full_description: string | null;
  language: string | null;
  skills: string[];
  knowledge: string[];
  requirements: string | null;
  duration: string | null;
  logo: string | null;
  category: { id: number; title_ru: string; title_en: string } | null;
  discount_percent: number;
  instalment_months: number[];
  prices: Price[];
  chapters?: { id: number; title: string; materials: { id: number; title: string; kind: string; demo: boolean }[]; quizzes: { id: number; title: string }[] }[];
  own_school?: boolean;
  purchase?: { id: number; status: string } | null;
}
interface Meta {
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
}
interface Category {
  id: number;
  title_ru: string;
  title_en: string;
}

const FORMATS = ['full-time', 'blended', 'online'];
const titleOf = (p: { title: string; title_en: string | null }, en: boolean) => (en && p.title_en ? p.title_en : p.title);

function Logo({ src, title }: { src: string | null; title: string }) {
  if (!src || !/^https?:\/\//.test(src))
    return (
      <div aria-hidden="true" style={{ height: 64, width: 64, borderRadius: 8, background: 'var(--border)', display: 'grid', placeItems: 'center', fontSize: 28 }}>
        {title.slice(0, 1)}
      </div>
    );
  return <img src={src} alt="" style={{ height: 64, width: 64, objectFit: 'cover', borderRadius: 8 }} />;
}

function PriceTag({ p }: { p: Program }) {
  const { t } = useTranslation();
  const cheapest = [...p.prices].sort((a, b) => a.amount - b.amount)[0];
  if (!cheapest) return <span>{t('market.no_price')}</span>;
  return (
    <span>
      <strong>{t('market.from_price', { price: formatMoney(cheapest.amount, cheapest.currency) })}</strong>{' '}
      {p.discount_percent > 0 && (
        <>
          <s>{formatMoney(cheapest.full_amount, cheapest.currency)}</s> <span className="badge ok">{t('market.discount', { p: p.discount_percent })}</span>
        </>
      )}
    </span>
  );
}

/** `/marketplace`: the catalogue with search, filters, sort and pages. */
export default function Marketplace() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [params, setParams] = useSearchParams();
  const query = Object.fromEntries(params.entries());
  const [form, setForm] = useState<Record<string, string>>(query);
  const { data: categories } = useLoad((signal) => api<{ data: Category[] }>('/api/info/store/categories', { signal }).then((r) => r.data), []);
  const key = params.toString();
  const { data, error, retry } = useLoad(
    (signal) => api<{ data: Program[]; ads: Ad[]; meta: Meta }>('/api/marketplace/program', { query: Object.fromEntries(new URLSearchParams(key).entries()), signal }),
    [key],
  );
  // a banner's category link changes the address: the form follows it
  useEffect(() => setForm(Object.fromEntries(new URLSearchParams(key).entries())), [key]);
  function submit(e: FormEvent) {
    e.preventDefault();
    setParams(Object.fromEntries(Object.entries(form).filter(([k, v]) => v !== '' && k !== 'page')));
  }
  const set = (k: string) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const page = (n: number) => setParams({ ...query, page: String(n) });
  return (
    <section data-testid="marketplace">
      <h1>{t('market.title')}</h1>
      <p>{t('market.intro')}</p>
      {!!data?.ads?.length && <MarketplaceAds ads={data.ads} />}
      <form className="card section" onSubmit={submit} aria-label={t('market.search')}>
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

interface DemoView {
  id: number;
  title: string;
  kind: string;
  body: string | null;
  url: string | null;
  file_name: string | null;
  video: boolean;
}

/** `/marketplace/:id`: the full description, the outline (titles), demo materials, prices and the purchase. */
export function MarketplaceItem() {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <NotFound />;
  return <Item id={id} />;
}

function Item({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { data: p, error, retry, reload } = useLoad((signal) => api<{ data: Program }>(`/api/marketplace/program/${id}`, { signal }).then((r) => r.data), [id]);
  const [demo, setDemo] = useState<{ view?: DemoView; error?: string; mediaId: number } | null>(null);
  const [buying, setBuying] = useState<Price | null>(null);
  const isStudent = useAtomValue(profileAtom)?.roles[0] === 'student';
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!p) return <Loading />;

  async function openMaterial(mediaId: number) {
    setDemo({ mediaId });
    try {
      const r = await api<{ data: DemoView }>(`/api/marketplace/demo/${mediaId}/view`, { query: { program_id: id } });
      setDemo({ mediaId, view: r.data });
    } catch (err) {
      const d = describeError(err, getLang());
      setDemo({ mediaId, error: `${d.title}. ${d.text}` });
    }
  }
  const videoSrc = (mediaId: number) => `${apiBaseUrl()}/api/marketplace/video?program_id=${id}&media_id=${mediaId}&access_token=${encodeURIComponent(getToken() ?? '')}&domain=${currentTenant()}`;

  return (
    <article data-testid="market-item">
      <p>
        <Link to="/marketplace">← {t('market.title')}</Link>
      </p>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <Logo src={p.logo} title={p.title} />
        <div style={{ minWidth: 0 }}>
          <h1 style={{ margin: 0, overflowWrap: 'anywhere' }}>{titleOf(p, en)}</h1>
          <div>
            {t('market.by_school', { school: p.school.title })}
            {p.category && <> · {en ? p.category.title_en : p.category.title_ru}</>}
          </div>
        </div>
      </div>
      {p.full_description && (
        <p className="section" style={{ whiteSpace: 'pre-line' }}>
          {p.full_description}
        </p>
      )}
      <div className="grid2 section">
        {!!p.skills.length && (
          <div>
            <h2>{t('market.skills')}</h2>
            <ul>
              {p.skills.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
        )}
        {!!p.knowledge.length && (
          <div>
            <h2>{t('market.knowledge')}</h2>
            <ul>
              {p.knowledge.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
        )}
        {p.requirements && (
          <div>
            <h2>{t('market.requirements')}</h2>
            <p>{p.requirements}</p>
          </div>
        )}
        {(p.duration || p.language) && (
          <div>
            {p.duration && (
              <p>
                <strong>{t('market.duration')}:</strong> {p.duration}
              </p>
            )}
            {p.language && (
              <p>
                <strong>{t('market.language')}:</strong> {p.language}
              </p>
            )}
          </div>
        )}
      </div>

      <section className="card section" aria-labelledby="m-outline">
        <h2 id="m-outline">{t('market.structure')}</h2>
        <p>
          <small>{t('market.structure_hint')}</small>
        </p>
        {!p.chapters?.length ? (
          <Empty text={t('market.no_structure')} />
        ) : (
          p.chapters.map((c) => (
            <div key={c.id} className="section">
              <h3>{c.title}</h3>
              <ul style={{ listStyle: 'none', padding: 0 }}>
                {c.materials.map((m) => (
                  <li key={m.id} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', padding: '4px 0' }} data-testid="market-material">
                    <span style={{ overflowWrap: 'anywhere' }}>{m.title}</span>
                    {m.demo ? (
                      <>
                        <span className="badge ok">{t('market.demo')}</span>
                        <button className="btn link" onClick={() => void openMaterial(m.id)} data-testid={`market-demo-${m.id}`}>
                          {t('market.open_demo')}
                        </button>
                      </>
                    ) : (
                      <button className="btn link" onClick={() => void openMaterial(m.id)} data-testid={`market-locked-${m.id}`}>
                        🔒 {t('market.locked')}
                      </button>
                    )}
                  </li>
                ))}
                {c.quizzes.map((q) => (
                  <li key={`q${q.id}`} style={{ padding: '4px 0' }}>
                    {q.title} <span className="badge">{t('market.quiz')}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </section>

      {demo && (
        <section className="card section" aria-live="polite" data-testid="market-demo-viewer">
          <h2>
            {t('market.demo_viewer')}
            {demo.view ? `: ${demo.view.title}` : ''}
          </h2>
          {demo.error ? (
            <div className="alert error" role="alert" data-testid="market-demo-error">
              {demo.error}
            </div>
          ) : !demo.view ? (
            <Loading />
          ) : (
            <>
              {demo.view.video && <video controls preload="metadata" src={videoSrc(demo.view.id)} style={{ width: '100%', maxHeight: 360 }} data-testid="market-demo-video" />}
              {/* another school's text: cleaned by the server, and again here (common/html/foreign-html.ts) */}
              {demo.view.body && <div data-testid="market-demo-body" dangerouslySetInnerHTML={{ __html: foreignHtml(demo.view.body) }} />}
              {foreignLink(demo.view.url) && (
                <a href={foreignLink(demo.view.url)} target="_blank" rel="noreferrer noopener">
                  {t('market.open_link')}
                </a>
              )}
            </>
          )}
          <button className="btn ghost" onClick={() => setDemo(null)}>
            {t('close')}
          </button>
        </section>
      )}

      <section className="card section" aria-labelledby="m-prices">
        <h2 id="m-prices">{t('market.prices')}</h2>
        {p.purchase ? (
          <div className="alert success" data-testid="market-bought">
            {t('market.bought')} <Link to="/my_lms">{t('market.to_my')}</Link>
          </div>
        ) : p.own_school ? (
          <p>{t('market.own_school')}</p>
        ) : null}
        {isStudent && (
          <p>
            <Link to={`/marketplace/found_cheaper?program=${p.id}`} data-testid="market-found-cheaper">
              {t('market.found_cheaper_link')}
            </Link>
          </p>
        )}
        {!p.prices.length ? (
          <Empty text={t('market.no_prices')} />
        ) : (
          <ul style={{ listStyle: 'none', padding: 0 }}>
            {p.prices.map((x) => (
              <li key={x.id} style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', padding: '6px 0' }}>
                <span>{t(`market.formats.${x.format}`)}</span>
                <strong>{formatMoney(x.amount, x.currency)}</strong>
                {x.full_amount !== x.amount && <s>{formatMoney(x.full_amount, x.currency)}</s>}
                {!p.purchase && !p.own_school && (
                  <button className="btn" onClick={() => setBuying(x)} data-testid={`market-buy-${x.format}-${x.currency}`}>
                    {t('market.buy')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {buying && (
        <Checkout
          programId={id}
          price={buying}
          onClose={() => setBuying(null)}
          onBought={() => {
            setBuying(null);
            reload();
          }}
        />
      )}
    </article>
  );
}

interface Preview {
  amount: number;
  full_amount: number;
  currency: string;
  format: string;
  wallet_balance: number;
  can_pay_by_wallet: boolean;
  instalment_months: number[];
  bought: boolean;
}

function Checkout({ programId, price, onClose, onBought }: { programId: string; price: Price; onClose: () => void; onBought: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toastError = useErrorToast();
  const toastOk = useSuccessToast();
  const [busy, setBusy] = useState(false);
  const { data, error, retry } = useLoad(
    (signal) => api<{ data: Preview }>(`/api/marketplace/buyProgram/${programId}`, { query: { format: price.format, curr: price.currency }, signal }).then((r) => r.data),
    [programId, price.id],
  );
  const [company, setCompany] = useState<{ name: string; inn: string; kpp: string } | null>(null);
  async function buy(method: 'wallet' | 'instalments' | 'invoice', months?: number) {
    setBusy(true);
    try {
      const legal = method === 'invoice' && company ? { company: { name: company.name, inn: company.inn, ...(company.kpp ? { kpp: company.kpp } : {}) } } : {};
      await api(`/api/marketplace/buyProgram/${programId}`, { method: 'POST', body: { format: price.format, curr: price.currency, method, ...(months ? { months } : {}), ...legal } });
      toastOk(t('market.bought_ok'));
      onBought();
      navigate('/my_lms');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card section" aria-labelledby="m-checkout" data-testid="market-checkout">
      <h2 id="m-checkout">{t('market.checkout')}</h2>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <p>
            {t('market.to_pay')}: <strong data-testid="market-to-pay">{formatMoney(data.amount, data.currency)}</strong> ({t(`market.formats.${data.format}`)})
          </p>
          <p>
            {t('market.wallet_balance')}: <strong data-testid="market-balance">{formatMoney(data.wallet_balance, data.currency)}</strong>
          </p>
          {!data.can_pay_by_wallet && (
            <div className="alert error" role="alert">
              {t('market.not_enough')}
            </div>
          )}
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <button className="btn" disabled={busy} onClick={() => void buy('wallet')} data-testid="market-pay-wallet">
              {t('market.pay_wallet')}
            </button>
            {data.instalment_months.map((n) => (
              <button key={n} className="btn ghost" disabled={busy} onClick={() => void buy('instalments', n)} data-testid={`market-instalments-${n}`}>
                {t('market.instalments', { n })}
              </button>
            ))}
            <button className="btn ghost" disabled={busy} onClick={() => setCompany(company ? null : { name: '', inn: '', kpp: '' })} data-testid="market-legal">
              {t('market.legal')}
            </button>
            <button className="btn ghost" onClick={onClose}>
              {t('cancel')}
            </button>
          </div>
          {company && (
            <form
              className="section"
              onSubmit={(e) => {
                e.preventDefault();
                void buy('invoice');
              }}
              aria-label={t('market.legal')}
            >
              <div className="grid2">
                <div className="field">
                  <label htmlFor="m-company">{t('market.company')}</label>
                  <input id="m-company" required maxLength={255} value={company.name} onChange={(e) => setCompany({ ...company, name: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor="m-inn">{t('market.inn')}</label>
                  <input id="m-inn" required pattern="[0-9]{10}([0-9]{2})?" inputMode="numeric" value={company.inn} onChange={(e) => setCompany({ ...company, inn: e.target.value })} />
                </div>
                <div className="field">
                  <label htmlFor="m-kpp">{t('market.kpp')}</label>
                  <input id="m-kpp" maxLength={9} inputMode="numeric" value={company.kpp} onChange={(e) => setCompany({ ...company, kpp: e.target.value })} />
                </div>
              </div>
              <p>
                <small>{t('market.invoice_hint')}</small>
              </p>
              <button className="btn" type="submit" disabled={busy} data-testid="market-invoice">
                {t('market.get_invoice')}
              </button>
            </form>
          )}
          {!!data.instalment_months.length && (
            <p>
              <small>{t('market.instalments_hint')}</small>
            </p>
          )}
        </>
      )}
    </section>
  );
}

interface Bought {
  id: number;
  program_id: number;
  program_title: string;
  school: string;
  format: string;
  currency: string;
  amount: number;
  method: string;
  status: string;
  created_at: string;
  progress: { percent: number } | null;
  left_to_pay: number;
}
interface Wallets {
  wallets: { currency: string; balance: number }[];
  entries: { id: number; amount: number; currency: string; reason: string; created_at: string; by: string | null }[];
}

/** The seller's portal address: the first label of this host replaced by the seller's school. */
function schoolOrigin(domain: string) {
  const labels = location.hostname.split('.');
  const base = labels.length > 1 ? labels.slice(1).join('.') : location.hostname;
  return `${location.protocol}//${domain}.${base}${location.port ? `:${location.port}` : ''}`;
}

/** `/my_lms`: the programs the student bought, progress, what is left to pay, and the wallet. */
export function MyLms() {
  const { t } = useTranslation();
  const toastError = useErrorToast();
  const { data, error, retry } = useLoad((signal) => api<{ data: Bought[] }>('/api/marketplace/user', { signal }).then((r) => r.data), []);
  const { data: wallet } = useLoad((signal) => api<{ data: Wallets }>('/api/marketplace/wallet', { signal }).then((r) => r.data), []);
  async function study(b: Bought) {
    try {
      const r = await api<{ data: { domain: string; code: string } }>(`/api/marketplace/purchase/${b.id}/open`, { method: 'POST' });
      window.location.assign(`${schoolOrigin(r.data.domain)}/marketplace/handoff#${encodeURIComponent(r.data.code)}`);
    } catch (err) {
      toastError(err);
    }
  }
  return (
    <section data-testid="my-lms">
      <h1>{t('market.my_title')}</h1>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !data ? (
        <Loading />
      ) : !data.length ? (
        <div className="center">
          <p>{t('market.my_empty')}</p>
          <Link className="btn" to="/marketplace">
            {t('market.to_catalogue')}
          </Link>
        </div>
      ) : (
        <div className="cards">
          {data.map((b) => (
            <article key={b.id} className="card" data-testid="my-lms-item">
              <h2 style={{ fontSize: 18, overflowWrap: 'anywhere' }}>{b.program_title}</h2>
              <small>{t('market.by_school', { school: b.school })}</small>
              <p>
                {formatMoney(b.amount, b.currency)} · {t(`market.method.${b.method}`)} · {t(`market.status.${b.status}`)}
              </p>
              {b.progress && (
                <p>
                  <progress max={100} value={b.progress.percent} aria-label={t('market.progress', { p: b.progress.percent })} /> {t('market.progress', { p: b.progress.percent })}
                </p>
              )}
              <p>{b.left_to_pay > 0 ? t('market.left_to_pay', { sum: formatMoney(b.left_to_pay, b.currency) }) : <span className="badge ok">{t('market.paid')}</span>}</p>
              {b.status === 'active' && (
                <button className="btn" onClick={() => void study(b)} data-testid="my-lms-study">
                  {t('market.study')}
                </button>
              )}
              {b.method === 'invoice' && (
                <button className="btn ghost" onClick={() => void download(`/api/marketplace/purchase/${b.id}/invoice`).catch(toastError)} data-testid="my-lms-invoice">
                  {t('market.download_invoice')}
                </button>
              )}
            </article>
          ))}
        </div>
      )}
      <section className="card section" aria-labelledby="m-wallet" data-testid="my-wallet">
        <h2 id="m-wallet">{t('market.wallet')}</h2>
        {!wallet ? (
          <Loading />
        ) : !wallet.wallets.length ? (
          <p>{t('market.wallet_empty')}</p>
        ) : (
          <>
            <p>
              {wallet.wallets.map((w) => (
                <strong key={w.currency} style={{ marginRight: 16 }}>
                  {formatMoney(w.balance, w.currency)}
                </strong>
              ))}
            </p>
            <h3>{t('market.ledger')}</h3>
            <ul>
              {wallet.entries.map((e) => (
                <li key={e.id}>
                  {formatDateTime(e.created_at)} ·{' '}
                  <strong>
                    {e.amount > 0 ? '+' : ''}
                    {formatMoney(e.amount, e.currency)}
                  </strong>{' '}
                  · {e.reason}
                  {e.by ? ` · ${e.by}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </section>
  );
}

/** `/marketplace/handoff#<code>` on the selling school's domain: exchanges the one-time code for a session there. */
export function Handoff() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const code = decodeURIComponent(window.location.hash.slice(1));
    if (!code) {
      setFailed(true);
      return;
    }
    history.replaceState(null, '', window.location.pathname); // the code leaves the address bar at once
    api<{ access_token: string; refresh_token: string; program_id: number }>('/api/marketplace/handoff', { method: 'POST', body: { code } }).then(
      (r) => {
        storage.set(STORAGE_KEYS.token, r.access_token);
        storage.set(STORAGE_KEYS.refreshToken, r.refresh_token);
        window.location.replace(`/courses/${r.program_id}`);
      },
      () => setFailed(true),
    );
  }, []);
  return (
    <div className="card" data-testid="market-handoff">
      <h1>{t('market.handoff_title')}</h1>
      {failed ? (
        <div className="alert error" role="alert">
          {t('market.handoff_failed')}
        </div>
      ) : (
        <Loading />
      )}
      {!failed && <p>{t('market.handoff_wait')}</p>}
    </div>
  );
}
