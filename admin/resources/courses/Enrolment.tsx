import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, useGetList, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { Box, Card, CardContent, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import DeleteIcon from '@mui/icons-material/RemoveCircleOutlined';
import type { ProgramEnrolment as EnrolmentAnswer } from '../../../common/api/types/programs-admin.ts';
import { apiKey, useApiMutation, useApiQuery } from '../../providers/queries.ts';
import type { GroupRow } from '../../../common/api/types/groups.ts';

type Enrolment = EnrolmentAnswer;

/**
 * Who studies the program: enrolled groups and users. Admins and superadmins enrol a group and remove a group or a
 * user (the server allows these calls and the group list to them only); a trainer sees the lists alone. An empty
 * list says so.
 */
export function ProgramEnrolment() {
  const record = useRecordContext<{ id: number }>();
  const { permissions } = usePermissions();
  const manages = permissions === 'admin' || permissions === 'superadmin';
  const notify = useNotify();
  const t = useTranslate();
  const client = useQueryClient();
  const [group, setGroup] = useState('');
  const id = record?.id;
  const path = `/admin/program/${id}/enrolment`;
  const data = useApiQuery<{ data: Enrolment }, Enrolment>(path, { enabled: !!id, select: (r) => r.data }).data;
  const allGroups = useGetList<GroupRow>('groups', { pagination: { page: 1, perPage: 100 }, sort: { field: 'title', order: 'ASC' } }, { enabled: manages }).data ?? [];
  // the answer is the new enrolment: it replaces the cached one
  const enrolling = useApiMutation(async (dp, v: { action: string; body: Record<string, unknown> }) =>
    client.setQueryData(apiKey(path, {}), await dp.call<{ data: Enrolment }>(`/admin/program/${id}/${v.action}`, { method: 'POST', body: v.body })),
  );
  if (!id || !data) return null;
  const run = async (action: string, body: Record<string, unknown>, toast?: string) => {
    try {
      await enrolling.mutateAsync({ action, body });
      if (toast) notify(toast, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <Card sx={{ ml: 2, width: 360, flexShrink: 0 }}>
      <CardContent>
        <Typography variant="h6">{t('courses.enrolment')}</Typography>
        {manages && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
            <TextField
              select
              size="small"
              label={t('courses.group')}
              value={group}
              onChange={(e) => setGroup(e.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'enrol-group-select' } }}
            >
              {allGroups.map((g) => (
                <MenuItem key={g.id} value={String(g.id)}>
                  {g.title}
                </MenuItem>
              ))}
            </TextField>
            <Button label="courses.enrol" disabled={!group} onClick={() => void run('setGroup', { groups: [Number(group)] }, 'toasts.add_users')} data-testid="enrol-group">
              <GroupAddIcon />
            </Button>
          </Box>
        )}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('courses.groups')}
        </Typography>
        {!data.groups.length && (
          <Typography variant="body2" color="text.secondary" data-testid="enrol-no-groups">
            {t('courses.no_groups')}
          </Typography>
        )}
        <List dense>
          {data.groups.map((g) => (
            <ListItem
              key={g.id}
              secondaryAction={
                manages ? (
                  <Button label="" aria-label={t('courses.remove')} onClick={() => void run('destroyGroup', { groups: [g.id] })}>
                    <DeleteIcon />
                  </Button>
                ) : undefined
              }
            >
              <ListItemText primary={g.title} />
            </ListItem>
          ))}
        </List>
        <Typography variant="subtitle2">{t('courses.users')}</Typography>
        {!data.users.length && (
          <Typography variant="body2" color="text.secondary" data-testid="enrol-no-users">
            {t('courses.no_users')}
          </Typography>
        )}
        <List dense>
          {data.users.map((u) => (
            <ListItem
              key={u.id}
              secondaryAction={
                manages ? (
                  <Button label="" aria-label={t('courses.remove')} onClick={() => void run('destroyUser', { users: [u.id] })}>
                    <DeleteIcon />
                  </Button>
                ) : undefined
              }
            >
              <ListItemText primary={`${u.surname} ${u.name}`} secondary={u.email} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
