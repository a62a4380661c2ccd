import { useEffect, useState, type ChangeEvent } from 'react';
import { Button, Confirm, useGetIdentity, useLocaleState, useNotify, usePermissions, useRecordContext, useTranslate, type HttpError } from 'react-admin';
import { Avatar, Box, Card, CardContent, FormControl, InputLabel, List, ListItem, ListItemText, MenuItem, Select, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import SaveIcon from '@mui/icons-material/Save';
import UploadIcon from '@mui/icons-material/Upload';
import { apiBaseUrl } from '../../../common/tenant/tenant.ts';
import { useQueryClient } from '@tanstack/react-query';
import { apiKey, useApiMutation, useApiQuery } from '../../providers/queries.ts';
import type { AdminUser, SendPasswordResult, UserScore, UserScoreAnswer, UserSocial, UserSocialAnswer } from '../../../common/api/types/admin-users.ts';
import { mayManage } from './actions.tsx';

/** `DD.MM.YYYY hh:mm` in local time. */
const when = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
};
type UserRecord = AdminUser;
const SOCIAL = ['vk', 'telegram', 'linkedin', 'facebook', 'instagram', 'site'] as const;
type Social = UserSocial;

/** Avatar upload and "send a new password". */
function AccountTab({ user }: { user: UserRecord }) {
  const notify = useNotify();
  const t = useTranslate();
  const [locale] = useLocaleState();
  const [lang, setLang] = useState<'ru' | 'en'>(locale === 'en' ? 'en' : 'ru');
  const [confirm, setConfirm] = useState(false);
  // a new avatar asks the user's record again (react-admin's `users` reads), so the picture above changes
  const uploading = useApiMutation((dp, avatar: File) => dp.call(`/admin/user/${user.id}/setAvatar`, { method: 'POST', body: { avatar } }), ['users']);
  const sending = useApiMutation((dp, to: 'ru' | 'en') => dp.call<SendPasswordResult>('/admin/email/sendPassword', { method: 'POST', body: { user_id: user.id, lang: to } }));
  const busy = uploading.isPending || sending.isPending;

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      await uploading.mutateAsync(file);
      notify('toasts.avatar_is_update', { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  }

  async function sendPassword() {
    setConfirm(false);
    try {
      const r = await sending.mutateAsync(lang);
      notify(t('toasts.password_is_send', { email: r.data.email }), { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={user.avatar ? apiBaseUrl() + user.avatar : undefined} alt={t('users.extras.avatar')} sx={{ width: 72, height: 72 }} data-testid="user-avatar" />
        <Box>
          {!user.avatar && (
            <Typography variant="body2" color="text.secondary">
              {t('users.extras.no_avatar')}
            </Typography>
          )}
          <Button component="label" label="users.extras.upload_avatar" disabled={busy}>
            <UploadIcon />
            <input hidden type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={(e) => void upload(e)} data-testid="avatar-input" />
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('users.extras.avatar_hint')}
          </Typography>
        </Box>
      </Stack>
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('users.extras.send_password_hint')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FormControl size="small" sx={{ minWidth: 120 }}>
            <InputLabel id="mail-lang">{t('users.extras.mail_language')}</InputLabel>
            <Select labelId="mail-lang" label={t('users.extras.mail_language')} value={lang} onChange={(e) => setLang(e.target.value as 'ru' | 'en')}>
              <MenuItem value="ru">Русский</MenuItem>
              <MenuItem value="en">English</MenuItem>
            </Select>
          </FormControl>
          <Button label="users.extras.send_password" variant="outlined" disabled={busy} onClick={() => setConfirm(true)} data-testid="send-password">
            <KeyIcon />
          </Button>
        </Stack>
      </Box>
      <Confirm
        isOpen={confirm}
        title="users.extras.confirm_password_title"
        content={t('users.extras.confirm_password_content', { login: user.login, email: user.email })}
        onConfirm={() => void sendPassword()}
        onClose={() => setConfirm(false)}
      />
    </Stack>
  );
}

/** The manual score: current value, add or set with a comment, last changes. */
function ScoreTab({ user }: { user: UserRecord }) {
  const client = useQueryClient();
  const notify = useNotify();
  const t = useTranslate();
  const [value, setValue] = useState('');
  const [mode, setMode] = useState<'add' | 'set'>('add');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const path = `/admin/user/${user.id}/score`;
  const read = useApiQuery<UserScoreAnswer, UserScore>(path, { select: (r) => r.data, retry: false });
  const data = read.data;
  useEffect(() => {
    if (read.error) notify(read.error.message, { type: 'error' });
  }, [read.error, notify]);
  // a change answers the score with its history: it replaces the one read
  const setScore = useApiMutation(async (dp, body: { score: number; mode: 'add' | 'set'; comment: string | null }) => {
    const r = await dp.call<UserScoreAnswer>(`/admin/user/${user.id}/setScore`, { method: 'POST', body });
    client.setQueryData(apiKey(path, {}), r);
    return r;
  });

  async function save() {
    setError(undefined);
    try {
      const r = await setScore.mutateAsync({ score: Number(value.replace(',', '.')), mode, comment: comment || null });
      setValue('');
      setComment('');
      notify(t('toasts.score_is_update', { score: r.data.score }), { type: 'success' });
    } catch (err) {
      const fields = (err as HttpError).body?.errors as Record<string, string> | undefined;
      setError(fields?.score);
      notify((err as Error).message, { type: 'error' });
    }
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h5" data-testid="current-score">
        {t('users.extras.current_score', { score: data?.score ?? 0 })}
      </Typography>
      <FormControl size="small">
        <InputLabel id="score-mode">{t('users.extras.score_mode')}</InputLabel>
        <Select labelId="score-mode" label={t('users.extras.score_mode')} value={mode} onChange={(e) => setMode(e.target.value as 'add' | 'set')}>
          <MenuItem value="add">{t('users.extras.mode_add')}</MenuItem>
          <MenuItem value="set">{t('users.extras.mode_set')}</MenuItem>
        </Select>
      </FormControl>
      <TextField
        size="small"
        label={t('users.extras.score_value')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'score-value' } }}
      />
      <TextField size="small" label={t('users.extras.score_comment')} value={comment} onChange={(e) => setComment(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
      <Box>
        <Button label="users.extras.save_score" variant="contained" disabled={!value.trim() || Number.isNaN(Number(value.replace(',', '.')))} onClick={() => void save()}>
          <SaveIcon />
        </Button>
      </Box>
      <Typography variant="subtitle2">{t('users.extras.history')}</Typography>
      {data?.history.length ? (
        <List dense disablePadding>
          {data.history.map((h) => (
            <ListItem key={h.id} disableGutters>
              <ListItemText
                primary={`${h.delta > 0 ? '+' : ''}${h.delta} → ${h.total}${h.comment ? ` · ${h.comment}` : ''}`}
                secondary={`${when(h.created_at)} · ${t(h.mode === 'add' ? 'users.extras.mode_add' : 'users.extras.mode_set')}`}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('users.extras.no_history')}
        </Typography>
      )}
    </Stack>
  );
}

/** Social links, validated by the server (field errors shown under each link). */
function SocialTab({ user }: { user: UserRecord }) {
  // a save's answer is the links now; the cached read is asked again for the next time the tab opens
  const saveLinks = useApiMutation((dp, body: Record<string, string>) => dp.call<UserSocialAnswer>(`/admin/user/${user.id}/social`, { method: 'PUT', body }), [`/admin/user/${user.id}/social`]);
  const notify = useNotify();
  const t = useTranslate();
  const [links, setLinks] = useState<Social>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const read = useApiQuery<UserSocialAnswer, Social>(`/admin/user/${user.id}/social`, { select: (r) => r.data, retry: false });
  // the links read (and each save's answer) become the form's
  useEffect(() => {
    if (read.data) setLinks(read.data);
  }, [read.data]);
  useEffect(() => {
    if (read.error) notify(read.error.message, { type: 'error' });
  }, [read.error, notify]);

  async function save() {
    if (!links) return;
    setErrors({});
    try {
      const r = await saveLinks.mutateAsync(Object.fromEntries(SOCIAL.map((k) => [k, links[k] ?? ''])));
      setLinks(r.data);
      notify('toasts.social_is_update', { type: 'success' });
    } catch (err) {
      setErrors(((err as HttpError).body?.errors as Record<string, string> | undefined) ?? {});
      notify((err as Error).message, { type: 'error' });
    }
  }

  if (!links) return null;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('users.extras.social_hint')}
      </Typography>
      {SOCIAL.map((k) => (
        <TextField
          key={k}
          size="small"
          label={t(`users.extras.social.${k}`)}
          value={links[k] ?? ''}
          onChange={(e) => setLinks({ ...links, [k]: e.target.value })}
          error={!!errors[k]}
          helperText={errors[k]}
          slotProps={{ htmlInput: { maxLength: 255, 'data-testid': `social-${k}` } }}
        />
      ))}
      <Box>
        <Button label="users.extras.save_social" variant="contained" onClick={() => void save()}>
          <SaveIcon />
        </Button>
      </Box>
    </Stack>
  );
}

/** Beside the user's edit form: access (avatar, new password), score (admins) and social links, as tabs. */
export function UserExtras() {
  const record = useRecordContext<UserRecord>();
  const { permissions } = usePermissions();
  const { identity } = useGetIdentity();
  const t = useTranslate();
  const [tab, setTab] = useState('account');
  if (!record) return null;
  const role = record.roles?.[0] ?? record.role;
  const admin = permissions === 'admin' || permissions === 'superadmin';
  const tabs = [...(record.id !== identity?.id ? ['account'] : []), ...(admin ? ['score'] : []), 'social'];
  const current = tabs.includes(tab) ? tab : tabs[0];
  return (
    <Card sx={{ ml: 2, width: 380, flexShrink: 0, alignSelf: 'flex-start' }} data-testid="user-extras">
      {!mayManage(permissions, role) ? (
        <CardContent>
          <Typography variant="body2">{t('users.extras.not_allowed')}</Typography>
        </CardContent>
      ) : (
        <>
          <Tabs value={current} onChange={(_, v: string) => setTab(v)} variant="fullWidth">
            {tabs.map((k) => (
              <Tab key={k} value={k} label={t(`users.extras.tabs.${k}`)} />
            ))}
          </Tabs>
          <CardContent>
            {current === 'account' && <AccountTab user={record} />}
            {current === 'score' && <ScoreTab user={record} />}
            {current === 'social' && <SocialTab user={record} />}
          </CardContent>
        </>
      )}
    </Card>
  );
}
