import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { toDisplayDate } from '../../common/format/format.ts';
import { requiredNewsAtom } from '../state.ts';
import { Empty, ErrorState, Loading } from '../components/ui.tsx';

interface NewsItem {
  id: number;
  title: string;
  body: string;
  required: boolean;
  is_read: boolean;
  published_at: string;
}

/** `/news` (list) and `/news/:id` (one item; opening it marks it read). */
export default function News() {
  const { id } = useParams();
  return id ? <NewsItemPage id={id} /> : <NewsList />;
}

function NewsList() {
  const { t } = useTranslation();
  const [list, setList] = useState<NewsItem[]>();
  useEffect(() => {
    api<{ data: NewsItem[] }>('/api/news', { query: { per_page: 50 } }).then((r) => setList(r.data), () => setList([]));
  }, []);
  if (!list) return <Loading />;
  return (
    <section>
      <h1>{t('titles.news')}</h1>
      {!list.length ? <Empty text={t('news.empty')} /> : list.map((n) => (
        <article key={n.id} className="card section">
          <small>{toDisplayDate(n.published_at)}</small> {n.required && <span className="badge">{t('news.required')}</span>} {n.is_read && <span className="badge ok">{t('news.read')}</span>}
          <h2><Link to={`/news/${n.id}`}>{n.title}</Link></h2>
        </article>
      ))}
    </section>
  );
}

function NewsItemPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setRequired = useSetAtom(requiredNewsAtom);
  const [n, setN] = useState<NewsItem>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    api<{ data: NewsItem }>(`/api/news/${id}`).then((r) => {
      setN(r.data);
      if (!r.data.required) void api(`/api/news/${id}`, { method: 'PUT' });
    }, setError);
  }, [id]);
  if (error) return <ErrorState error={error} />;
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
        <button className="btn" data-testid="news-read" onClick={() => void confirm()}>{t('news.mark_read')}</button>
      ) : (
        <Link to="/news">← {t('titles.news')}</Link>
      )}
    </article>
  );
}
