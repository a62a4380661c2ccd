import { useState } from 'react';
import { Button, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Box, Card, CardContent, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/PersonRemove';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { useApiMutation } from '../../providers/queries.ts';
import type { AdminGroup, SetUsersResult } from '../../../common/api/types/groups.ts';

/** Members of a group: add by a list of e-mails (unknown ones are reported) and remove one by one. */
export function GroupMembers() {
  const record = useRecordContext<AdminGroup>();
  const notify = useNotify();
  // the group's record (its members) and the users' (their groups) are asked again after a change
  const adding = useApiMutation(
    (dp, v: { id: number; emails: string }) => dp.call<SetUsersResult>(`/admin/group/${v.id}/setUsers`, { method: 'POST', body: { emails: v.emails } }),
    ['groups', 'users'],
  );
  const detaching = useApiMutation((dp, v: { id: number; userId: number }) => dp.call(`/admin/group/${v.id}/detachUser`, { method: 'POST', body: { user_id: v.userId } }), ['groups', 'users']);
  const t = useTranslate();
  const [emails, setEmails] = useState('');
  if (!record) return null;
  async function add() {
    try {
      const r = await adding.mutateAsync({ id: record!.id, emails });
      notify(r.data.unknown.length ? t('groups.unknown_emails', { emails: r.data.unknown.join(', ') }) : 'toasts.add_users', { type: r.data.unknown.length ? 'warning' : 'success' });
      setEmails('');
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  }
  async function remove(userId: number) {
    try {
      await detaching.mutateAsync({ id: record!.id, userId });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  }
  return (
    <Card sx={{ ml: 2, width: 360, flexShrink: 0 }}>
      <CardContent>
        <Typography variant="h6">
          {t('groups.members')} ({record.users?.length ?? 0})
        </Typography>
        <TextField
          label={t('groups.emails')}
          helperText={t('groups.emails_hint')}
          multiline
          minRows={3}
          fullWidth
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'group-emails' } }}
          sx={{ mt: 1 }}
        />
        <Box sx={{ mt: 1 }}>
          <Button label="groups.add" onClick={() => void add()} disabled={!emails.trim()} data-testid="group-add">
            <GroupAddIcon />
          </Button>
        </Box>
        <List dense>
          {(record.users ?? []).map((u) => (
            <ListItem
              key={u.id}
              secondaryAction={
                <Button label="" aria-label={t('groups.remove')} onClick={() => void remove(u.id)}>
                  <DeleteIcon />
                </Button>
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
