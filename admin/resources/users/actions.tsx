import { Button, useGetIdentity, useListContext, useNotify, usePermissions, useRecordContext, useUnselectAll } from 'react-admin';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LoginIcon from '@mui/icons-material/Login';
import { enterDemo } from '../../../common/auth/session.ts';
import { useApiMutation } from '../../providers/queries.ts';
import { RowButton } from '../../framework/RowButton.tsx';

function useBlock() {
  const notify = useNotify();
  // the users' lists and records are asked again: the row shows blocked or active
  const blocking = useApiMutation((dp, v: { ids: unknown[]; block: boolean }) => (v.block ? dp.block('users', v.ids as never) : dp.active('users', v.ids as never)), ['users']);
  return async (ids: unknown[], block: boolean, many: boolean) => {
    try {
      await blocking.mutateAsync({ ids, block });
      notify(block ? (many ? 'toasts.block_users' : 'toasts.user_is_block') : many ? 'toasts.unblock_users' : 'toasts.user_is_unblock', { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
}

/** Mirrors the server: a moderator manages moderators, trainers and students; an admin everyone but superadmins. */
export function mayManage(actorRole: string | undefined, targetRole: string | undefined) {
  if (actorRole === 'superadmin') return true;
  if (actorRole === 'admin') return targetRole !== 'superadmin';
  return actorRole === 'moderator' && (targetRole === 'moderator' || targetRole === 'trainer' || targetRole === 'student');
}

/** Row action: block or unblock one user (not oneself, not the main administrator, only users the role manages). */
export function BlockToggle() {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const { identity } = useGetIdentity();
  const block = useBlock();
  if (!record || record.id === identity?.id || record.is_main || !mayManage(permissions, record.roles?.[0])) return null;
  const blocked = !!record.is_blocked;
  return (
    <RowButton label={blocked ? 'actions.unblock' : 'actions.block'} testId={`block-${record.login}`} onClick={() => void block([record.id], !blocked, false)}>
      {blocked ? <LockOpenIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
    </RowButton>
  );
}

/** Bulk actions: block or unblock the selected users. */
export function BlockSelected() {
  const { selectedIds } = useListContext();
  const block = useBlock();
  const unselect = useUnselectAll('users');
  return (
    <Button label="actions.block" onClick={() => void block(selectedIds, true, true).then(() => unselect())}>
      <BlockIcon />
    </Button>
  );
}
export function UnblockSelected() {
  const { selectedIds } = useListContext();
  const block = useBlock();
  const unselect = useUnselectAll('users');
  return (
    <Button label="actions.unblock" onClick={() => void block(selectedIds, false, true).then(() => unselect())}>
      <LockOpenIcon />
    </Button>
  );
}

/** Mirrors the server: an admin acts as moderators, trainers and students; a superadmin also as admins; nobody as a superadmin. */
export function mayActAs(actorRole: string | undefined, targetRole: string | undefined) {
  if (!targetRole || targetRole === 'superadmin') return false;
  if (actorRole === 'superadmin') return true;
  return actorRole === 'admin' && targetRole !== 'admin';
}

/** Row action (admins only): act as this user in the portal, in demo mode. */
export function LoginAs() {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const authorizing = useApiMutation((dp, id: unknown) => dp.authorization('users', id as never));
  if (!record || record.id === identity?.id || !mayActAs(permissions, record.roles?.[0])) return null;
  return (
    <RowButton
      label="actions.login_as"
      testId={`login-as-${record.login}`}
      onClick={async () => {
        try {
          const t = await authorizing.mutateAsync(record.id);
          enterDemo(t.access_token, '/');
        } catch (err) {
          notify((err as Error).message, { type: 'error' });
        }
      }}
    >
      <LoginIcon fontSize="small" />
    </RowButton>
  );
}
