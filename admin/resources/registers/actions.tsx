import { Button, useListContext, useNotify, useRecordContext, useTranslate, useUnselectAll } from 'react-admin';
import { IconButton, Tooltip } from '@mui/material';
import { Link } from 'react-router-dom';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import EditIcon from '@mui/icons-material/Edit';
import { useApiMutation } from '../../providers/queries.ts';

/** Row action: open the registered user's card (the users resource). */
export function OpenUser() {
  const record = useRecordContext();
  const t = useTranslate();
  if (!record) return null;
  return (
    <Tooltip title={t('registers.open_user')}>
      <IconButton size="small" color="primary" component={Link} to={`/users/${record.id}`} aria-label={t('registers.open_user')} onClick={(e) => e.stopPropagation()}>
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function useBlock(block: boolean) {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const unselect = useUnselectAll('registers');
  // the registrations and the users' reads are asked again: the rows show blocked or active
  const blocking = useApiMutation((dp, ids: typeof selectedIds) => (block ? dp.block('users', ids) : dp.active('users', ids)), ['registers', 'users']);
  return async () => {
    try {
      await blocking.mutateAsync(selectedIds);
      notify(block ? 'toasts.block_users' : 'toasts.unblock_users', { type: 'success' });
      unselect();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
}

/** Bulk actions on registrations: block or unblock the selected users (the same calls as the users list). */
export function BlockRegistered() {
  const run = useBlock(true);
  return (
    <Button label="actions.block" onClick={() => void run()}>
      <BlockIcon />
    </Button>
  );
}
export function UnblockRegistered() {
  const run = useBlock(false);
  return (
    <Button label="actions.unblock" onClick={() => void run()}>
      <LockOpenIcon />
    </Button>
  );
}
