import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { formatNumber, formatPercent } from '../../../common/format/format.ts';
import { ErrorState, Loading, useLoad } from '../../components/ui.tsx';
import type { QuizReview, QuizReviewQuestion } from './model.ts';

/** After the attempt: the verdict by the quiz's evaluation, then the review of the questions as its settings allow. */
export function Review({ quizId }: { quizId: string }) {
  const { t } = useTranslation();
  const attempt = new URLSearchParams(useLocation().search).get('attempt');
  const { data, error, retry } = useLoad((signal) => api<{ data: QuizReview }>(`/api/quiz/${quizId}/review`, { query: { id_quizAttemp: attempt }, signal }).then((r) => r.data), [quizId, attempt]);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!data) return <Loading />;
  const { verdict: v, quiz } = data;
  const min = v.evaluation === 'score' && v.min_score > 0 ? t('quiz.min_suffix', { n: v.min_score }) : '';
  return (
    <section>
      <h1>
        {t('quiz.result')}: {quiz.title}
      </h1>
      <div className="card section" data-testid="quiz-result">
        {quiz.kind === 'poll' ? (
          <p>{t('quiz.poll_done')}</p>
        ) : (
          <>
            <h2 className={v.passed ? 'ok-text' : 'bad-text'}>{t(v.passed ? 'quiz.passed' : 'quiz.not_passed')}</h2>
            <p>
              {t('quiz.score', { score: formatNumber(v.score), max: formatNumber(v.max_score) })} · {t('quiz.percent', { p: formatNumber(v.percent) })}
            </p>
            <p data-testid="verdict-rule">
              {v.evaluation === 'score'
                ? t('quiz.verdict_score', { score: formatNumber(v.score), max: formatNumber(v.max_score), p: formatNumber(v.percent), need: formatPercent(v.passing_percentage), min })
                : t('quiz.verdict_credit', { p: formatNumber(v.percent), need: formatPercent(v.passing_percentage) })}
            </p>
          </>
        )}
      </div>
      {quiz.kind !== 'poll' && (
        <div className="card section" data-testid="quiz-review">
          <h2>{t('quiz.report')}</h2>
          {data.questions ? (
            <ol className="quiz-review">
              {data.questions.map((q) => (
                <ReviewItem key={q.id} q={q} />
              ))}
            </ol>
          ) : (
            <p>{t('quiz.review_none')}</p>
          )}
        </div>
      )}
      <Link to={`/quizzes/${quizId}`}>{t('quiz.to_start')}</Link>
    </section>
  );
}

function ReviewItem({ q }: { q: QuizReviewQuestion }) {
  const { t } = useTranslation();
  return (
    <li data-testid="review-question">
      <p>
        <strong>{q.text}</strong>
        {q.is_correct !== null && (
          <span className={`badge ${q.is_correct ? 'ok' : ''}`} data-testid="review-verdict">
            {' '}
            {q.is_correct ? t('quiz.correct') : t('quiz.wrong')}
          </span>
        )}
        {q.score !== null && <small data-testid="review-score"> · {t('quiz.points', { n: formatNumber(q.score) })}</small>}
      </p>
      {q.type === 'text' ? (
        <p>
          {t('quiz.your_answer')}: {q.given_text ?? t('quiz.not_answered')}
          {q.correct_texts && <small> · {t('quiz.accepted', { list: q.correct_texts.join(', ') })}</small>}
        </p>
      ) : (
        <ul>
          {q.options.map((o) => (
            <li key={o.id} className={o.is_correct ? 'ok-text' : o.chosen && o.is_correct === false ? 'bad-text' : undefined}>
              {o.text}
              {o.chosen && <small> — {t('quiz.your_choice')}</small>}
              {o.is_correct && <small> ✓ {t('quiz.right_option')}</small>}
            </li>
          ))}
        </ul>
      )}
      {!q.answered && q.type !== 'text' && (
        <p>
          <small>{t('quiz.not_answered')}</small>
        </p>
      )}
    </li>
  );
}
