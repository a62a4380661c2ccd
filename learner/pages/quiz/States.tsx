import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { useLoad } from '../../components/ui.tsx';
import type { QuizState } from './model.ts';

/** The caller's state of these quizzes (the course page): not started, in progress, passed, not passed, no attempts left. */
export function useQuizStates(ids: number[]) {
  const key = ids.join(',');
  const { data } = useLoad((signal) => (key ? api<{ data: QuizState[] }>('/api/quiz/states', { query: { ids: key }, signal }).then((r) => r.data) : Promise.resolve([])), [key]);
  return new Map((data ?? []).map((s) => [s.quiz_id, s]));
}

export function QuizStateBadge({ state }: { state: QuizState | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  const good = state.state === 'passed' || state.state === 'answered';
  return (
    <span className={`badge ${good ? 'ok' : ''}`} data-testid="quiz-state" data-state={state.state}>
      {' '}
      {t(`quiz.states.${state.state}`)}
      {state.state === 'not_passed' && state.attempts_left !== null && <> · {t('quiz.attempts_short', { n: state.attempts_left })}</>}
    </span>
  );
}
