import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A file chooser that speaks the interface language: a real button (keyboard, screen readers, 44 px on phones) in
 * front of a hidden `<input type=file>` (the browser's own control would say "Choose File / No file chosen" in the
 * browser's language), and the chosen names beside it. The input keeps `testId` for Playwright's setInputFiles.
 */
export function FileButton({
  label,
  accept,
  multiple = false,
  testId,
  disabled,
  describedBy,
  showNames = true,
  chosen,
  onFiles,
}: {
  /** The button's text; default "Choose a file" / "Choose files". */
  label?: string;
  accept?: string;
  multiple?: boolean;
  testId?: string;
  disabled?: boolean;
  /** Id of the field's caption (what the files are for, their limits). */
  describedBy?: string;
  /** Show the chosen names beside the button (off where the screen uploads at once and lists them itself). */
  showNames?: boolean;
  /** The files the screen holds (cleared after a send); absent: the last choice. */
  chosen?: { name: string }[];
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setNames] = useState<string[]>([]);
  const names = chosen ? chosen.map((f) => f.name) : picked;
  const namesId = useId();
  return (
    <span className="file-button" style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      <button
        type="button"
        className="btn ghost"
        disabled={disabled}
        aria-describedby={[describedBy, showNames ? namesId : ''].filter(Boolean).join(' ') || undefined}
        data-testid={testId ? `${testId}-button` : undefined}
        onClick={() => input.current?.click()}
      >
        {label ?? t(multiple ? 'school.files.choose_many' : 'school.files.choose')}
      </button>
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
          setNames(files.map((f) => f.name));
          if (files.length) onFiles(files);
        }}
      />
      {showNames && (
        <small id={namesId} data-testid={testId ? `${testId}-names` : undefined} aria-live="polite">
          {names.length ? t('school.files.chosen', { names: names.join(', ') }) : t('school.files.none')}
        </small>
      )}
    </span>
  );
}
