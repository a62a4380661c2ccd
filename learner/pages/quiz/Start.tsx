import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../common/api/client.ts';
import { formatNumber, formatPercent } from '../../../common/format/format.ts';
import { ErrorState, Loading, useErrorToast, useLoad } from '../../components/ui.tsx';
import type { QuizAttempt, QuizStartPage } from './model.ts';

/** The quiz's page before an attempt: its rules, attempts used and left, the best and the last result, the time limit. */
export function Start({ quizId }: { quizId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const { data: page, error, retry, reload } = useLoad((signal) => api<{ data: QuizStartPage }>(`/api/quiz/${quizId}`, { signal }).then((r) => r.data), [quizId]);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!page) return <Loading />;
  const { quiz } = page;
  const noneLeft = page.attempts_left === 0 && !page.attempt;
  async function start() {
    try {
      await api(`/api/quiz/${quizId}`, { query: { is_new: 'true' } });
      navigate(`/quizzes/${quizId}/test`);
    } catch (e) {
      showError(e);
      if (e instanceof ApiError) reload();
    }
  }
  const result = (a: QuizAttempt | null) => (a ? t('quiz.result_line', { p: formatNumber(a.percent), verdict: t(a.passed ? 'quiz.passed' : 'quiz.not_passed') }) : '—');
  return (
    <section>
      <h1>{quiz.title}</h1>
      <div className="card section">
        <dl className="facts">
          <dt>{t('quiz.kind')}</dt>
          <dd>{t(`courses.quiz_kinds.${quiz.kind}`)}</dd>
          <dt>{t('quiz.questions')}</dt>
          <dd>{quiz.questions_count}</dd>
          <dt>{t('quiz.time')}</dt>
          <dd data-testid="time-limit">{quiz.response_time_minutes ? t('quiz.minutes', { n: quiz.response_time_minutes }) : t('quiz.unlimited')}</dd>
          <dt>{t('quiz.attempts')}</dt>
          <dd data-testid="attempts">{quiz.max_attempts ? t('quiz.attempts_of', { used: page.attempts_used, max: quiz.max_attempts }) : t('quiz.attempts_used', { used: page.attempts_used })}</dd>
          <dt>{t('quiz.attempts_left')}</dt>
          <dd data-testid="attempts-left">{page.attempts_left === null ? t('quiz.left_unlimited') : page.attempts_left}</dd>
          {quiz.kind !== 'poll' && (
            <>
              <dt>{t('quiz.best')}</dt>
              <dd data-testid="best-result">{result(page.best)}</dd>
              <dt>{t('quiz.last')}</dt>
              <dd data-testid="last-result">{result(page.last)}</dd>
              <dt />
              <dd>
                {t('quiz.pass_rule', { p: formatPercent(quiz.passing_percentage) })}
                {quiz.evaluation === 'score' && quiz.min_score > 0 && <>, {t('quiz.min_rule', { n: quiz.min_score })}</>}
              </dd>
            </>
          )}
        </dl>
      </div>
      {noneLeft ? (
        <div className="alert error" data-testid="no-attempts">
          {t('quiz.no_attempts')}
        </div>
      ) : (
        <button type="button" className="btn" data-testid="quiz-start" onClick={() => void start()}>
          {page.attempt ? t('quiz.continue') : t('quiz.start')}
        </button>
      )}
    </section>
  );
}
