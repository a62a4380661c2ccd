import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Confirm, useListContext, useNotify, useUnselectAll } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import { CopyRowButton } from '../../framework/CopyRowButton.tsx';
import { useApiMutation } from '../../providers/queries.ts';
import type { AdminQuizRecord, DeleteQuizzes } from '../../../common/api/types/quizzes.ts';

/** Row action: copy the quiz with its questions and options, then open the copy. */
export function DuplicateQuiz() {
  return (
    <CopyRowButton
      resource="quizzes"
      copy={(dp, id) => dp.call<{ data: AdminQuizRecord }>(`/admin/quiz/${id}/duplicate`, { method: 'POST' })}
      label="quizzes.actions.duplicate"
      toast="toasts.quiz_is_clone"
      testId="quiz-duplicate"
    />
  );
}

/**
 * Bulk delete in one call. The server deletes the quizzes without answers and keeps the others: the toast says how
 * many went and which were kept; when none could go, the error is ISSET_ANSWER's catalogue text.
 */
export function BulkDeleteQuizzes() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const client = useQueryClient();
  const deleting = useApiMutation((dp, ids: unknown[]) => dp.call<DeleteQuizzes>('/admin/delete/quiz', { method: 'POST', body: { quizzes: ids } }), ['quizzes']);
  const unselect = useUnselectAll('quizzes');
  const [open, setOpen] = useState(false);
  const run = async () => {
    setOpen(false);
    try {
      const res = await deleting.mutateAsync(selectedIds);
      const { count, refused } = res.data;
      if (refused.length) notify('toasts.quizzes_partly_deleted', { type: 'warning', messageArgs: { smart_count: count, ids: refused.join(', ') } });
      else notify('toasts.quizzes_is_delete', { type: 'success', messageArgs: { smart_count: count } });
      unselect();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
      // refused or not, the list shows what the server has
      await client.invalidateQueries({ queryKey: ['quizzes'] });
    }
  };
  return (
    <>
      <Button label="quizzes.actions.delete_selected" color="error" onClick={() => setOpen(true)} data-testid="quizzes-bulk-delete">
        <DeleteIcon />
      </Button>
      <Confirm isOpen={open} title="quizzes.actions.confirm_delete_title" content="quizzes.actions.confirm_delete_content" onConfirm={() => void run()} onClose={() => setOpen(false)} />
    </>
  );
}
