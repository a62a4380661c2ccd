import { useTranslation } from 'react-i18next';
import { isGiven, type AnswerValue, type QuizSheetQuestion } from './model.ts';

/** Before finishing: how many are answered, which are not and which are flagged (each a link back), and the finish. */
export function Summary(props: {
  questions: QuizSheetQuestion[];
  values: Record<number, AnswerValue | null>;
  flags: Set<number>;
  waiting: number;
  busy: boolean;
  onJump: (index: number) => void;
  onBack: () => void;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const numbered = props.questions.map((q, i) => ({ q, i }));
  const unanswered = numbered.filter(({ q }) => !isGiven(props.values[q.id]));
  const flagged = numbered.filter(({ q }) => props.flags.has(q.id));
  const links = (list: typeof numbered, testId: string) => (
    <span data-testid={testId}>
      {list.map(({ i }, k) => (
        <span key={i}>
          {k > 0 && ', '}
          <button type="button" className="btn link" onClick={() => props.onJump(i)}>
            {i + 1}
          </button>
        </span>
      ))}
    </span>
  );
  return (
    <section className="card section" data-testid="quiz-summary" aria-labelledby="quiz-summary-title">
      <h2 id="quiz-summary-title">{t('quiz.summary')}</h2>
      <p data-testid="summary-counts">{t('quiz.summary_counts', { answered: props.questions.length - unanswered.length, total: props.questions.length })}</p>
      {unanswered.length ? (
        <p>
          {t('quiz.summary_unanswered', { list: '' })}
          {links(unanswered, 'summary-unanswered')}
        </p>
      ) : (
        <p>{t('quiz.summary_all')}</p>
      )}
      {flagged.length > 0 && (
        <p>
          {t('quiz.summary_flagged', { list: '' })}
          {links(flagged, 'summary-flagged')}
        </p>
      )}
      {props.waiting > 0 && <p className="alert">{t('quiz.finish_wait')}</p>}
      <div className="quiz-actions">
        <button type="button" className="btn secondary" onClick={props.onBack}>
          {t('quiz.summary_back')}
        </button>
        <button type="button" className="btn" data-testid="quiz-finish" disabled={props.busy || props.waiting > 0} onClick={props.onFinish}>
          {t('quiz.finish_now')}
        </button>
      </div>
    </section>
  );
}
