import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { formatPercent, toDisplayDate } from '../../common/format/format.ts';
import { ErrorState, Loading, useLoad } from '../components/ui.tsx';
import type { ProgramAnswer } from '../../common/api/types/programs.ts';
import { ProgressBadge } from './Courses.tsx';
import { QuizStateBadge, useQuizStates } from './quiz/States.tsx';

/** A program: chapters with their materials and quizzes and the state of each. Back goes to the courses. */
export default function Course() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const { data: p, error, retry } = useLoad(() => api<ProgramAnswer>(`/api/program/${id}`).then((r) => r.data), [id]);
  // each quiz's state (not started, in progress, passed, not passed, no attempts left: issue 30)
  const quizStates = useQuizStates(p ? p.chapters.flatMap((c) => c.quizzes.map((q) => q.id)) : []);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!p) return <Loading />;
  return (
    <section>
      <Link to="/courses/list">← {t('courses.back')}</Link>
      <h1>{i18n.language === 'en' && p.title_en ? p.title_en : p.title}</h1>
      {p.description && <p>{p.description}</p>}
      {p.days_to_study && <p>{t('courses.days', { n: p.days_to_study })}</p>}
      <div className="card section" data-testid="course-progress">
        <ProgressBadge progress={p.progress} />
        <p>
          <small>{t('courses.rule')}</small>
        </p>
      </div>
      <h2>{t('courses.chapters')}</h2>
      {p.chapters.map((c) => (
        <div key={c.id} className="card section">
          <h3>{c.title}</h3>
          <ul className="items">
            {c.media.map((m) => (
              <li key={`m${m.id}`}>
                <span className="badge">{t(`courses.kinds.${m.kind}`)}</span> <Link to={`/content/info/${m.id}`}>{m.title}</Link>
                {m.status !== 'todo' && (
                  <span className={`badge ${m.done ? 'ok' : ''}`} data-testid="item-status">
                    {' '}
                    {t(`courses.status.${m.status}`)}
                  </span>
                )}
                {m.deadline && <small> · {t('courses.deadline', { date: toDisplayDate(m.deadline) })}</small>}
              </li>
            ))}
            {c.quizzes.map((q) => (
              <li key={`q${q.id}`}>
                <span className="badge">{t(`courses.quiz_kinds.${q.kind}`)}</span> <Link to={`/quizzes/${q.id}`}>{q.title}</Link>
                <QuizStateBadge state={quizStates.get(q.id)} />
                {q.result && (
                  <span className={`badge ${q.done ? 'ok' : ''}`} data-testid="item-status">
                    {' '}
                    {t(`courses.status.${q.status}`)}
                    {q.kind !== 'poll' && <> · {formatPercent(q.result.percent)}</>}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
