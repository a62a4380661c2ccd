import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * Inside a react-admin form: once a save is refused, by the form's own checks or by the server's field errors (the
 * dataProvider's `HttpError` with `body.errors`, which react-admin sets on the fields), the first field in error is
 * scrolled into view and focused, so a keyboard or screen-reader user lands on the message beside it.
 */
export function FocusFirstError() {
  const { errors, submitCount } = useFormState();
  const anchor = useRef<HTMLSpanElement>(null);
  const keys = Object.keys(errors).sort().join(',');
  useEffect(() => {
    if (!submitCount || !keys) return;
    const frame = requestAnimationFrame(() => {
      const form = anchor.current?.closest('form');
      const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) return;
      first.scrollIntoView?.({ block: 'center' });
      first.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [submitCount, keys]);
  return <span ref={anchor} hidden />;
}
