import { useEffect, useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Divider, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { apiKey, useApi, useApiQuery, useApiWrite } from '../../providers/queries.ts';
import type { AdminQuizRecord } from '../../../common/api/types/quizzes.ts';
import type { OptionView, QuestionType, QuestionView } from './choices.ts';
import { QuestionCard, type QuestionOps } from './QuestionCard.tsx';
import { SortableItem, SortableList } from '../../framework/Sortable.tsx';

type QuizRecord = Pick<AdminQuizRecord, 'id' | 'kind' | 'question_type' | 'has_answers'>;

/**
 * The questions of the quiz being edited, in order: add, edit, delete, drag to reorder; each with its options.
 * Every change is saved at once through the shared client (option updates as form data with `_method=PUT`).
 * Inline saves and additions show themselves in place, so only deletions and a new order raise a success toast
 * (react-admin queues toasts: one per keystroke-sized save would bury the ones that matter). Errors always toast,
 * with the shared handler's translated text (ISSET_ANSWER when students have answered).
 */
export function QuestionsPanel() {
  const record = useRecordContext<QuizRecord>();
  const dp = useApi();
  const write = useApiWrite();
  const notify = useNotify();
  const t = useTranslate();
  const [fresh, setFresh] = useState<number>();
  const quizId = record?.id;
  const client = useQueryClient();
  const path = `/admin/quiz/${quizId}`;
  // the questions live in the query cache: each change writes the server's answer (or the new order at once) there
  const quiz = useApiQuery<{ data: AdminQuizRecord }>(path, { enabled: !!quizId, retry: false });
  const questions = quiz.data?.data.questions;
  const setQuestions = (next: QuestionView[] | ((list: QuestionView[]) => QuestionView[])) =>
    client.setQueryData<{ data: AdminQuizRecord }>(apiKey(path, {}), (old) => old && { data: { ...old.data, questions: typeof next === 'function' ? next(old.data.questions) : next } });
  useEffect(() => {
    if (quiz.error) notify(quiz.error.message, { type: 'error' });
  }, [quiz.error, notify]);

  /** Runs a call; success toast when given; an error becomes its translated toast and answers undefined. */
  const attempt = async <T,>(call: () => Promise<T>, toast?: string): Promise<T | undefined> => {
    try {
      const result = await call();
      if (toast) notify(toast, { type: 'success' });
      return result;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return undefined;
    }
  };
  const replace = (q: QuestionView) => setQuestions((list) => list.map((x) => (x.id === q.id ? q : x)));
  /** Options change the question (radio: one correct; its maximum score): read it again after each. */
  const reread = async (questionId: number) => {
    const p = `/admin/question/${questionId}`;
    replace((await client.fetchQuery({ queryKey: apiKey(p, {}), queryFn: ({ signal }) => dp.call<{ data: QuestionView }>(p, { signal }), staleTime: 0 })).data);
  };

  const ops: QuestionOps = {
    async saveQuestion(q, body) {
      const saved = await attempt(() => write<{ data: QuestionView }>(`/admin/question/${q.id}`, { method: 'PUT', body }));
      if (saved) replace(saved.data);
      else replace({ ...q }); // back to the saved text
    },
    async removeQuestion(q) {
      if (await attempt(() => write(`/admin/question/${q.id}`, { method: 'DELETE' }), 'toasts.question_is_delete')) setQuestions((list) => list.filter((x) => x.id !== q.id));
    },
    async addOption(q, text) {
      const ok = await attempt(() => write('/admin/QuestionOption', { method: 'POST', body: { question_id: q.id, text } }));
      if (ok) await attempt(() => reread(q.id));
      return !!ok;
    },
    async save(o: OptionView, body) {
      // the spec's option update: form data, POST with _method=PUT
      await attempt(() => write(`/admin/QuestionOption/${o.id}`, { method: 'PUT', body, form: true, override: true }));
      await attempt(() => reread(o.question_id));
    },
    async remove(o: OptionView) {
      if (await attempt(() => write(`/admin/QuestionOption/${o.id}`, { method: 'DELETE' }), 'toasts.option_is_delete')) await attempt(() => reread(o.question_id));
    },
    async sortOptions(q, ids) {
      const before = q.options;
      replace({ ...q, options: ids.map((id) => before.find((o) => o.id === id)!) });
      const saved = await attempt(() => write<{ data: QuestionView }>(`/admin/question/${q.id}/sort`, { method: 'POST', body: { options: ids } }), 'toasts.order_is_update');
      replace(saved ? saved.data : { ...q, options: before });
    },
  };

  const addQuestion = async () => {
    if (!record) return;
    const created = await attempt(() =>
      write<{ data: QuestionView }>('/admin/question', { method: 'POST', body: { quiz_id: record.id, text: t('quizzes.editor.new_question'), type: record.question_type } }),
    );
    if (created) {
      setFresh(created.data.id);
      setQuestions((list) => [...list, created.data]);
    }
  };

  const sortQuestions = async (ids: number[]) => {
    const before = questions ?? [];
    setQuestions(ids.map((id) => before.find((q) => q.id === id)!));
    const saved = await attempt(() => write<{ data: QuestionView[] }>(`/admin/quiz/${quizId}/sort`, { method: 'POST', body: { questions: ids } }), 'toasts.order_is_update');
    setQuestions(saved ? saved.data : before);
  };

  if (!record) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }} data-testid="quiz-questions">
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('quizzes.editor.questions')}
      </Typography>
      {record.has_answers && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('quizzes.editor.has_answers')}
        </Alert>
      )}
      {record.kind === 'poll' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('quizzes.editor.poll_hint')}
        </Alert>
      )}
      {!questions ? (
        <CircularProgress size={24} />
      ) : (
        <>
          {!questions.length && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('quizzes.editor.empty')}
            </Typography>
          )}
          <SortableList ids={questions.map((q) => q.id)} onReorder={(ids) => void sortQuestions(ids)}>
            {questions.map((q, i) => (
              <SortableItem key={q.id} id={q.id} testId={`question-${q.id}`} handleTestId="question-handle">
                {(handle) => <QuestionCard question={q} index={i + 1} handle={handle} ops={ops} autoFocus={q.id === fresh} />}
              </SortableItem>
            ))}
          </SortableList>
        </>
      )}
      <Button variant="outlined" startIcon={<AddIcon />} onClick={() => void addQuestion()} data-testid="quiz-add-question">
        {t('quizzes.editor.add_question')}
      </Button>
    </Box>
  );
}
