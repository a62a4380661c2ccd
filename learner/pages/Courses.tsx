import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import type { MyPrograms, Progress } from '../../common/api/types/programs.ts';
import { Empty, ErrorState, Loading, useLoad } from '../components/ui.tsx';

export function ProgressBadge({ progress }: { progress: Progress }) {
  const { t } = useTranslation();
  return (
    <div>
      <span className="badge">{t(`courses.progress.${progress.state}`)}</span>{' '}
      {progress.passed !== null && <span className={`badge ${progress.passed ? 'ok' : ''}`}>{t(progress.passed ? 'courses.passed' : 'courses.not_passed')}</span>}
      <div
        className="progress"
        role="progressbar"
        aria-label={`${t(`courses.progress.${progress.state}`)}: ${t('courses.items', { done: progress.done, total: progress.total })}`}
        aria-valuenow={progress.percent}
        aria-valuemin={0}
        aria-valuemax={100}
        style={{ marginTop: 8 }}
      >
        <div style={{ width: `${progress.percent}%` }} />
      </div>
      <small>{t('courses.items', { done: progress.done, total: progress.total })}</small>
    </div>
  );
}

/** My courses (`/courses/list`) and finished courses (`/courses-done`). */
export default function Courses() {
  const { t, i18n } = useTranslation();
  const done = useLocation().pathname === '/courses-done';
  const { data: list, error, retry } = useLoad((signal) => api<MyPrograms>('/api/program', { query: { per_page: 100, filter: done ? { done: 1 } : {} }, signal }).then((r) => r.data), [done]);
  return (
    <section>
      <h1>{t(done ? 'titles.courses_done' : 'titles.courses')}</h1>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !list ? (
        <Loading />
      ) : !list.length ? (
        <Empty text={t(done ? 'courses.done_empty' : 'courses.empty')} />
      ) : (
        <div className="cards">
          {list.map((p) => (
            <Link key={p.id} to={`/courses/${p.id}`} className="card course-card" data-testid="course-card">
              <h2>{i18n.language === 'en' && p.title_en ? p.title_en : p.title}</h2>
              {p.short_description && <p>{p.short_description}</p>}
              <ProgressBadge progress={p.progress} />
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
