import { useState } from 'react';
import { useGetList, useLocale, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Link, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import type { AdminUser } from '../../../common/api/types/admin-users.ts';
import type { AchievementAward } from '../../../common/api/types/lifelong-admin.ts';
import { useApiMutation, useApiQuery, useRefreshApi } from '../../providers/queries.ts';
import { toDisplayDate } from '../../../common/format/format.ts';

/**
 * Beside an achievement's form: who earned it (when, why, automatically or by hand, withdrawn), and a grant or a
 * withdrawal by hand for one student with a reason.
 */
export function AwardsPanel() {
  const record = useRecordContext<{ id: number }>();
  const notify = useNotify();
  const t = useTranslate();
  useLocale();
  const [userId, setUserId] = useState('');
  const [reason, setReason] = useState('');
  const id = record?.id;
  const path = `/admin/achievement/${id}/award`;
  const list = useApiQuery<{ data: AchievementAward[] }, AchievementAward[]>(path, { query: { per_page: 100 }, enabled: !!id, select: (r) => r.data });
  const awards = list.data;
  const error = !!list.error;
  const refresh = useRefreshApi();
  const load = () => refresh(path);
  // a grant or a withdrawal asks the awards again
  const acting = useApiMutation((dp, v: { action: 'grant' | 'withdraw'; body: Record<string, unknown> }) => dp.call(`/admin/achievement/${id}/${v.action}`, { method: 'POST', body: v.body }), [path]);
  const students = useGetList<AdminUser>('users', { filter: { role: 'student' }, pagination: { page: 1, perPage: 100 }, sort: { field: 'surname', order: 'ASC' } }).data ?? [];

  const act = async (action: 'grant' | 'withdraw') => {
    try {
      await acting.mutateAsync({ action, body: { user_id: Number(userId), reason: reason.trim() } });
      notify(action === 'grant' ? 'lifelong.awards.granted' : 'lifelong.awards.withdrawn', { type: 'success' });
      setReason('');
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  if (!id) return null;
  return (
    <Card sx={{ width: { xs: '100%', md: 340 }, ml: { md: 2 }, mt: { xs: 2, md: 0 } }} data-testid="awards-panel">
      <CardContent>
        <Typography variant="h6">{t('lifelong.awards.title')}</Typography>
        {error && (
          <Alert severity="error" action={<Button onClick={() => void load()}>{t('lifelong.builder.retry')}</Button>}>
            {t('lifelong.builder.load_error')}
          </Alert>
        )}
        {!error && !awards && <CircularProgress size={24} aria-label="loading" />}
        {awards && awards.length === 0 && <Typography color="text.secondary">{t('lifelong.awards.none')}</Typography>}
        {awards && awards.length > 0 && (
          <List dense>
            {awards.map((a) => (
              <ListItem key={a.id} disableGutters>
                <ListItemText
                  primary={
                    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
                      {`${a.user_surname} ${a.user_name}`}
                      <Chip size="small" label={t(a.manual ? 'lifelong.awards.manual' : 'lifelong.awards.auto')} />
                      {a.revoked_at && <Chip size="small" color="error" label={t('lifelong.awards.revoked')} />}
                    </Box>
                  }
                  secondary={
                    <>
                      {toDisplayDate(a.awarded_at.slice(0, 10))} · {a.revoked_at ? a.revoked_reason : a.reason} ·{' '}
                      <Link href={`/credential/${a.credential_id}`} target="_blank" rel="noopener">
                        {t('lifelong.awards.public_page')}
                      </Link>
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
          <TextField
            select
            size="small"
            label={t('lifelong.awards.student')}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'award-student' } }}
          >
            <option value="" />
            {students.map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.surname} ${s.name} (${s.login})`}
              </option>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('lifelong.awards.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'award-reason' } }}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" disabled={!userId || !reason.trim()} onClick={() => void act('grant')} data-testid="award-grant">
              {t('lifelong.awards.grant')}
            </Button>
            <Button color="error" disabled={!userId || !reason.trim()} onClick={() => void act('withdraw')} data-testid="award-withdraw">
              {t('lifelong.awards.withdraw')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
