import { useTranslation } from 'react-i18next';
import { isGiven, type AnswerValue, type QuizSheetQuestion } from './model.ts';

/**
 * The map of the attempt's questions: one button each (answered, not answered, flagged, current, waiting to be sent),
 * reachable with Tab and pressed with Enter or Space; its state is in its accessible name, not only in its colour.
 */
export function QuestionMap(props: {
  questions: QuizSheetQuestion[];
  values: Record<number, AnswerValue | null>;
  flags: Set<number>;
  waiting: Set<number>;
  current: number | null;
  onJump: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="quiz-map" aria-label={t('quiz.map')} data-testid="question-map">
      <ol>
        {props.questions.map((q, i) => {
          const answered = isGiven(props.values[q.id]);
          const flagged = props.flags.has(q.id);
          const states = [
            t(answered ? 'quiz.state_answered' : 'quiz.state_unanswered'),
            flagged ? t('quiz.state_flagged') : '',
            props.waiting.has(q.id) ? t('quiz.state_pending') : '',
            props.current === i ? t('quiz.state_current') : '',
          ].filter(Boolean);
          return (
            <li key={q.id}>
              <button
                type="button"
                data-testid="map-item"
                data-state={answered ? 'answered' : 'unanswered'}
                data-flagged={flagged ? 'true' : 'false'}
                className={`map-item ${answered ? 'answered' : ''} ${flagged ? 'flagged' : ''}`}
                aria-current={props.current === i ? 'step' : undefined}
                aria-label={`${t('quiz.map_item', { n: i + 1 })}: ${states.join(', ')}`}
                onClick={() => props.onJump(i)}
              >
                {i + 1}
                {flagged && <span aria-hidden="true">⚑</span>}
              </button>
            </li>
          );
        })}
      </ol>
      <p className="muted">
        <small>{t('quiz.legend')}</small>
      </p>
    </nav>
  );
}
