import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import type { CuratorNewsList, NewsAnswer, NewsList as NewsPage } from '../../common/api/types/news.ts';
import { formatNumber, toDisplayDate } from '../../common/format/format.ts';
import { requiredNewsAtom } from '../state.ts';
import { Empty, ErrorState, Loading, useLoad } from '../components/ui.tsx';
import { NotFound } from '../components/NotFound.tsx';

/** `/news` (list) and `/news/:id` (one item; opening it marks it read). */
export default function News() {
  const { id } = useParams();
  // a news id is a number: any other word in its place is a page that does not exist, not a failed form
  if (id && !/^\d+$/.test(id)) return <NotFound />;
  return id ? <NewsItemPage id={id} /> : <NewsList />;
}

function NewsList() {
  const { t } = useTranslation();
  const { data: list, error, retry } = useLoad((signal) => api<NewsPage>('/api/news', { query: { per_page: 50 }, signal }).then((r) => r.data), []);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!list) return <Loading />;
  return (
    <section>
      <h1>{t('titles.news')}</h1>
      {!list.length ? (
        <Empty text={t('news.empty')} />
      ) : (
        list.map((n) => (
          <article key={n.id} className="card section">
            <small>{toDisplayDate(n.published_at)}</small> {n.required && <span className="badge">{t('news.required')}</span>} {n.is_read && <span className="badge ok">{t('news.read')}</span>}
            <h2>
              <Link to={`/news/${n.id}`}>{n.title}</Link>
            </h2>
          </article>
        ))
      )}
    </section>
  );
}

function NewsItemPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setRequired = useSetAtom(requiredNewsAtom);
  const {
    data: n,
    error,
    retry,
  } = useLoad(
    (signal) =>
      api<NewsAnswer>(`/api/news/${id}`, { signal }).then((r) => {
        // an ordinary news item is read once opened; a required one waits for the reader's confirmation
        if (!r.data.required) void api(`/api/news/${id}`, { method: 'PUT' });
        return r.data;
      }),
    [id],
  );
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!n) return <Loading />;
  async function confirm() {
    await api(`/api/news/${id}`, { method: 'PUT' });
    setRequired((list) => (list ?? []).filter((x) => x.id !== n!.id));
    navigate('/courses/list');
  }
  return (
    <article>
      <small>{toDisplayDate(n.published_at)}</small>
      <h1>{n.title}</h1>
      {n.required && !n.is_read && <div className="alert error">{t('news.must_read')}</div>}
      {/* sanitised by the server */}
      <div className="card section" dangerouslySetInnerHTML={{ __html: n.body }} />
      {n.required && !n.is_read ? (
        <button className="btn" data-testid="news-read" onClick={() => void confirm()}>
          {t('news.mark_read')}
        </button>
      ) : (
        <Link to="/news">← {t('titles.news')}</Link>
      )}
    </article>
  );
}

/**
 * `/news/curator` (moderators): the curators' own news channel, read from the back office's route
 * (GET /admin/news/curator, the one the curator-news resource uses), each item in full. Read-only here: curators write
 * them in the back office.
 */
export function CuratorNews() {
  const { t } = useTranslation();
  const { data: list, error, retry } = useLoad((signal) => api<CuratorNewsList>('/admin/news/curator', { query: { per_page: 50 }, signal }).then((r) => r.data), []);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!list) return <Loading />;
  return (
    <section data-testid="curator-news">
      <h1>{t('titles.curator_news')}</h1>
      {!list.length ? (
        <Empty text={t('news.curator_empty')} />
      ) : (
        list.map((n) => (
          <article key={n.id} className="card section">
            <small>{toDisplayDate(n.published_at)}</small> {n.required && <span className="badge">{t('news.required')}</span>}{' '}
            {n.read_count !== undefined && <small>{t('news.readers', { n: formatNumber(n.read_count) })}</small>}
            <h2>{n.title}</h2>
            {/* sanitised by the server */}
            <div dangerouslySetInnerHTML={{ __html: n.body }} />
          </article>
        ))
      )}
    </section>
  );
}
