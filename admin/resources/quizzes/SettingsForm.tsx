import type { ReactNode } from 'react';
import { BooleanInput, NumberInput, SelectInput, TabbedForm, TextInput, maxLength, required, useTranslate, type Validator } from 'react-admin';
import { choices } from './choices.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant shown and typed in the viewer's time zone as `DD.MM.YYYY hh:mm`, kept as ISO 8601 (UTC) in the record. */
export function formatDateTime(v: unknown) {
  if (typeof v !== 'string' || !v) return '';
  const d = new Date(v);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(d.getTime())) return v;
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function parseDateTime(v: string) {
  if (!v?.trim()) return null;
  const m = /^(\d{2})\.(\d{2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(v.trim());
  if (!m) return v;
  const [, dd, mm, yyyy, hh = '0', mi = '0'] = m;
  const d = new Date(Number(yyyy), Number(mm) - 1, Number(dd), Number(hh), Number(mi));
  // 31.02 or 25:00 roll over into another day: not a real instant
  if (d.getDate() !== Number(dd) || d.getMonth() !== Number(mm) - 1 || d.getHours() !== Number(hh) || d.getMinutes() !== Number(mi)) return v;
  return d.toISOString();
}

const isInstant: Validator = (v: unknown) => (typeof v === 'string' && v && !/^\d{4}-\d{2}-\d{2}T/.test(v) ? 'validation.date' : undefined);
/** A whole number in a range, with the shared catalogue's messages (`validation.min` takes `n`). */
const wholeBetween = (min: number, max?: number): Validator[] => [
  (v: unknown) => (v !== null && v !== undefined && (typeof v !== 'number' || !Number.isInteger(v)) ? 'validation.format' : undefined),
  (v: unknown) => (typeof v === 'number' && v < min ? { message: 'validation.min', args: { n: min } } : undefined),
  (v: unknown) => (typeof v === 'number' && max !== undefined && v > max ? { message: 'validation.max', args: { n: max } } : undefined),
];

function DateTimeText({ source }: { source: string }) {
  const t = useTranslate();
  return <TextInput source={source} format={formatDateTime} parse={parseDateTime} validate={isInstant} placeholder={t('quizzes.datetime_placeholder')} helperText={false} />;
}

/** Every setting of a quiz in four tabs (the same on create and in the editor). */
export function SettingsForm({ toolbar }: { toolbar?: ReactNode }) {
  return (
    <TabbedForm toolbar={toolbar as never} syncWithLocation={false}>
      <TabbedForm.Tab label="quizzes.tabs.main">
        <TextInput source="title" validate={[required('validation.required'), maxLength(255)]} fullWidth slotProps={{ htmlInput: { 'data-testid': 'quiz-title' } }} />
        <SelectInput source="status" choices={choices.status} validate={required('validation.required')} />
        <SelectInput source="kind" choices={choices.kind} validate={required('validation.required')} />
        <SelectInput source="question_type" choices={choices.question_type} validate={required('validation.required')} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="quizzes.tabs.rules">
        <SelectInput source="sort_type" choices={choices.sort_type} validate={required('validation.required')} />
        <SelectInput source="evaluation" choices={choices.evaluation} validate={required('validation.required')} />
        <NumberInput source="passing_percentage" validate={[required('validation.required'), ...wholeBetween(0, 100)]} />
        <NumberInput source="min_score" validate={[required('validation.required'), ...wholeBetween(0)]} />
        <NumberInput source="max_attempts" validate={wholeBetween(1, 1000)} />
        <NumberInput source="response_time_minutes" validate={wholeBetween(1, 10080)} />
        <NumberInput source="grace_seconds" validate={[required('validation.required'), ...wholeBetween(0, 300)]} helperText="quizzes.grace_help" min={0} max={300} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="quizzes.tabs.display">
        <BooleanInput source="show_report" />
        <BooleanInput source="show_correct" />
        <BooleanInput source="notify_admin" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="quizzes.tabs.window">
        <DateTimeText source="opens_at" />
        <DateTimeText source="closes_at" />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}
