import {
  AutocompleteInput, Create, Edit, ReferenceInput, SelectInput, SimpleForm, TextInput, maxLength, required, usePermissions, useTranslate, type Validator,
} from 'react-admin';
import { formatDateTime, parseDateTime } from '../quizzes/SettingsForm.tsx';

export const KINDS = [{ id: 'consulting', name: 'calendar.kind.consulting' }, { id: 'webinar', name: 'calendar.kind.webinar' }];

const isInstant: Validator = (v: unknown) => (typeof v === 'string' && v && !/^\d{4}-\d{2}-\d{2}T/.test(v) ? 'validation.date' : undefined);
const endsAfterStart: Validator = (v: unknown, all: Record<string, unknown>) =>
  typeof v === 'string' && typeof all.starts_at === 'string' && /T/.test(v) && /T/.test(all.starts_at) && v < all.starts_at ? 'validation.after_start' : undefined;

function When({ source, extra = [] }: { source: string; extra?: Validator[] }) {
  const t = useTranslate();
  return <TextInput source={source} format={formatDateTime} parse={parseDateTime} validate={[required('validation.required'), isInstant, ...extra]} placeholder={t('calendar.datetime_placeholder')} />;
}

/** The event form: title, kind, start and end typed `DD.MM.YYYY hh:mm` in the viewer's time zone (kept ISO), and the program (admins). */
function EventForm() {
  const { permissions } = usePermissions();
  const admin = permissions === 'admin' || permissions === 'superadmin';
  return (
    <SimpleForm>
      <TextInput source="title" fullWidth validate={[required('validation.required'), maxLength(255)]} />
      <SelectInput source="kind" choices={KINDS} validate={required('validation.required')} />
      <When source="starts_at" />
      <When source="ends_at" extra={[endsAfterStart]} />
      {admin && (
        <ReferenceInput source="program_id" reference="courses" perPage={100}>
          <AutocompleteInput optionText="title" helperText="calendar.program_hint" />
        </ReferenceInput>
      )}
    </SimpleForm>
  );
}

/** Only the fields the API takes (the record also carries program_title). */
const transform = (d: Record<string, unknown>) => ({ title: d.title, kind: d.kind, starts_at: d.starts_at, ends_at: d.ends_at, program_id: d.program_id ?? null });

export const EventCreate = () => (
  <Create redirect="list" transform={transform}>
    <EventForm />
  </Create>
);

export const EventEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={transform}>
    <EventForm />
  </Edit>
);
