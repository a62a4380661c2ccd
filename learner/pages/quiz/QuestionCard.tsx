import { useTranslation } from 'react-i18next';
import { chosenIds, type AnswerValue, type QuizSheetQuestion } from './model.ts';

/**
 * One question of the attempt: its options as native radio buttons or check boxes (arrow keys and Space work), or a
 * text field. A locked question (the quiz said right or wrong) shows that and takes no change.
 */
export function QuestionCard(props: {
  question: QuizSheetQuestion;
  value: AnswerValue | null;
  /** Right or wrong, once the quiz has said it (the question is then locked); undefined: not said. */
  verdict: boolean | null | undefined;
  disabled: boolean;
  onChoose: (value: AnswerValue) => void;
  onText: (text: string) => void;
  onTextDone: () => void;
}) {
  const { t } = useTranslation();
  const q = props.question;
  const locked = props.verdict !== undefined;
  const chosen = chosenIds(props.value);
  return (
    <fieldset className="quiz-question" disabled={props.disabled || locked}>
      <legend>
        <h2 data-testid="question-text">{q.text}</h2>
      </legend>
      {q.type === 'text' ? (
        <div className="field">
          <label htmlFor="answer">{t('quiz.your_answer')}</label>
          <input id="answer" value={typeof props.value === 'string' ? props.value : ''} onChange={(e) => props.onText(e.target.value)} onBlur={props.onTextDone} />
        </div>
      ) : (
        q.options.map((o) => (
          <label key={o.id} className="check option">
            <input
              type={q.type === 'radio' ? 'radio' : 'checkbox'}
              name={`answer-${q.id}`}
              checked={chosen.includes(o.id)}
              onChange={(e) => props.onChoose(q.type === 'radio' ? o.id : e.target.checked ? [...chosen, o.id] : chosen.filter((x) => x !== o.id))}
            />
            {o.text}
          </label>
        ))
      )}
      {locked && (
        <div className={`alert ${props.verdict ? 'success' : 'error'}`} data-testid="answer-verdict">
          {props.verdict ? t('quiz.correct') : t('quiz.wrong')} · {t('quiz.locked')}
        </div>
      )}
    </fieldset>
  );
}
