import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { formatMoney } from '../../../common/format/format.ts';
import { Empty, ErrorState, Loading, useLoad } from '../../components/ui.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { profileAtom } from '../../state.ts';
import { type Price, type Program, titleOf } from './model.ts';
import { Logo } from './parts.tsx';
import { Checkout } from './Checkout.tsx';
import type { ProgramAnswer } from '../../../common/api/types/marketplace.ts';
import { DemoViewer } from './DemoViewer.tsx';
import { LockIcon } from '../../components/LockIcon.tsx';

/** `/marketplace/:id`: the full description, the outline (titles), demo materials, prices and the purchase. */
export function MarketplaceItem() {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <NotFound />;
  return <Item id={id} />;
}

function Item({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { data: p, error, retry, reload } = useLoad((signal) => api<ProgramAnswer>(`/api/marketplace/program/${id}`, { signal }).then((r) => r.data), [id]);
  const [demo, setDemo] = useState<number | null>(null);
  const [buying, setBuying] = useState<Price | null>(null);
  // the marketplace's buyers (students, admins, superadmins) report a lower price; the route table gives them all of it
  const isBuyer = ['student', 'admin', 'superadmin'].includes(useAtomValue(profileAtom)?.roles[0] ?? '');
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!p) return <Loading />;

  const openMaterial = (mediaId: number) => setDemo(mediaId);

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
                <strong>{t('market.language')}:</strong> {t(`market.languages.${p.language}`, { defaultValue: p.language })}
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
        {p.chapters?.some((c) => c.materials.some((m) => m.demo)) && (
          <p>
            <Link to={`/marketplace/${p.id}/demo`} data-testid="market-demo-page-link">
              {t('market.demo_page_link')}
            </Link>
          </p>
        )}
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
                        <button className="btn link" onClick={() => openMaterial(m.id)} data-testid={`market-demo-${m.id}`}>
                          {t('market.open_demo')}
                        </button>
                      </>
                    ) : (
                      <button className="btn link" onClick={() => openMaterial(m.id)} data-testid={`market-locked-${m.id}`}>
                        <LockIcon label={t('market.locked_label')} /> {t('market.locked')}
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

      {demo !== null && <DemoViewer key={demo} programId={id} mediaId={demo} onClose={() => setDemo(null)} />}

      <section className="card section" aria-labelledby="m-prices">
        <h2 id="m-prices">{t('market.prices')}</h2>
        {p.purchase ? (
          <div className="alert success" data-testid="market-bought">
            {t('market.bought')} <Link to="/my_lms">{t('market.to_my')}</Link>
          </div>
        ) : p.own_school ? (
          <p>{t('market.own_school')}</p>
        ) : null}
        {isBuyer && (
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
