import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Checkbox, IconButton, Radio, TextField, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { OptionView, QuestionType } from './choices.ts';
import { useDraft } from './useDraft.ts';

export interface OptionOps {
  save(option: OptionView, body: Partial<Pick<OptionView, 'text' | 'is_correct' | 'score'>>): Promise<void>;
  remove(option: OptionView): Promise<void>;
}

const isScore = (v: string) => /^\d+$/.test(v.trim()) && Number(v) <= 100000;

/** One option: handle, correct mark (a radio for one-answer questions), text and points; saved when a field is left. */
export function OptionRow({ option, type, handle, ops }: { option: OptionView; type: QuestionType; handle: ReactNode; ops: OptionOps }) {
  const t = useTranslate();
  const [text, setText] = useDraft(option.text);
  const [score, setScore] = useDraft(String(option.score));
  const textError = !text.trim() ? t('validation.required') : undefined;
  const scoreError = !isScore(score) ? t('validation.min', { n: 0 }) : undefined;
  const Mark = type === 'radio' ? Radio : Checkbox;
  const blurOnEnter = (e: React.KeyboardEvent) => e.key === 'Enter' && (e.target as HTMLElement).blur();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
      {handle}
      <Tooltip title={t('quizzes.editor.correct')}>
        <Mark
          checked={option.is_correct}
          // a click toggles, also on a radio that is already marked
          onClick={() => void ops.save(option, { is_correct: !option.is_correct })}
          slotProps={{ input: { 'aria-label': t('quizzes.editor.correct'), 'data-testid': 'option-correct' } as never }}
        />
      </Tooltip>
      <TextField
        size="small"
        label={t('quizzes.editor.option_text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={blurOnEnter}
        onBlur={() => {
          if (textError) setText(option.text);
          else if (text !== option.text) void ops.save(option, { text: text.trim() });
        }}
        error={!!textError}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { 'data-testid': 'option-text', maxLength: 2000 } }}
      />
      <TextField
        size="small"
        type="number"
        label={t('quizzes.editor.score')}
        value={score}
        onChange={(e) => setScore(e.target.value)}
        onKeyDown={blurOnEnter}
        onBlur={() => {
          if (scoreError) setScore(String(option.score));
          else if (Number(score) !== option.score) void ops.save(option, { score: Number(score) });
        }}
        error={!!scoreError}
        helperText={scoreError}
        sx={{ width: 110 }}
        slotProps={{ htmlInput: { 'data-testid': 'option-score', min: 0, step: 1 } }}
      />
      <Tooltip title={t('quizzes.editor.delete_option')}>
        <IconButton size="small" aria-label={t('quizzes.editor.delete_option')} onClick={() => void ops.remove(option)} data-testid="option-delete">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
