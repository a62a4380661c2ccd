import { useNotify, useRecordContext } from 'react-admin';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useApiMutation } from '../../providers/queries.ts';
import { RowButton } from '../../framework/RowButton.tsx';

/** Row action on an unpaid invoice: mark it paid, which opens the buyer's access (`POST /admin/marketplace/invoice/{id}/paid`). */
export function MarkInvoicePaid() {
  const record = useRecordContext<{ id: number; status: string }>();
  const notify = useNotify();
  // the invoice is paid and the buyer's access open: the marketplace's lists are asked again
  const paying = useApiMutation((dp, id: number) => dp.call(`/admin/marketplace/invoice/${id}/paid`, { method: 'POST' }), ['market-invoices', 'market-learners', 'market-wallets']);
  if (record?.status !== 'unpaid') return null;
  return (
    <RowButton
      label="market.mark_paid"
      testId={`invoice-paid-${record.id}`}
      onClick={async () => {
        try {
          await paying.mutateAsync(record.id);
          notify('market.invoice_paid', { type: 'success' });
        } catch (e) {
          notify((e as Error).message, { type: 'error' });
        }
      }}
    >
      <CheckCircleIcon />
    </RowButton>
  );
}
