import { IconButton, Tooltip } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { useCanAccess, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * Row action of the users list: the user's payment schedule in the payments editor. Shown only where the payments
 * resource is open to the viewer (admins, and only while the school's payment section is on), and only for students.
 */
export function PaymentPlanLink() {
  const record = useRecordContext<{ id: number; role?: string }>();
  const { canAccess } = useCanAccess({ resource: 'payments', action: 'create' });
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const t = useTranslate();
  if (!record || !canAccess || record.role !== 'student') return null;
  const label = t('payments.actions.open_schedule');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        color="primary"
        aria-label={label}
        data-testid={`user-payment-plan-${record.id}`}
        onClick={(e) => {
          e.stopPropagation();
          navigate(`${createPath({ resource: 'payments', type: 'create' })}?user_id=${record.id}`);
        }}
      >
        <CalendarMonthIcon />
      </IconButton>
    </Tooltip>
  );
}
