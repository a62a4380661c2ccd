import { Create, useNotify, useRedirect } from 'react-admin';
import { SettingsForm } from './SettingsForm.tsx';

/** What a new quiz starts with (the server's defaults, shown so that nothing is hidden). */
const defaults = {
  status: 'active',
  kind: 'pass',
  question_type: 'radio',
  sort_type: 'in_order',
  evaluation: 'score',
  passing_percentage: 60,
  min_score: 0,
  max_attempts: null,
  response_time_minutes: null,
  grace_seconds: 0,
  show_report: true,
  show_correct: false,
  notify_admin: false,
  opens_at: null,
  closes_at: null,
};

/** New quiz: every setting in tabs; then straight to the editor to write its questions. */
export function QuizCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      record={defaults}
      mutationOptions={{
        onSuccess: (data: { id: number }) => {
          notify('toasts.quiz_is_add', { type: 'success' });
          redirect('edit', 'quizzes', data.id);
        },
      }}
    >
      <SettingsForm />
    </Create>
  );
}
