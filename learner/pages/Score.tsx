import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api } from '../../common/api/client.ts';
import { accessAtom, profileAtom } from '../state.ts';
import { Empty, ErrorState, Loading, useLoad } from '../components/ui.tsx';
import type { MyRatingAnswer } from '../../common/api/types/rating.ts';
import type { MyGrades } from '../../common/api/types/scores.ts';
import { ProgressBadge } from './Courses.tsx';
import { formatNumber, formatPercent } from '../../common/format/format.ts';

/** `/score`: results per program (quizzes and projects, approved or not) and, where the school has it, the rating. */
export default function Score() {
  const { t } = useTranslation();
  const flags = useAtomValue(accessAtom);
  const profile = useAtomValue(profileAtom);
  const { data: list, error, retry } = useLoad((signal) => api<MyGrades>('/api/score', { signal }).then((r) => r.data), []);
  const ranked = flags.rating && profile?.roles[0] === 'student';
  // the rating is an extra: when it cannot be read the grades still show
  const { data: rating } = useLoad(
    (signal) =>
      ranked
        ? api<MyRatingAnswer>('/api/user/getRating', { signal }).then(
            (r) => r.data,
            () => undefined,
          )
        : Promise.resolve(undefined),
    [ranked],
  );
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!list) return <Loading />;
  return (
    <section>
      <h1>{t('titles.score')}</h1>
      {rating && (
        <div className="card section" data-testid="rating">
          <strong>{t('score.rating')}:</strong> {t('score.place', rating)}
        </div>
      )}
      {!list.length ? (
        <Empty text={t('score.empty')} />
      ) : (
        list.map((p) => (
          <div key={p.program_id} className="card section">
            <h2>{p.title}</h2>
            {p.progress && (
              <div data-testid="program-progress">
                <ProgressBadge progress={p.progress} />
              </div>
            )}
            {p.score && (
              <p data-testid="program-score">
                <strong>{t('score.program_score', { points: formatNumber(p.score.points), max: formatNumber(p.score.max_score) })}</strong>
                {p.score.status && <> · {t(p.score.status === 'approved' ? 'score.approved' : 'score.withdrawn')}</>}
              </p>
            )}
            <div className="table-wrap">
              <table className="table">
                <tbody>
                  {p.quizzes.map((q) => (
                    <tr key={`q${q.id}`}>
                      <td>{t('score.quiz')}</td>
                      <td>{q.title}</td>
                      <td className="num">{q.percent === null ? '—' : formatPercent(q.percent)}</td>
                      <td>{q.passed === null ? '' : t(q.passed ? 'courses.passed' : 'courses.not_passed')}</td>
                    </tr>
                  ))}
                  {p.projects.map((pr) => (
                    <tr key={`p${pr.media_id}`}>
                      <td>{t('score.project')}</td>
                      <td>{pr.title}</td>
                      <td className="num">{pr.score === null || pr.score === undefined ? '—' : formatNumber(pr.score)}</td>
                      <td>{pr.approved === null ? (pr.status ? t(`project.status.${pr.status}`) : '') : t(pr.approved ? 'score.approved' : 'score.revoked')}</td>
                    </tr>
                  ))}
                  {p.tools?.map((m) => (
                    <tr key={`t${m.media_id}`} data-testid="tool-grade">
                      <td>{t('score.tool')}</td>
                      <td>{m.title}</td>
                      <td className="num">{m.percent === null ? '—' : formatPercent(m.percent)}</td>
                      <td />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ))
      )}
    </section>
  );
}
