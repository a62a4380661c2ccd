import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useNotify } from 'react-admin';
import { QuestionsPanel } from './QuestionsPanel.tsx';
import { SettingsForm } from './SettingsForm.tsx';

function EditorToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {/* refused with ISSET_ANSWER once students have attempts: the error toast says so */}
      <DeleteWithConfirmButton mutationMode="pessimistic" successMessage="toasts.quiz_is_delete" redirect="list" />
    </Toolbar>
  );
}

/** The quiz editor: the settings form, and under it the questions with their options, in one place. */
export function QuizEditor() {
  const notify = useNotify();
  return (
    <Edit mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: () => notify('toasts.quiz_is_update', { type: 'success' }) }}>
      <SettingsForm toolbar={<EditorToolbar />} />
      <QuestionsPanel />
    </Edit>
  );
}
