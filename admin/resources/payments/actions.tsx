import { useState } from 'react';
import { useCreatePath, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import UndoIcon from '@mui/icons-material/Undo';
import CommentIcon from '@mui/icons-material/Comment';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { formatNumber, toDisplayDate } from '../../../common/format/format.ts';
import { useApiMutation } from '../../providers/queries.ts';
import { RowButton } from '../../framework/RowButton.tsx';
import type { PaymentRow } from '../../../common/api/types/payments.ts';

type Item = PaymentRow;

/** Row action: mark an item paid, or remove the mark (`PUT /admin/payment/{id}` with `paid`). */
export function TogglePaid() {
  const record = useRecordContext<Item>();
  const notify = useNotify();
  // the payments' list is asked again: the row shows its new mark
  const marking = useApiMutation((dp, v: { id: number; paid: boolean }) => dp.call(`/admin/payment/${v.id}`, { method: 'PUT', body: { paid: v.paid } }), ['payments']);
  if (!record) return null;
  const paid = !record.paid;
  return (
    <RowButton
      label={paid ? 'payments.actions.mark_paid' : 'payments.actions.mark_unpaid'}
      testId={`payment-toggle-${record.id}`}
      onClick={async () => {
        try {
          await marking.mutateAsync({ id: record.id, paid });
          notify(paid ? 'toasts.payment_is_paid' : 'toasts.payment_is_unpaid', { type: 'success' });
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
      }}
    >
      {paid ? <CheckCircleIcon /> : <UndoIcon />}
    </RowButton>
  );
}

/** Row action on a debt (an unpaid item past its date): a comment in a dialog (`POST /admin/debt/{id}`). */
export function DebtComment() {
  const record = useRecordContext<Item>();
  const notify = useNotify();
  const t = useTranslate();
  const commenting = useApiMutation((dp, v: { id: number; comment: string }) => dp.call(`/admin/debt/${v.id}`, { method: 'POST', body: { comment: v.comment } }), ['payments']);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  if (!record?.overdue) return null;
  async function save() {
    try {
      await commenting.mutateAsync({ id: record!.id, comment: text });
      notify('toasts.debt_is_comment', { type: 'success' });
      setOpen(false);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  }
  return (
    <>
      <RowButton
        label="payments.actions.debt_comment"
        testId={`debt-comment-${record.id}`}
        onClick={() => {
          setText(record.comment ?? '');
          setOpen(true);
        }}
      >
        <CommentIcon />
      </RowButton>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()} fullWidth maxWidth="sm">
        <DialogTitle>{t('payments.debt.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('payments.debt.hint', { amount: formatNumber(record.amount), currency: record.currency, date: toDisplayDate(record.due_date) })}
          </Typography>
          <TextField
            autoFocus
            multiline
            minRows={3}
            fullWidth
            label={t('resources.payments.fields.comment')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'debt-comment-text' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('payments.debt.cancel')}</Button>
          <Button variant="contained" onClick={() => void save()} data-testid="debt-comment-save">
            {t('payments.debt.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Row action: the student's schedule in the editor, on this item's program. */
export function OpenSchedule() {
  const record = useRecordContext<Item>();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <RowButton
      label="payments.actions.open_schedule"
      testId={`open-schedule-${record.id}`}
      onClick={() => navigate(`${createPath({ resource: 'payments', type: 'create' })}?user_id=${record.user_id}&program_id=${record.program_id}`)}
    >
      <CalendarMonthIcon />
    </RowButton>
  );
}

/** List cell "Просрочен / Overdue": a red mark on an unpaid item past its due date (the server's `overdue`). */
export function OverdueMark() {
  const record = useRecordContext<Item>();
  const t = useTranslate();
  if (!record?.overdue) return null;
  return <Chip size="small" color="error" label={t('payments.overdue_mark')} data-testid={`payment-overdue-${record.id}`} />;
}
