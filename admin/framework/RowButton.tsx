import type { ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A compact row button of a list: an icon with its translated name as tooltip and accessible label; a click does not open the row. */
export function RowButton({ label, onClick, children, testId }: { label: string; onClick: () => void; children: ReactNode; testId?: string }) {
  const t = useTranslate();
  return (
    <Tooltip title={t(label)}>
      <IconButton
        size="small"
        color="primary"
        aria-label={t(label)}
        data-testid={testId}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}
