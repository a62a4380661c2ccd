import { useAddUndoableMutation, useNotify } from 'react-admin';
import type { Chapter, Item } from './ProgramBuilder.tsx';
import { useApiMutation } from '../../providers/queries.ts';

/** How long "Открепить" can be undone: the undoable notification's time on screen (ms). */
export const UNDO_MS = 6000;

/**
 * "Открепить" (detach a material or a quiz from a chapter) that can be undone for a few seconds, react-admin's undoable
 * pattern: the item leaves the chapter on screen at once and a notification with "Отменить" shows; the detach call is
 * made only when the notification closes without an undo (its time is up, or another notification replaces it); an
 * undo puts the item back where it was and nothing is sent. A refused call shows the server's words and the chapter as
 * the server has it.
 */
export function useUndoableDetach(chapter: Chapter, onChange: (c: Chapter) => void) {
  const notify = useNotify();
  const addMutation = useAddUndoableMutation();
  const detaching = useApiMutation((dp, { kind, id }: { kind: 'media' | 'quiz'; id: number }) =>
    dp.call<{ data: Chapter }>(`/admin/programChapter/${chapter.id}/${kind === 'media' ? 'detachMedia' : 'detachQuiz'}`, {
      method: 'POST',
      body: kind === 'media' ? { media_id: id } : { quiz_id: id },
    }),
  );
  return (kind: 'media' | 'quiz', item: Item) => {
    const key = kind === 'media' ? 'media' : 'quizzes';
    const before = chapter;
    onChange({ ...chapter, [key]: chapter[key].filter((x) => x.id !== item.id) });
    addMutation(async ({ isUndo }: { isUndo: boolean }) => {
      if (isUndo) return onChange(before);
      try {
        onChange((await detaching.mutateAsync({ kind, id: item.id })).data);
      } catch (e) {
        notify((e as Error).message, { type: 'error' });
        onChange(before);
      }
    });
    notify(kind === 'media' ? 'toasts.media_is_detach' : 'toasts.quiz_is_detach', { type: 'info', undoable: true, autoHideDuration: UNDO_MS });
  };
}
