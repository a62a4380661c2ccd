import { useState } from 'react';
import {
  Button,
  Edit,
  FileField,
  FileInput,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  number,
  required,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { Box, Card, CardContent, Chip, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/Delete';
import { download } from '../../../common/api/download.ts';
import { toDisplayDate } from '../../../common/format/format.ts';
import type { ReviewedVersion, StudentMedia } from '../../../common/api/types/projects.ts';
import { useApiMutation, useApiQuery } from '../../providers/queries.ts';
import { ApproveToggle, DeleteVersion } from './actions.tsx';
import { useProjectsChanged } from './badge.tsx';
import { usePeople } from './ProjectsList.tsx';
import { DROP_ZONE_OPTIONS, DropZoneButton, atLeast, atMost } from '../../framework/inputs.tsx';
import { FocusFirstError } from '../../framework/FocusFirstError.tsx';

type Version = ReviewedVersion;

/** What the student sent: who, which assignment, the message and the files (downloaded with the session's token). */
function Submission() {
  const r = useRecordContext<Version>();
  const t = useTranslate();
  const notify = useNotify();
  if (!r) return null;
  // the list's row stands in until the version itself is loaded: it has no files yet
  const files = r.files ?? [];
  const get = (url: string) => download(url).catch((e: Error) => notify(e.message, { type: 'error' }));
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="project-submission">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
          <Chip label={t(`projects.status.${r.status}`)} color={r.status === 'awaiting' ? 'warning' : r.status === 'approved' ? 'success' : 'default'} />
          <Chip label={`v${r.version}`} variant="outlined" />
          {r.late && <Chip label={t('projects.late')} color="error" variant="outlined" />}
        </Stack>
        <Typography>
          <b>{t('projects.student')}:</b> {r.user_name} {r.user_email ? `(${r.user_email})` : ''}
        </Typography>
        <Typography>
          <b>{t('projects.material')}:</b> {r.media_title}
        </Typography>
        {r.deadline && (
          <Typography>
            <b>{t('projects.deadline')}:</b> {toDisplayDate(r.deadline)}
          </Typography>
        )}
        {r.message && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            <b>{t('projects.student_message')}:</b> {r.message}
          </Typography>
        )}
        <Typography sx={{ mt: 1 }}>
          <b>{t('projects.files')}:</b> {!files.length && t('projects.no_files')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {files.map((f) => (
            <Button key={f.id} label={f.file_name} onClick={() => get(f.download_url)}>
              <DownloadIcon />
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The trainer's file already attached: download or remove it (`deleteFileTrainer`). */
function TrainerFile() {
  const r = useRecordContext<Version>();
  const t = useTranslate();
  const notify = useNotify();
  // the version's record is asked again: the file is gone from it
  const removing = useApiMutation((dp, id: number) => dp.call(`/admin/submittedProject/${id}/deleteFileTrainer`, { method: 'DELETE' }), ['projects']);
  if (!r?.trainer_file) return null;
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2">{t('projects.trainer_file')}:</Typography>
      <Button label={r.trainer_file.file_name} onClick={() => download(r.trainer_file!.download_url).catch((e: Error) => notify(e.message, { type: 'error' }))}>
        <DownloadIcon />
      </Button>
      <Button
        label="projects.remove_trainer_file"
        color="error"
        onClick={async () => {
          try {
            await removing.mutateAsync(r.id);
            notify('projects.trainer_file_removed', { type: 'success' });
          } catch (e) {
            notify((e as Error).message, { type: 'error' });
          }
        }}
      >
        <DeleteIcon />
      </Button>
    </Box>
  );
}

/** Extra versions for this student on this project (`updateCountAttempts`). */
function ExtraVersions() {
  const r = useRecordContext<Version>();
  const t = useTranslate();
  const notify = useNotify();
  const base = r ? `/admin/user/${r.user_id}/media/${r.media_id}` : '';
  // the student's count read is asked again, so what the server holds is what shows next time
  const saving = useApiMutation((dp, count: number) => dp.call(`${base}/updateCountAttempts`, { method: 'POST', body: { count_attempts: count } }), [base]);
  const stored = useApiQuery<{ data: StudentMedia }, number>(base, { enabled: !!base, select: (x) => x.data.count_attempts }).data;
  // what is typed, else what the server holds
  const [typed, setValue] = useState<string>();
  const value = typed ?? (stored === undefined ? '' : String(stored));
  if (!r) return null;
  return (
    <Card variant="outlined" sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 280 }, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="subtitle1">{t('projects.extra.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('projects.extra.hint')}
        </Typography>
        <MuiTextField
          size="small"
          type="number"
          label={t('resources.projects.fields.count_attempts')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          slotProps={{ htmlInput: { min: 0, max: 20, 'data-testid': 'extra-versions' } }}
        />
        <Box sx={{ mt: 1 }}>
          <Button
            label="projects.extra.save"
            variant="outlined"
            onClick={async () => {
              try {
                await saving.mutateAsync(Number(value));
                notify('projects.extra.saved', { type: 'success' });
              } catch (e) {
                notify((e as Error).message, { type: 'error' });
              }
            }}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

const ReviewToolbar = () => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
    <Stack direction="row" spacing={1}>
      <SaveButton />
      <ApproveToggle />
    </Stack>
    <DeleteVersion />
  </Toolbar>
);

/** Only what the review sends: score, trainer, message and a new trainer's file (form data when there is one). */
const transform = (d: Record<string, unknown>) => {
  const file = d.new_trainer_file as { rawFile?: File } | undefined;
  return {
    score: d.score,
    ...(d.trainer_id ? { trainer_id: d.trainer_id } : {}),
    message: d.trainer_message ?? '',
    ...(file?.rawFile ? { trainer_file: file.rawFile } : {}),
  };
};

/** The review's title: the assignment, the student and the version (not react-admin's "Проект #5"). */
function ReviewTitle() {
  const t = useTranslate();
  const r = useRecordContext();
  if (!r) return null;
  return <>{t('resources.projects.page.edit', { media: r.media_title ?? '', student: r.user_name ?? '', version: r.version ?? '' })}</>;
}

/** Project review: the submission, then score, trainer, message, the trainer's file, approval and removal. */
export function ProjectEdit() {
  const t = useTranslate();
  const people = usePeople();
  const notify = useNotify();
  const redirect = useRedirect();
  const projectsChanged = useProjectsChanged();
  return (
    <Edit
      mutationMode="pessimistic"
      title={<ReviewTitle />}
      transform={transform}
      mutationOptions={{
        // own side effects replace react-admin's: toast, badge, back to the list
        onSuccess: () => {
          notify('projects.is_update', { type: 'success' });
          projectsChanged();
          redirect('list', 'projects');
        },
      }}
      aside={<ExtraVersions />}
    >
      {/* the product's messages stop a score over 100, not the browser's bubble; focus goes to the field in error */}
      <SimpleForm toolbar={<ReviewToolbar />} noValidate>
        <FocusFirstError />
        <Submission />
        <NumberInput source="score" validate={[required('validation.required'), number('validation.format'), atLeast(0), atMost(100)]} />
        <SelectInput source="trainer_id" choices={people.trainers} optionText="name" emptyText="—" />
        <TextInput source="trainer_message" multiline minRows={3} fullWidth />
        <TrainerFile />
        <FileInput
          source="new_trainer_file"
          accept={{ 'application/*': [], 'image/*': [], 'text/plain': [] }}
          maxSize={40 * 1024 * 1024}
          inputProps={{ 'aria-label': t('resources.projects.fields.new_trainer_file') }}
          options={DROP_ZONE_OPTIONS}
          placeholder={<DropZoneButton label="files.choose_file" name={t('resources.projects.fields.new_trainer_file')} source="new_trainer_file" />}
        >
          <FileField source="src" title="title" />
        </FileInput>
      </SimpleForm>
    </Edit>
  );
}
