import { AutocompleteInput, Create, FileField, FileInput, ReferenceInput, SelectInput, SimpleForm, TextInput, maxLength, required, useNotify, useRedirect, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { KIND_CHOICES } from './choices.ts';
import { DROP_ZONE_OPTIONS, DropZoneButton } from '../../framework/inputs.tsx';

const MAX_BYTES = 5 * 1024 * 1024;

/** Upload a document for a student: form data with user_id, title, kind and the file (the server refuses more than 5 MB: ERROR_MAX_SIZE_5). */
export function DocumentCreate() {
  const t = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      redirect="list"
      mutationOptions={{
        onSuccess: () => {
          notify('toasts.document_is_add', { type: 'success' });
          redirect('list', 'documents');
        },
      }}
    >
      <SimpleForm>
        <Typography variant="h6">{t('documents.upload_title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('documents.upload_hint')}
        </Typography>
        <ReferenceInput source="user_id" reference="users" filter={{ role: 'student' }} perPage={100}>
          <AutocompleteInput optionText="login" validate={required('validation.required')} />
        </ReferenceInput>
        <TextInput source="title" validate={maxLength(255)} fullWidth />
        <TextInput source="title_en" validate={maxLength(255)} fullWidth />
        <SelectInput source="kind" choices={KIND_CHOICES.filter((c) => c.id !== 'uploaded')} defaultValue="document" validate={required('validation.required')} />
        <FileInput
          source="file"
          accept={{
            'application/pdf': ['.pdf'],
            'image/jpeg': ['.jpg', '.jpeg'],
            'image/png': ['.png'],
            'application/msword': ['.doc'],
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
          }}
          maxSize={MAX_BYTES}
          validate={required('validation.required')}
          inputProps={{ 'aria-label': t('resources.documents.fields.file') }}
          options={DROP_ZONE_OPTIONS}
          placeholder={<DropZoneButton label="files.choose_file" name={t('resources.documents.fields.file')} source="file" />}
        >
          <FileField source="src" title="title" />
        </FileInput>
      </SimpleForm>
    </Create>
  );
}
