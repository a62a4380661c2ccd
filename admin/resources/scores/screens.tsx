import { useState } from 'react';
import { Button, Edit, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Alert, Box, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircle';
import UndoIcon from '@mui/icons-material/Undo';
import type { ScoreDetail, ScoreSettings as ScoreSettingsAnswer } from '../../../common/api/types/scores.ts';
import { useApiMutation, useApiQuery } from '../../providers/queries.ts';
import { formatPercent } from '../../../common/format/format.ts';

type Settings = ScoreSettingsAnswer;
type Score = ScoreDetail;

/** Score settings of the school (max score and the three weights, which must add up to 100), beside the list. */
export function ScoreSettings() {
  const t = useTranslate();
  const notify = useNotify();
  // the students' scores are counted with the new weights: the list is asked again, and the settings
  const saving = useApiMutation((dp, body: Settings) => dp.call('/admin/score/settings', { method: 'PUT', body: body as unknown as Record<string, unknown> }), ['scores', '/admin/score/settings']);
  const stored = useApiQuery<{ data: Settings }, Settings>('/admin/score/settings', { select: (r) => r.data });
  // what is being edited, else what the server holds
  const [edited, setS] = useState<Settings>();
  const s = edited ?? stored.data;
  if (stored.error) return <Alert severity="error">{stored.error.message}</Alert>;
  if (!s) return null;
  const sum = s.ratios.quizzes + s.ratios.projects + s.ratios.activity;
  const ratio = (k: keyof Settings['ratios']) => (
    <TextField
      key={k}
      size="small"
      type="number"
      label={t(`scores.settings.${k}`)}
      value={s.ratios[k]}
      onChange={(e) => setS({ ...s, ratios: { ...s.ratios, [k]: Number(e.target.value) } })}
      slotProps={{ htmlInput: { min: 0, max: 100, 'data-testid': `score-ratio-${k}` } }}
    />
  );
  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, width: { md: 280 }, alignSelf: 'flex-start' }} data-testid="score-settings">
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('scores.settings.title')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            size="small"
            type="number"
            label={t('scores.settings.max_score')}
            value={s.max_score}
            onChange={(e) => setS({ ...s, max_score: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: 1, max: 1000, 'data-testid': 'score-max' } }}
          />
          {ratio('quizzes')}
          {ratio('projects')}
          {ratio('activity')}
          <Typography variant="body2" color={sum === 100 ? 'text.secondary' : 'error'}>
            {t('scores.settings.sum', { sum })}
          </Typography>
          <Button
            label="scores.settings.save"
            variant="contained"
            disabled={sum !== 100}
            onClick={async () => {
              try {
                await saving.mutateAsync(s);
                notify('scores.settings.saved', { type: 'success' });
              } catch (e) {
                notify((e as Error).message, { type: 'error' });
              }
            }}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

function Decide() {
  const r = useRecordContext<Score>();
  const notify = useNotify();
  const deciding = useApiMutation((dp, v: { id: Score['id']; what: 'approve' | 'revoke' }) => dp.call(`/admin/score/${v.id}/${v.what}`, { method: 'POST' }), ['scores']);
  if (!r) return null;
  const act = (what: 'approve' | 'revoke') => async () => {
    try {
      await deciding.mutateAsync({ id: r.id, what });
      notify(what === 'approve' ? 'scores.approved' : 'scores.revoked', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button label="scores.approve" variant="contained" onClick={act('approve')} data-testid="score-approve">
        <CheckIcon />
      </Button>
      <Button label="scores.revoke" variant="outlined" color="warning" onClick={act('revoke')} disabled={r.status === 'revoked'} data-testid="score-revoke">
        <UndoIcon />
      </Button>
    </Stack>
  );
}

const pct = (v: number | null) => (v === null ? '—' : formatPercent(v));

function Detail() {
  const r = useRecordContext<Score>();
  const t = useTranslate();
  if (!r) return null;
  const section = (title: string, rows: [string, string, string][]) => (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1">{title}</Typography>
      {rows.length ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('scores.title')}</TableCell>
              <TableCell>{t('scores.result')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(([a, b, c], i) => (
              <TableRow key={i}>
                <TableCell>{a}</TableCell>
                <TableCell>{b}</TableCell>
                <TableCell>{c}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('scores.none')}
        </Typography>
      )}
    </Box>
  );
  return (
    <CardContent data-testid="score-detail">
      <Typography variant="h6">
        {r.user_name} — {r.program_title}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
        <Chip color="primary" label={t('scores.summary', { points: r.points, max: r.max_score })} data-testid="score-points" />
        {r.status && (
          <Chip
            color={r.status === 'approved' ? 'success' : 'warning'}
            label={`${t(`scores.status.${r.status}`)}${r.status === 'approved' && r.approved_points !== null ? `: ${r.approved_points}` : ''}`}
            data-testid="score-status"
          />
        )}
        <Chip variant="outlined" label={`${t('resources.scores.fields.quiz_percent')} ${pct(r.quiz_percent)}`} />
        <Chip variant="outlined" label={`${t('resources.scores.fields.project_percent')} ${pct(r.project_percent)}`} />
        <Chip variant="outlined" label={`${t('resources.scores.fields.activity_percent')} ${pct(r.activity_percent)}`} />
      </Stack>
      <Decide />
      {section(
        t('scores.quizzes'),
        (r.quizzes ?? []).map((q) => [q.title, pct(q.percent), '']),
      )}
      {section(
        t('scores.projects'),
        (r.projects ?? []).map((p) => [p.title, p.score === null ? '—' : String(p.score), p.status ? `v${p.version} · ${t(`projects.status.${p.status}`)}` : '']),
      )}
      {section(
        t('scores.materials'),
        (r.materials ?? []).map((m) => [m.title, m.score === null ? '—' : String(m.score), t(m.viewed ? 'scores.viewed' : 'scores.not_viewed')]),
      )}
    </CardContent>
  );
}

/** One student in one program: parts, points, every quiz, project and material; approve or revoke the score. */
export function ScoreEdit() {
  return (
    <Edit actions={false} mutationMode="pessimistic">
      <Detail />
    </Edit>
  );
}
