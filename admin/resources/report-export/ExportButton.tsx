import { useEffect, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import TableViewIcon from '@mui/icons-material/TableView';
import type { ExportJob } from '../../../common/api/types/report-export.ts';
import { useApiMutation, useApiQuery } from '../../providers/queries.ts';
import { download } from '../../../common/api/download.ts';
import { formatNumber } from '../../../common/format/format.ts';

/** The button's own texts, so that any screen can use it without registering a catalogue. */
const TEXTS = {
  ru: { export: 'Экспорт в Excel', preparing: 'Готовим файл…', rows: 'строк: %{done} из %{total}', ready: 'Файл готов', download: 'Скачать' },
  en: { export: 'Export to Excel', preparing: 'Preparing the file…', rows: 'rows: %{done} of %{total}', ready: 'The file is ready', download: 'Download' },
};

/** How often the progress is asked while a job runs (ms). */
const POLL_MS = 500;

/**
 * Excel export of a report (`POST /admin/excel/export`, docs/report-export.md): starts a background job, shows its
 * progress bar, and offers the file when it is ready. A job that failed shows its code's text (ERROR_REPORT_FATAL, "the
 * report could not be built"), a download that failed the specification's download error; both are logged to the console. Usable from any screen: `<ExportButton type="quizScoreResults" params={{ period: 'month' }} />`.
 */
export function ExportButton({ type, params, disabled }: { type: string; params: Record<string, unknown>; disabled?: boolean }) {
  const t = useTranslate();
  const locale = useLocale();
  const txt = TEXTS[locale === 'en' ? 'en' : 'ru'];
  // the job as its start answered it, then as the progress reads (every 500 ms while it runs) answer it
  const [started, setStarted] = useState<ExportJob>();
  const [error, setError] = useState<string>();
  const [pollFailed, setPollFailed] = useState(false);
  const polled = useApiQuery<{ data: ExportJob }, ExportJob>(`/admin/excel/export/${started?.id}`, {
    enabled: !!started && !pollFailed && (started.status === 'queued' || started.status === 'running'),
    select: (r) => r.data,
    refetchInterval: POLL_MS,
    retry: false,
  });
  const job = started && polled.data?.id === started.id ? polled.data : started;
  const starting = useApiMutation((dp, body: { type: string; params: Record<string, unknown> }) => dp.call<{ data: ExportJob }>('/admin/excel/export', { method: 'POST', body, json: true }));

  /** The catalogue's title and text of a code, `fallback`'s when the catalogue has no such code. */
  const worded = (code: string, fallback: string) => {
    const key = t(`errors.${code}.text`, { _: '' }) ? code : fallback;
    return `${t(`errors.${key}.title`)}: ${t(`errors.${key}.text`)}`;
  };
  /**
   * A job the server marked failed says why in its code (ERROR_REPORT_FATAL: the report could not be built; or the
   * report's own refusal); a download that could not be had is the specification's download error. Both are logged.
   */
  const failed = (why: unknown, code?: string | null) => {
    console.error('Excel export failed', why);
    setError(code ? worded(code, 'ERROR_REPORT_FATAL') : worded('ERROR_DOWNLOAD', 'ERROR_DOWNLOAD'));
  };

  // a finished read stops the polling (the query is enabled only while the job runs); a failed job or read says why
  const finished = job && job.status !== 'queued' && job.status !== 'running';
  useEffect(() => {
    if (finished && job !== started) setStarted(job);
    if (job?.status === 'failed') failed(job.error, job.error ?? 'ERROR_REPORT_FATAL');
  }, [finished, job?.status]);
  useEffect(() => {
    if (!polled.error) return;
    setPollFailed(true);
    failed(polled.error);
  }, [polled.error]);

  const start = async () => {
    setError(undefined);
    setPollFailed(false);
    setStarted(undefined);
    try {
      const { data } = await starting.mutateAsync({ type, params });
      setStarted(data);
    } catch (e) {
      // a refused start (no date range, an unknown id) says why in the server's words
      setError((e as { message?: string }).message ?? t('errors.ERROR_DOWNLOAD.text'));
      console.error('Excel export failed', e);
    }
  };

  const save = async () => {
    if (!job?.download_url) return;
    try {
      await download(job.download_url);
    } catch (e) {
      failed(e);
    }
  };

  const running = job && (job.status === 'queued' || job.status === 'running');
  const fill = (s: string, v: Record<string, string>) => s.replace(/%\{(\w+)\}/g, (_, k: string) => v[k] ?? '');
  return (
    <Box data-testid="export" sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0, maxWidth: 420 }}>
      <Button variant="outlined" startIcon={<TableViewIcon />} onClick={start} disabled={disabled || !!running} data-testid="export-start">
        {txt.export}
      </Button>
      {running && (
        <Box data-testid="export-progress" role="status" aria-live="polite">
          <LinearProgress variant={job.rows_total ? 'determinate' : 'indeterminate'} value={job.progress} aria-label={txt.preparing} />
          <Typography variant="caption">
            {txt.preparing} {job.rows_total !== null ? fill(txt.rows, { done: formatNumber(job.rows_done), total: formatNumber(job.rows_total) }) : ''}
          </Typography>
        </Box>
      )}
      {job?.status === 'done' && (
        <Box data-testid="export-ready" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} role="status" aria-live="polite">
          <LinearProgress variant="determinate" value={100} sx={{ flexBasis: '100%' }} aria-label={txt.ready} />
          <Typography variant="body2">
            {txt.ready}: {job.file_name} ({fill(txt.rows, { done: formatNumber(job.rows_done), total: formatNumber(job.rows_total ?? job.rows_done) })})
          </Typography>
          <Button size="small" variant="contained" startIcon={<FileDownloadIcon />} onClick={save} data-testid="export-download">
            {txt.download}
          </Button>
        </Box>
      )}
      {error && (
        <Typography color="error" variant="body2" data-testid="export-error" role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}
