import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * Inside a react-admin form: once a save is refused, by the form's own checks or by the server's field errors (the
 * dataProvider's `HttpError` with `body.errors`, which react-admin sets on the fields before the submission ends), the
 * first field in error is scrolled into view and focused, so a keyboard or screen-reader user lands on the message
 * beside it. Only at the end of a submission: a message that changes while the user types moves nothing.
 */
export function FocusFirstError() {
  const { errors, isSubmitting } = useFormState();
  const anchor = useRef<HTMLSpanElement>(null);
  const submitting = useRef(false);
  const refused = Object.keys(errors).length > 0;
  useEffect(() => {
    if (isSubmitting) {
      submitting.current = true;
      return;
    }
    if (!submitting.current) return;
    submitting.current = false;
    if (!refused) return;
    const frame = requestAnimationFrame(() => {
      const form = anchor.current?.closest('form');
      const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) return;
      first.scrollIntoView?.({ block: 'center' });
      first.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [isSubmitting, refused]);
  return <span ref={anchor} hidden />;
}
