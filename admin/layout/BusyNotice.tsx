import { useEffect } from 'react';
import { useLocaleState, useNotify } from 'react-admin';
import { ApiError } from '../../common/api/client.ts';
import { busyState, onBusy, type BusyState } from '../../common/api/busy.ts';
import { describeError } from '../../common/errors/wording.ts';
import type { Lang } from '../../common/i18n/lang.ts';

/**
 * The back office's "the system is busy" notice (issue 26 item 3; docs/api.md "Busy"), through react-admin's own
 * notifications: while a read waits for its one retry after a 503 ERROR_BUSY, a warning "trying again in N s…" that
 * stays for the wait, and "reconnecting…" while a read whose API host was lost is tried again (issue 32). A call that fails busy is an HttpError whose message is the catalogue's ERROR_BUSY text ("please try
 * again in N s", admin/providers/dataProvider.ts), which react-admin notifies as every failed call.
 */
export function BusyNotice() {
  const notify = useNotify();
  const [locale] = useLocaleState();
  useEffect(() => {
    const show = (state: BusyState) => {
      if (state.phase !== 'retrying' && state.phase !== 'reconnecting') return;
      const seconds = state.phase === 'retrying' ? Math.min(state.seconds, 10) : 8; // reconnecting tries for 7.5 s
      const name = state.phase === 'retrying' ? 'ERROR_BUSY_RETRYING' : 'ERROR_RECONNECTING';
      const d = describeError(new ApiError(503, { name, variables: { retry_after: seconds } }), locale as Lang);
      // the text as it is (`_`: no message key has it), shown for the wait and a moment after
      notify(d.text, { type: 'warning', messageArgs: { _: d.text }, autoHideDuration: seconds * 1000 + 2000 });
    };
    show(busyState());
    return onBusy(show);
  }, [notify, locale]);
  return null;
}
