import { AccessDenied, AutocompleteArrayInput, CanAccess, Form, RadioButtonGroupInput, ReferenceArrayInput, TextInput, Title, maxLength, required, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Button, Card, CardContent } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useApiMutation } from '../../providers/queries.ts';
import type { AdminUser } from '../../../common/api/types/admin-users.ts';
import type { MailSendResult } from '../../../common/api/types/mail.ts';

/** A user as the recipients' autocomplete shows them (`GET /admin/user`). */
type UserOption = Pick<AdminUser, 'login' | 'name' | 'surname'>;

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Plain text becomes paragraphs; text that already holds tags goes as it is (the server sanitises it). */
export const toHtml = (body: string) =>
  /<[a-z][^>]*>/i.test(body)
    ? body
    : body
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
        .join('');
const userText = (u: UserOption) => `${[u.surname, u.name].filter(Boolean).join(' ')} (${u.login})`.trim();

function Recipients() {
  const to = useWatch({ name: 'to' });
  const choices = [
    { id: 'users', name: 'mail.to_users' },
    { id: 'groups', name: 'mail.to_groups' },
    { id: 'all', name: 'mail.to_all' },
  ];
  return (
    <>
      <RadioButtonGroupInput source="to" label="resources.mail.fields.to" choices={choices} />
      {to === 'users' && (
        <ReferenceArrayInput source="users" reference="users" perPage={50}>
          <AutocompleteArrayInput label="resources.mail.fields.users" optionText={userText} validate={required('validation.required')} />
        </ReferenceArrayInput>
      )}
      {to === 'groups' && (
        <ReferenceArrayInput source="groups" reference="groups" perPage={100}>
          <AutocompleteArrayInput label="resources.mail.fields.groups" optionText="title" validate={required('validation.required')} />
        </ReferenceArrayInput>
      )}
    </>
  );
}

/**
 * Compose and send a mail to chosen users, members of groups or everyone.
 * The menu shows it only while the school's `message` section is on; the server refuses it otherwise.
 */
export function MailCompose() {
  const notify = useNotify();
  const t = useTranslate();
  const sending = useApiMutation((dp, body: Record<string, unknown>) => dp.call<MailSendResult>('/admin/email/send', { method: 'POST', body }));
  const onSubmit = async (v: Record<string, unknown>) => {
    if (v.to === 'all' && !window.confirm(t('mail.confirm_all'))) return undefined;
    try {
      const body = {
        subject: v.subject,
        body: toHtml(String(v.body ?? '')),
        ...(v.to === 'users' ? { users: v.users } : v.to === 'groups' ? { groups: v.groups } : { to_all: true }),
      };
      const r = await sending.mutateAsync(body);
      notify(t('mail.sent', r.data), { type: r.data.failed ? 'warning' : 'success', autoHideDuration: 8000 });
      return undefined;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return undefined;
    }
  };
  return (
    <CanAccess action="list" resource="mail" accessDenied={<AccessDenied />}>
      <Card sx={{ mt: 2 }}>
        <Title title="mail.title" />
        <CardContent>
          <Form defaultValues={{ to: 'users', users: [], groups: [], subject: '', body: '' }} onSubmit={onSubmit}>
            <Box sx={{ maxWidth: 800 }}>
              <Recipients />
              <TextInput source="subject" label="resources.mail.fields.subject" fullWidth validate={[required('validation.required'), maxLength(255)]} />
              <TextInput
                source="body"
                label="resources.mail.fields.body"
                helperText="mail.body_hint"
                fullWidth
                multiline
                minRows={10}
                validate={[required('validation.required'), maxLength(100000)]}
              />
              <Button type="submit" variant="contained" startIcon={<SendIcon />}>
                {t('mail.send')}
              </Button>
            </Box>
          </Form>
        </CardContent>
      </Card>
    </CanAccess>
  );
}
