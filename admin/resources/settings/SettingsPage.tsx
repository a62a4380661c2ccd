import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  AccessDenied,
  ArrayInput,
  BooleanInput,
  CanAccess,
  CheckboxGroupInput,
  Form,
  HttpError,
  Loading,
  NumberInput,
  PasswordInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  Title,
  email,
  maxLength,
  minValue,
  maxValue,
  required,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import { apiBaseUrl } from '../../../common/tenant/tenant.ts';
import { notifyAccessChanged } from '../../../common/access/flags.ts';
import { useQueryClient } from '@tanstack/react-query';
import { apiKey, useApiQuery, useApiWrite } from '../../providers/queries.ts';
import type { SchoolFaceAnswer } from '../../../common/api/types/school.ts';
import type {
  AdminEmails as AdminEmailsAnswer,
  AdminSocialLinks,
  ClientSettingRows,
  EmailSettings as EmailSettingsAnswer,
  RegistrationSetting,
  SchoolAccessFlags,
  WelcomeMail as WelcomeMailAnswer,
} from '../../../common/api/types/settings-admin.ts';

type Values = Record<string, unknown>;

const TABS = ['client', 'logo', 'email', 'social', 'admin_emails', 'welcome', 'access'] as const;
const SOCIAL = ['vk', 'telegram', 'whatsapp', 'youtube', 'linkedin', 'facebook', 'instagram', 'site'] as const;
const FLAGS = ['networking', 'lifelong_learning', 'rating', 'message', 'payment'] as const;
const INSTALMENTS = [6, 12, 18, 24, 36];

/**
 * Reads one settings endpoint through the query cache (`A` its answer, by the server's schema): `setData` writes a
 * save's answer there, `reload` asks again.
 */
function useLoad<A extends { data: unknown }>(path: string) {
  const notify = useNotify();
  const client = useQueryClient();
  const read = useApiQuery<A, A['data']>(path, { select: (r) => r.data, retry: false });
  useEffect(() => {
    if (read.error) notify(read.error.message, { type: 'error' });
  }, [read.error, notify]);
  const setData = (data: A['data']) => client.setQueryData(apiKey(path, {}), { data });
  const reload = () => void read.refetch();
  return [read.data, setData, reload] as const;
}

/** Runs a save: a success toast, or the error toast and the server's per-field messages on the form. */
function useSave() {
  const notify = useNotify();
  return async (run: () => Promise<unknown>, success = 'settings.saved') => {
    try {
      await run();
      notify(success, { type: 'success' });
      return undefined;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      const fields = e instanceof HttpError ? (e.body as { errors?: Record<string, string> })?.errors : undefined;
      return fields && Object.keys(fields).length ? fields : undefined;
    }
  };
}

function SaveButton() {
  const t = useTranslate();
  return (
    <Button type="submit" variant="contained" startIcon={<SaveIcon />} sx={{ mt: 1 }}>
      {t('settings.save')}
    </Button>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <Box sx={{ maxWidth: 720, pt: 2 }}>{children}</Box>;
}

function ClientSettings() {
  const [list] = useLoad<ClientSettingRows>('/admin/setting');
  const write = useApiWrite();
  const save = useSave();
  if (!list) return <Loading />;
  const value = (id: number) => list.find((s) => s.id === id)?.value;
  const record = { theme: value(13), durations: value(16), instalments: value(17), calendar_id: value(19) };
  const onSubmit = (v: Values) =>
    save(async () => {
      const put = (id: number, body: unknown) => write(`/admin/setting/${id}`, { method: 'PUT', body: { value: body } });
      await put(13, v.theme);
      await put(16, v.durations);
      await put(17, v.instalments);
      await put(19, v.calendar_id ?? '');
    });
  return (
    <Form record={record} onSubmit={onSubmit}>
      <Section>
        <SelectInput
          source="theme"
          label="settings.client.theme"
          choices={[
            { id: 'light', name: 'settings.client.theme_light' },
            { id: 'dark', name: 'settings.client.theme_dark' },
          ]}
          validate={required('validation.required')}
        />
        <ArrayInput source="durations" label="settings.client.durations">
          <SimpleFormIterator inline disableReordering>
            <TextInput source="format" label="settings.client.format" validate={[required('validation.required'), maxLength(64)]} helperText={false} />
            <NumberInput source="months" label="settings.client.months" validate={[required('validation.required'), minValue(1), maxValue(120)]} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
        <CheckboxGroupInput
          source="instalments"
          label="settings.client.instalments"
          choices={INSTALMENTS.map((n) => ({ id: n, name: String(n) }))}
          validate={required('validation.required')}
          translateChoice={false}
        />
        <TextInput source="calendar_id" label="settings.client.calendar_id" fullWidth validate={maxLength(255)} />
        <SaveButton />
      </Section>
    </Form>
  );
}

function LogoSettings() {
  const [logo, , reload] = useLoad<SchoolFaceAnswer>('/api/logo');
  const write = useApiWrite();
  const save = useSave();
  const t = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('_method', 'PUT');
    form.append('value', file);
    await save(() => write('/admin/setting/3/changeLogo', { method: 'POST', body: form }), 'settings.logo.uploaded');
    reload();
  };
  const remove = async () => {
    await save(() => write('/admin/setting/3/changeLogo', { method: 'DELETE' }), 'settings.logo.removed');
    reload();
  };
  if (!logo) return <Loading />;
  return (
    <Section>
      <Typography variant="subtitle1" gutterBottom>
        {t('settings.logo.current')}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2, minHeight: 96, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {logo.url ? (
          <img data-testid="logo-preview" src={`${apiBaseUrl()}${logo.url}`} alt={logo.title} style={{ maxHeight: 120, maxWidth: '100%' }} />
        ) : (
          <Typography color="text.secondary">{t('settings.logo.none')}</Typography>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        hidden
        data-testid="logo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
          {t('settings.logo.choose')}
        </Button>
        {logo.url && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => void remove()}>
            {t('settings.logo.remove')}
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('settings.logo.hint')}
      </Typography>
    </Section>
  );
}

function EmailSettings() {
  const [smtp, setSmtp] = useLoad<EmailSettingsAnswer>('/admin/email/setting');
  const write = useApiWrite();
  const save = useSave();
  const t = useTranslate();
  const [to, setTo] = useState('');
  if (!smtp) return <Loading />;
  const onSubmit = (v: Values) =>
    save(async () => {
      const { has_password: _, ...body } = v;
      const r = await write<EmailSettingsAnswer>('/admin/email/setting', { method: 'PUT', body: { ...body, password: body.password || '' } });
      setSmtp(r.data); // the form shows the password empty
    });
  const test = () => save(() => write('/admin/email/setting/test', { method: 'POST', body: { to } }), t('settings.email.test_sent', { to }));
  return (
    <Section>
      <Form record={{ ...smtp, password: '' }} onSubmit={onSubmit}>
        <TextInput source="host" label="settings.email.host" helperText="settings.email.host_hint" fullWidth validate={maxLength(255)} />
        <Stack direction="row" spacing={2}>
          <NumberInput source="port" label="settings.email.port" validate={[required('validation.required'), minValue(1), maxValue(65535)]} />
          <SelectInput
            source="encryption"
            label="settings.email.encryption"
            validate={required('validation.required')}
            choices={[
              { id: 'none', name: 'settings.email.enc_none' },
              { id: 'ssl', name: 'settings.email.enc_ssl' },
              { id: 'tls', name: 'settings.email.enc_tls' },
            ]}
          />
        </Stack>
        <TextInput source="username" label="settings.email.username" fullWidth autoComplete="off" />
        <PasswordInput
          source="password"
          label="settings.email.password"
          fullWidth
          autoComplete="new-password"
          helperText={smtp.has_password ? 'settings.email.password_kept' : 'settings.email.password_none'}
        />
        <TextInput source="from_address" label="settings.email.from_address" fullWidth validate={email('validation.email')} />
        <TextInput source="from_name" label="settings.email.from_name" fullWidth validate={maxLength(255)} />
        <SaveButton />
      </Form>
      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="subtitle1">{t('settings.email.test_title')}</Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('settings.email.test_hint')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField size="small" type="email" label={t('settings.email.test_to')} value={to} onChange={(e) => setTo(e.target.value)} sx={{ minWidth: 300 }} />
            <Button variant="outlined" startIcon={<SendIcon />} disabled={!to} onClick={() => void test()}>
              {t('settings.email.test_send')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Section>
  );
}

const isUrl = (v: unknown) => (typeof v === 'string' && v && !/^https?:\/\/\S+$/.test(v) ? 'validation.format' : undefined);

function SocialSettings() {
  const [links] = useLoad<AdminSocialLinks>('/admin/setting/social');
  const write = useApiWrite();
  const save = useSave();
  const t = useTranslate();
  if (!links) return <Loading />;
  return (
    <Form record={links} onSubmit={(v: Values) => save(() => write('/admin/setting/social', { method: 'PUT', body: Object.fromEntries(SOCIAL.map((k) => [k, (v[k] as string) || ''])) }))}>
      <Section>
        {SOCIAL.map((k) => (
          <TextInput key={k} source={k} label={`settings.social.${k}`} fullWidth validate={isUrl} helperText={false} type="url" />
        ))}
        <Typography variant="caption" color="text.secondary" component="p">
          {t('settings.social.hint')}
        </Typography>
        <SaveButton />
      </Section>
    </Form>
  );
}

const splitEmails = (text: unknown) =>
  String(text ?? '')
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function AdminEmails() {
  const [data] = useLoad<AdminEmailsAnswer>('/admin/setting/adminEmails');
  const write = useApiWrite();
  const save = useSave();
  const t = useTranslate();
  if (!data) return <Loading />;
  const check = (v: unknown) => {
    const bad = splitEmails(v).filter((e) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e));
    return bad.length ? t('settings.admin_emails.invalid', { emails: bad.join(', ') }) : undefined;
  };
  return (
    <Form record={{ emails: data.emails.join('\n') }} onSubmit={(v: Values) => save(() => write('/admin/setting/adminEmails', { method: 'PUT', body: { emails: splitEmails(v.emails) } }))}>
      <Section>
        <TextInput source="emails" label="settings.admin_emails.emails" helperText="settings.admin_emails.hint" multiline minRows={4} fullWidth validate={check} />
        <SaveButton />
      </Section>
    </Form>
  );
}

function WelcomeMail() {
  const [data] = useLoad<WelcomeMailAnswer>('/admin/setting/welcomeMail');
  const write = useApiWrite();
  const save = useSave();
  const t = useTranslate();
  if (!data) return <Loading />;
  const text = [required('validation.required')];
  return (
    <Form record={data} onSubmit={(v: Values) => save(() => write('/admin/setting/welcomeMail', { method: 'PUT', body: { ru: v.ru, en: v.en } as Values }))}>
      <Section>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings.welcome.hint')}
          {data.is_default && (
            <>
              <br />
              {t('settings.welcome.default_note')}
            </>
          )}
        </Alert>
        {(['ru', 'en'] as const).map((lang) => (
          <Box key={lang} sx={{ mb: 2 }}>
            <Typography variant="subtitle1">{t(`settings.welcome.${lang}`)}</Typography>
            <TextInput source={`${lang}.subject`} label="settings.welcome.subject" fullWidth validate={[...text, maxLength(255)]} />
            <TextInput source={`${lang}.body`} label="settings.welcome.body" fullWidth multiline minRows={6} validate={[...text, maxLength(20000)]} />
          </Box>
        ))}
        <SaveButton />
      </Section>
    </Form>
  );
}

function Sections() {
  const [flags, setFlags] = useLoad<SchoolAccessFlags>('/admin/access');
  const write = useApiWrite();
  const refresh = useRefresh();
  const save = useSave();
  const t = useTranslate();
  if (!flags) return <Loading />;
  return (
    <Form
      record={flags}
      onSubmit={(v: Values) =>
        save(async () => {
          const r = await write<SchoolAccessFlags>('/admin/access', { method: 'PUT', body: Object.fromEntries(FLAGS.map((f) => [f, !!v[f]])) });
          setFlags(r.data);
          // the menu follows at once: forget the cached sections, then ask every access check again
          notifyAccessChanged();
          refresh();
        }, 'settings.access.saved')
      }
    >
      <Section>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings.access.hint')}
        </Alert>
        {FLAGS.map((f) => (
          <BooleanInput key={f} source={f} label={`settings.access.${f}`} helperText={false} />
        ))}
        <SaveButton />
      </Section>
    </Form>
  );
}

/** Self-registration: whether the portal offers its sign-up screen (`/admin/setting/registration`). */
function Registration() {
  const [value, setValue] = useLoad<RegistrationSetting>('/admin/setting/registration');
  const write = useApiWrite();
  const save = useSave();
  const t = useTranslate();
  if (!value) return <Loading />;
  return (
    <Form record={value} onSubmit={(v: Values) => save(async () => setValue((await write<RegistrationSetting>('/admin/setting/registration', { method: 'PUT', body: { open: !!v.open } })).data))}>
      <Section>
        <Typography variant="h6" component="h2">
          {t('settings.registration.title')}
        </Typography>
        <BooleanInput source="open" label="settings.registration.open" helperText="settings.registration.hint" />
        <SaveButton />
      </Section>
    </Form>
  );
}

function SectionsAndRegistration() {
  return (
    <>
      <Sections />
      <Registration />
    </>
  );
}

const PANELS: Record<(typeof TABS)[number], () => ReactNode> = {
  client: ClientSettings,
  logo: LogoSettings,
  email: EmailSettings,
  social: SocialSettings,
  admin_emails: AdminEmails,
  welcome: WelcomeMail,
  access: SectionsAndRegistration,
};

/** Settings of the school on one screen, one tab per section; each section saves on its own. */
export function SettingsPage() {
  const t = useTranslate();
  const fromHash = () => {
    const hash = window.location.hash.replace('#', '');
    return (TABS as readonly string[]).includes(hash) ? (hash as (typeof TABS)[number]) : 'client';
  };
  const [tab, setTab] = useState<(typeof TABS)[number]>(fromHash);
  // a link to another tab of this screen (`#logo`) switches the tab without a reload
  useEffect(() => {
    const follow = () => setTab(fromHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const Panel = PANELS[tab];
  return (
    <CanAccess action="list" resource="settings" accessDenied={<AccessDenied />}>
      <Card sx={{ mt: 2 }}>
        <Title title="settings.title" />
        <Tabs
          value={tab}
          onChange={(_, v) => {
            setTab(v);
            window.history.replaceState(null, '', `#${v}`);
          }}
          variant="scrollable"
          scrollButtons="auto"
        >
          {TABS.map((k) => (
            <Tab key={k} value={k} label={t(`settings.tabs.${k}`)} data-testid={`settings-tab-${k}`} />
          ))}
        </Tabs>
        <CardContent>
          <Panel key={tab} />
        </CardContent>
      </Card>
    </CanAccess>
  );
}
