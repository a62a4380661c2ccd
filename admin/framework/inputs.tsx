import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  ImageField,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  email,
  maxLength,
  required,
  useTranslate,
  type TextInputProps,
  type Validator,
} from 'react-admin';
import { Suspense, cloneElement } from 'react';
import { Box, Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { toApiDate, toApiInstant, toDisplayDate, toInputDateTime } from '../../common/format/format.ts';
import { fileUrl } from './cells.tsx';
import type { FieldConfig } from './types.ts';
import { lazyScreen } from './lazy.ts';

// An image field's drop zone (with react-dropzone) is a chunk loaded when a form that has one opens.
const NamedImageInput = lazyScreen(() => import('./NamedImageInput.tsx'), 'NamedImageInput');

/** Options of a react-admin drop zone whose placeholder is a `DropZoneButton`: the zone itself leaves the tab order. */
export const DROP_ZONE_OPTIONS = { noKeyboard: true };

/**
 * The placeholder of a react-admin drop zone (`FileInput`, `ImageInput`): a real button (its click reaches the zone,
 * which opens the browser's dialog) named with the field, and "or drop it here".
 */
export function DropZoneButton({ label, name, source }: { label: string; name: string; source: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: 1 }}>
      <Button variant="outlined" startIcon={<UploadFileIcon />} aria-label={`${translate(label)}: ${name}`} data-testid={`choose-${source}`}>
        {translate(label)}
      </Button>
      <span>{translate('files.or_drop')}</span>
    </Box>
  );
}

function validators(f: FieldConfig, mode: 'create' | 'edit'): Validator[] {
  const v: Validator[] = [];
  if (f.required && !(f.type === 'password' && mode === 'edit')) v.push(required('validation.required'));
  if (f.maxLength) v.push(maxLength(f.maxLength));
  if (f.type === 'email') v.push(email('validation.email'));
  if (f.type === 'password') v.push((value: string) => (value && (value.length < 8 || value.length > 24) ? 'validation.password' : undefined));
  if (f.type === 'date') v.push((value: unknown) => (typeof value === 'string' && value && !/^\d{4}-\d{2}-\d{2}(T|$)/.test(value) ? 'validation.date' : undefined));
  if (f.type === 'datetime') v.push(isInstant);
  if (f.notBefore) v.push(notBefore(f.notBefore));
  return v;
}

/** A number no greater (`atMost`) or smaller (`atLeast`) than a bound, in the shared messages (`validation.max`, `validation.min`). */
export const atMost =
  (n: number): Validator =>
  (value: unknown) =>
    value !== null && value !== undefined && value !== '' && Number(value) > n ? { message: 'validation.max', args: { n } } : undefined;
export const atLeast =
  (n: number): Validator =>
  (value: unknown) =>
    value !== null && value !== undefined && value !== '' && Number(value) < n ? { message: 'validation.min', args: { n } } : undefined;

/** A date-time input holds an ISO instant once the typed text is a real moment; until then the text, which fails here. */
export const isInstant: Validator = (value: unknown) => (typeof value === 'string' && value && !/^\d{4}-\d{2}-\d{2}T/.test(value) ? 'validation.date' : undefined);

/** An instant not earlier than another field's (an event's end after its start): `validation.after_start`. */
export const notBefore =
  (other: string): Validator =>
  (value: unknown, all: Record<string, unknown>) =>
    typeof value === 'string' && typeof all?.[other] === 'string' && /T/.test(value) && /T/.test(all[other] as string) && Date.parse(value) < Date.parse(all[other] as string)
      ? 'validation.after_start'
      : undefined;

/**
 * Dates are typed and shown `DD.MM.YYYY` whatever the browser's locale, and kept `YYYY-MM-DD` in the record
 * (what the API takes); an incomplete text stays as typed until it is a real date, and fails validation meanwhile.
 */
const dateFormat = (v: unknown) => (typeof v === 'string' ? toDisplayDate(v) : '');
const dateParse = (v: string) => (v ? (toApiDate(v) ?? v) : null);

function DateTextInput(props: TextInputProps) {
  const t = useTranslate();
  return <TextInput {...props} format={dateFormat} parse={dateParse} placeholder={t('app.date_placeholder')} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }} />;
}

function LinesInput(props: TextInputProps) {
  const t = useTranslate();
  // parse runs on every keystroke: keep the text as typed (a trailing new line included) and split it on save
  return <TextInput {...props} multiline minRows={3} fullWidth format={linesFormat} parse={(v: string) => v} helperText={t('app.one_per_line')} />;
}

/**
 * Date-time fields are typed `DD.MM.YYYY hh:mm` (24-hour, the viewer's time zone) in both languages and kept in the
 * record as the ISO 8601 UTC instant the API takes (`docs/api.md`); an incomplete text stays as typed and fails
 * validation meanwhile.
 */
export const dateTimeFormat = (v: unknown) => (typeof v === 'string' ? toInputDateTime(v) : '');
export const dateTimeParse = (v: string) => (v?.trim() ? (toApiInstant(v) ?? v) : null);

function DateTimeTextInput(props: TextInputProps) {
  const t = useTranslate();
  return <TextInput {...props} format={dateTimeFormat} parse={dateTimeParse} placeholder={t('app.datetime_placeholder')} slotProps={{ htmlInput: { maxLength: 16 } }} />;
}

/** A list of short texts (skills, requirements) edited one per line; kept as an array, `null` when empty. */
export const linesFormat = (v: unknown) => (Array.isArray(v) ? v.join('\n') : typeof v === 'string' ? v : '');
export const linesParse = (v: string) => {
  const items = v
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);
  return items.length ? items : null;
};

/** What a form sends: `lines` fields, typed as free text, become arrays. */
export function transformFor(fields: FieldConfig[]) {
  const lines = fields.filter((f) => f.type === 'lines').map((f) => f.source);
  return (data: Record<string, unknown>) => {
    const out = { ...data };
    for (const source of lines) if (typeof out[source] === 'string') out[source] = linesParse(out[source] as string);
    return out;
  };
}

/** An existing image is a path (string); a new one is react-admin's `{ rawFile, src, title }`. */
const imageFormat = (v: unknown) => (typeof v === 'string' && v ? { src: fileUrl(v), title: v.split('/').pop() } : v);

/** The form input for a configured field. */
export function inputFor(f: FieldConfig, mode: 'create' | 'edit') {
  const common = { key: f.source, source: f.source, validate: validators(f, mode), ...(f.helperText ? { helperText: f.helperText } : {}) };
  switch (f.type) {
    case 'number':
    case 'size':
      return <NumberInput {...common} />;
    case 'date':
      return <DateTextInput {...common} />;
    case 'datetime':
      return <DateTimeTextInput {...common} />;
    case 'reference':
      return (
        <ReferenceInput key={f.source} source={f.source} reference={f.reference!} filter={f.referenceFilter} perPage={100}>
          <AutocompleteInput optionText={f.optionText} validate={common.validate} helperText={f.helperText} />
        </ReferenceInput>
      );
    case 'image':
      return (
        <Suspense key={f.source} fallback={null}>
          <NamedImageInput source={f.source} accept={Object.fromEntries((f.accept ?? ['image/*']).map((t) => [t, []]))} format={imageFormat} validate={common.validate}>
            <ImageField source="src" title="title" />
          </NamedImageInput>
        </Suspense>
      );
    case 'select':
      return <SelectInput {...common} choices={f.choices ?? []} emptyText="—" />;
    case 'boolean':
      return <BooleanInput key={f.source} source={f.source} />;
    case 'references':
      return (
        <ReferenceArrayInput key={f.source} source={f.source} reference={f.reference!} filter={f.referenceFilter} perPage={100}>
          <AutocompleteArrayInput optionText={f.optionText ?? 'id'} />
        </ReferenceArrayInput>
      );
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" />;
    case 'textarea':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'lines':
      return <LinesInput {...common} />;
    case 'richtext':
      // HTML edited as source (the server sanitises it); shown rendered in lists and on the portal.
      return <TextInput {...common} multiline minRows={8} fullWidth sx={{ '& textarea': { fontFamily: 'monospace' } }} />;
    default:
      return <TextInput {...common} type={f.type === 'email' ? 'email' : 'text'} />;
  }
}

/** The list filter for a configured field. */
export function filterFor(f: FieldConfig) {
  switch (f.type) {
    // a day, typed DD.MM.YYYY and sent YYYY-MM-DD (a date-time field is filtered by its day); applied once it is a date
    case 'date':
    case 'datetime':
      return <DateTextInput key={f.source} source={f.source} validate={validators({ ...f, type: 'date', required: false, notBefore: undefined }, 'edit')} />;
    case 'select':
      return <SelectInput key={f.source} source={f.source} choices={f.choices ?? []} emptyText="—" />;
    case 'boolean':
      return (
        <SelectInput
          key={f.source}
          source={f.source}
          choices={[
            { id: '1', name: 'yes_no.yes' },
            { id: '0', name: 'yes_no.no' },
          ]}
          emptyText="—"
        />
      );
    case 'reference':
      return (
        <ReferenceInput key={f.source} source={f.source} reference={f.reference!} filter={f.referenceFilter} perPage={100}>
          <AutocompleteInput optionText={f.optionText} />
        </ReferenceInput>
      );
    default:
      return <TextInput key={f.source} source={f.source} />;
  }
}

/**
 * A list filter by its field, with the props react-admin's filter form gives it: what the list's `ConfigFilter` (a
 * chunk loaded with the forms, admin/framework/buildResource.tsx) renders.
 */
export function FilterInput({ field, ...props }: { field: FieldConfig } & Record<string, unknown>) {
  return cloneElement(filterFor(field), props);
}
