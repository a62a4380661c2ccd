import { useState } from 'react';
import { Button, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { download } from '../../../common/api/download.ts';
import { useApiMutation } from '../../providers/queries.ts';
import { FileButton } from '../files/FileButton.tsx';
import type { ImportReport, ImportResult } from '../../../common/api/types/admin-users.ts';

/** The per-row report of an import: created count and a table of refused rows with translated reasons. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const t = useTranslate();
  return (
    <Stack spacing={1} data-testid="import-report">
      <Alert severity={report.created ? 'success' : 'info'} data-testid="import-created">
        {t('users.import.created', { smart_count: report.created })}
      </Alert>
      {report.refused.length ? (
        <>
          <Alert severity="warning">{t('users.import.refused', { smart_count: report.refused.length })}</Alert>
          <Table size="small" data-testid="import-refused">
            <TableHead>
              <TableRow>
                <TableCell>{t('users.import.row')}</TableCell>
                <TableCell>{t('resources.users.fields.login')}</TableCell>
                <TableCell>{t('resources.users.fields.email')}</TableCell>
                <TableCell>{t('users.import.reasons')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.refused.map((r) => (
                <TableRow key={r.row}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell>{r.login}</TableCell>
                  <TableCell>{r.email}</TableCell>
                  <TableCell>
                    {r.errors.map((code) => (
                      <div key={code}>{t(`errors.${code}.text`, { _: code })}</div>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : (
        <Typography variant="body2">{t('users.import.all_good')}</Typography>
      )}
    </Stack>
  );
}

/** List toolbar button: a dialog to download a template, upload a file and read the report. */
export function ImportUsersButton() {
  const notify = useNotify();
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<ImportReport>();
  // the users' list is asked again, so the created users show behind the dialog
  const importing = useApiMutation((dp, upload: File) => dp.call<ImportResult>('/admin/user/import', { method: 'POST', body: { file: upload } }), ['users']);
  const busy = importing.isPending;

  async function upload() {
    if (!file) return;
    try {
      const r = await importing.mutateAsync(file);
      setReport(r.data);
      if (r.data.created) notify('toasts.add_users', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  }
  const template = (format: 'xlsx' | 'csv') => download('/admin/user/import/template', { query: { format } }).catch((err: Error) => notify(err.message, { type: 'error' }));
  const close = () => {
    setOpen(false);
    setFile(undefined);
    setReport(undefined);
  };

  return (
    <>
      <Button label="users.import.button" onClick={() => setOpen(true)} data-testid="import-users">
        <UploadFileIcon />
      </Button>
      <Dialog open={open} onClose={close} maxWidth="md" fullWidth>
        <DialogTitle>{t('users.import.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2">{t('users.import.hint')}</Typography>
            <Stack direction="row" spacing={2}>
              <Link component="button" type="button" onClick={() => void template('xlsx')}>
                {t('users.import.template_xlsx')}
              </Link>
              <Link component="button" type="button" onClick={() => void template('csv')}>
                {t('users.import.template_csv')}
              </Link>
            </Stack>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              {/* a real button (a <label> styled as one could not be reached from the keyboard) */}
              <FileButton
                label={t('users.import.choose')}
                icon={<UploadFileIcon />}
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                testId="import-file"
                onFiles={(files) => {
                  setFile(files[0]);
                  setReport(undefined);
                }}
              />
              <Typography variant="body2" data-testid="import-file-name">
                {file?.name}
              </Typography>
            </Stack>
            {report && (
              <Box>
                <ImportReportView report={report} />
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button label="users.import.close" onClick={close} />
          <Button label={busy ? 'users.import.uploading' : 'users.import.upload'} variant="contained" disabled={!file || busy} onClick={() => void upload()} data-testid="import-upload" />
        </DialogActions>
      </Dialog>
    </>
  );
}
