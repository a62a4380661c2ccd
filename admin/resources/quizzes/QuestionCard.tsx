import { useState, type ReactNode } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { Box, Button, IconButton, MenuItem, Paper, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { choices, type QuestionType, type QuestionView } from './choices.ts';
import { OptionRow, type OptionOps } from './OptionRow.tsx';
import { SortableItem, SortableList } from '../../framework/Sortable.tsx';
import { useDraft } from './useDraft.ts';

export interface QuestionOps extends OptionOps {
  saveQuestion(q: QuestionView, body: Partial<Pick<QuestionView, 'text' | 'type'>>): Promise<void>;
  removeQuestion(q: QuestionView): Promise<void>;
  addOption(q: QuestionView, text: string): Promise<boolean>;
  sortOptions(q: QuestionView, ids: number[]): Promise<void>;
}

/** One question of the editor: text, type, points, and its options sortable within it. */
export function QuestionCard({ question, index, handle, ops, autoFocus }: { question: QuestionView; index: number; handle: ReactNode; ops: QuestionOps; autoFocus: boolean }) {
  const t = useTranslate();
  const [text, setText] = useDraft(question.text);
  const [newOption, setNewOption] = useState('');
  const [confirm, setConfirm] = useState(false);
  const textError = !text.trim() ? t('validation.required') : undefined;
  const add = async () => {
    if (newOption.trim() && (await ops.addOption(question, newOption.trim()))) setNewOption('');
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        {handle}
        <Typography sx={{ pt: 1, minWidth: 24 }} color="text.secondary">
          {index}.
        </Typography>
        <TextField
          size="small"
          label={t('quizzes.editor.question_text')}
          value={text}
          autoFocus={autoFocus}
          onFocus={(e) => autoFocus && e.target.select()}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            if (textError) setText(question.text);
            else if (text !== question.text) void ops.saveQuestion(question, { text: text.trim() });
          }}
          error={!!textError}
          helperText={textError}
          multiline
          maxRows={6}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'question-text', maxLength: 5000 } }}
        />
        <TextField
          select
          size="small"
          label={t('quizzes.editor.question_type')}
          value={question.type}
          onChange={(e) => void ops.saveQuestion(question, { type: e.target.value as QuestionType })}
          sx={{ width: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'question-type' } }}
        >
          {choices.question_type.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {t(c.name)}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title={t('quizzes.editor.delete_question')}>
          <IconButton aria-label={t('quizzes.editor.delete_question')} onClick={() => setConfirm(true)} data-testid="question-delete">
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ pl: 9 }}>
        <Typography variant="caption" color="text.secondary" data-testid="question-max-score">
          {t(question.type === 'text' ? 'quizzes.editor.text_options' : 'quizzes.editor.options')} · {t('quizzes.editor.max_score', { score: question.max_score })}
        </Typography>
        <SortableList ids={question.options.map((o) => o.id)} onReorder={(ids) => void ops.sortOptions(question, ids)}>
          {question.options.map((o) => (
            <SortableItem key={o.id} id={o.id} testId={`option-${o.id}`} handleTestId="option-handle">
              {(h) => <OptionRow option={o} type={question.type} handle={h} ops={ops} />}
            </SortableItem>
          ))}
        </SortableList>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, pl: 5 }}>
          <TextField
            size="small"
            label={t('quizzes.editor.new_option')}
            value={newOption}
            onChange={(e) => setNewOption(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void add();
              }
            }}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': 'new-option-text', maxLength: 2000 } }}
          />
          <Button startIcon={<AddIcon />} disabled={!newOption.trim()} onClick={() => void add()} data-testid="option-add">
            {t('quizzes.editor.add_option')}
          </Button>
        </Box>
      </Box>
      <Confirm
        isOpen={confirm}
        title="quizzes.editor.delete_question"
        content="quizzes.editor.confirm_delete_question"
        contentTranslateOptions={{ text: question.text.slice(0, 80) }}
        onConfirm={() => {
          setConfirm(false);
          void ops.removeQuestion(question);
        }}
        onClose={() => setConfirm(false)}
      />
    </Paper>
  );
}
