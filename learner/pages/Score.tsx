import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api } from '../../common/api/client.ts';
import { accessAtom, profileAtom } from '../state.ts';
import { Empty, Loading } from '../components/ui.tsx';

interface Grades {
  program_id: number;
  title: string;
  quizzes: { id: number; title: string; percent: number | null; score: number | null; passed: boolean | null }[];
  projects: { media_id: number; title: string; score: number | null; status: string | null; approved: boolean | null }[];
  /** The program's score: approved (points kept), revoked, or not decided (live points) — docs/scores-and-rating.md. */
  score?: { points: number; max_score: number; status: 'approved' | 'revoked' | null } | null;
}

/** `/score`: results per program (quizzes and projects, approved or not) and, where the school has it, the rating. */
export default function Score() {
  const { t } = useTranslation();
  const flags = useAtomValue(accessAtom);
  const profile = useAtomValue(profileAtom);
  const [list, setList] = useState<Grades[]>();
  const [rating, setRating] = useState<{ place: number; total: number; points: number }>();
  useEffect(() => {
    api<{ data: Grades[] }>('/api/score').then((r) => setList(r.data), () => setList([]));
    if (flags.rating && profile?.roles[0] === 'student') api<{ data: { place: number; total: number; points: number } }>('/api/user/getRating').then((r) => setRating(r.data), () => undefined);
  }, [flags.rating, profile]);
  if (!list) return <Loading />;
  return (
    <section>
      <h1>{t('titles.score')}</h1>
      {rating && <div className="card section" data-testid="rating"><strong>{t('score.rating')}:</strong> {t('score.place', rating)}</div>}
      {!list.length ? <Empty text={t('score.empty')} /> : list.map((p) => (
        <div key={p.program_id} className="card section">
          <h2>{p.title}</h2>
          {p.score && (
            <p data-testid="program-score">
              <strong>{t('score.program_score', { points: p.score.points, max: p.score.max_score })}</strong>
              {p.score.status && <> · {t(p.score.status === 'approved' ? 'score.approved' : 'score.withdrawn')}</>}
            </p>
          )}
          <table className="table">
            <tbody>
              {p.quizzes.map((q) => (
                <tr key={`q${q.id}`}><td>{t('score.quiz')}</td><td>{q.title}</td><td>{q.percent === null ? '—' : `${q.percent}%`}</td><td>{q.passed === null ? '' : t(q.passed ? 'courses.passed' : 'courses.not_passed')}</td></tr>
              ))}
              {p.projects.map((pr) => (
                <tr key={`p${pr.media_id}`}><td>{t('score.project')}</td><td>{pr.title}</td><td>{pr.score ?? '—'}</td><td>{pr.approved === null ? (pr.status ? t(`project.status.${pr.status}`) : '') : t(pr.approved ? 'score.approved' : 'score.revoked')}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
