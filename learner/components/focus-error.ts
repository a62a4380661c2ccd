import { useEffect, useRef } from 'react';

/**
 * A form's refused save lands the user on the first field in error: scrolled into view (a long profile's e-mail is
 * far above the save button) and focused, its message beside it read by screen readers. `errors` are the form's
 * messages by field; each new set (a refused save, the server's field errors) moves focus once.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>(errors: Record<string, string | undefined>) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!Object.values(errors).some(Boolean)) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView?.({ block: 'center' });
    first.focus();
  }, [errors]);
  return ref;
}
