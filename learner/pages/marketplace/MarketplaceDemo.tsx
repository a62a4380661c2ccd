import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { Empty, ErrorState, Loading, useLoad } from '../../components/ui.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { titleOf } from './model.ts';
import { DemoViewer } from './DemoViewer.tsx';
import type { DemoList, ProgramAnswer } from '../../../common/api/types/marketplace.ts';

/**
 * `/marketplace/{id}/demo`, a route of its own in the specification's route table: the program's demo materials
 * (`GET /api/marketplace/program/{id}/demo`) and the viewer of the one chosen (`?media=`, else the first).
 */
export function MarketplaceDemo() {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <NotFound />;
  return <Demo id={id} />;
}

function Demo({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { data, error, retry } = useLoad(
    (signal) =>
      Promise.all([
        api<ProgramAnswer>(`/api/marketplace/program/${id}`, { signal }).then((r) => r.data),
        api<{ data: DemoList }>(`/api/marketplace/program/${id}/demo`, { signal }).then((r) => r.data),
      ]),
    [id],
  );
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!data) return <Loading />;
  const [program, materials] = data;
  const chosen = Number(search.get('media')) || materials[0]?.id;
  return (
    <article data-testid="market-demo-page">
      <p>
        <Link to={`/marketplace/${id}`}>← {t('market.demo_back')}</Link>
      </p>
      <h1 style={{ overflowWrap: 'anywhere' }}>{t('market.demo_page_title', { title: titleOf(program, i18n.language === 'en') })}</h1>
      {!materials.length ? (
        <Empty text={t('market.demo_none')} />
      ) : (
        <>
          <nav aria-label={t('market.demo_page_link')}>
            <ul style={{ listStyle: 'none', padding: 0, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              {materials.map((m) => (
                <li key={m.id}>
                  <button
                    className={m.id === chosen ? 'btn' : 'btn ghost'}
                    aria-current={m.id === chosen ? 'true' : undefined}
                    onClick={() => setSearch({ media: String(m.id) }, { replace: true })}
                    data-testid={`market-demo-choose-${m.id}`}
                  >
                    {m.title}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {chosen && <DemoViewer key={chosen} programId={id} mediaId={chosen} />}
        </>
      )}
    </article>
  );
}
