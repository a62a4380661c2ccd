import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useApi } from '../../providers/queries.ts';
import { RowButton } from '../../framework/RowButton.tsx';

/** Row action on an unpaid invoice: mark it paid, which opens the buyer's access (`POST /admin/marketplace/invoice/{id}/paid`). */
export function MarkInvoicePaid() {
  const record = useRecordContext<{ id: number; status: string }>();
  const dp = useApi();
  const notify = useNotify();
  const refresh = useRefresh();
  if (record?.status !== 'unpaid') return null;
  return (
    <RowButton
      label="market.mark_paid"
      testId={`invoice-paid-${record.id}`}
      onClick={async () => {
        try {
          await dp.call(`/admin/marketplace/invoice/${record.id}/paid`, { method: 'POST' });
          notify('market.invoice_paid', { type: 'success' });
          refresh();
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
      }}
    >
      <CheckCircleIcon />
    </RowButton>
  );
}
