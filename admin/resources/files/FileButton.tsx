import { useRef, type ReactNode } from 'react';
import { Button } from '@mui/material';

/**
 * A file chooser of the back office: a real button in the interface language (keyboard, screen readers) in front
 * of a hidden `<input type=file>`, whose own control would speak the browser's language. `testId` stays on the input
 * (Playwright's setInputFiles), `buttonTestId` on the button. Used by the file manager and the image fields of forms.
 */
export function FileButton({
  label,
  accept,
  multiple = false,
  icon,
  variant = 'outlined',
  testId,
  buttonTestId,
  disabled,
  onFiles,
}: {
  label: string;
  accept?: string;
  multiple?: boolean;
  icon?: ReactNode;
  variant?: 'contained' | 'outlined' | 'text';
  testId?: string;
  buttonTestId?: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} startIcon={icon} disabled={disabled} onClick={() => input.current?.click()} data-testid={buttonTestId}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        data-testid={testId}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
