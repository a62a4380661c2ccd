import { onApiError } from '../api/events.ts';
import { endSession, getToken } from './session.ts';

/**
 * The apps' side of a suspended school (issue 26 item 4; docs/operations.md "Suspension"). A suspended school
 * refuses every call carrying a token with 403 ERROR_SCHOOL_SUSPENDED, for as long as it stays suspended: the session
 * is of no use any more. Whichever call hears it first (a page's read, a write, the profile, react-admin's data
 * provider), both apps end the session as a sign-out does (`endSession`: the stored tokens go, the server is not
 * asked) and go to the sign-in page, which shows the catalogue's text of the error in the interface language. The
 * sign-in form there stays usable: a sign-in is refused with the same error and the same text.
 */
export const SCHOOL_SUSPENDED = 'ERROR_SCHOOL_SUSPENDED';

/** Whether an error (an ApiError, or react-admin's HttpError whose body is the API's) is a suspended school's refusal. */
export function isSchoolSuspended(err: unknown): boolean {
  const e = err as { status?: unknown; body?: { name?: unknown } } | null | undefined;
  return e?.status === 403 && e.body?.name === SCHOOL_SUSPENDED;
}

/**
 * Ends the session when `err` is a suspended school's refusal of it; answers whether it did. Without a session (the
 * sign-in form's own refusal, an anonymous call) nothing happens: the caller shows the error where it is.
 */
export function endSessionIfSuspended(err: unknown): boolean {
  if (!isSchoolSuspended(err) || !getToken()) return false;
  endSession(SCHOOL_SUSPENDED);
  return true;
}

let stop: (() => void) | undefined;
/** Listens to every failed call of the shared client (`common/api/events.ts`) for a suspended school; once per page. */
export function watchSuspension(): () => void {
  stop ??= onApiError((err) => void endSessionIfSuspended(err));
  return () => {
    stop?.();
    stop = undefined;
  };
}
