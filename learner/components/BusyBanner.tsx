import { useEffect, useState } from 'react';
import { ApiError } from '../../common/api/client.ts';
import { busyState, dismissBusy, onBusy, type BusyState } from '../../common/api/busy.ts';
import { describeError, errorsReady, hasErrors } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { useTranslation } from 'react-i18next';

/**
 * The portal's "the system is busy" banner (issue 26 item 3; docs/api.md "Busy"): while a read waits for its one retry
 * after a 503 ERROR_BUSY, a polite status ("trying again in N s…"); when a call failed busy (a write is never sent
 * again), an alert ("please try again in N s") that the user can close and that goes by itself with the
 * next successful call; while a read whose API host was lost is tried again, "reconnecting…" (issue 32). Its words are
 * the error catalogue's (ERROR_BUSY_RETRYING, ERROR_BUSY, ERROR_RECONNECTING), loaded when first needed.
 */
export function BusyBanner() {
  const { t } = useTranslation();
  const [state, setState] = useState<BusyState>(busyState);
  const lang = getLang();
  const [loads, loaded] = useState(0);
  useEffect(() => onBusy(setState), []);
  const shown = state.phase !== 'clear';
  const ready = hasErrors(lang);
  useEffect(() => {
    if (shown && !ready) void errorsReady(lang).then(() => loaded((n) => n + 1));
  }, [shown, ready, lang]);
  return (
    // the live region is always there, so that what appears in it is announced
    <div className="busy-slot" aria-live="polite">
      {/* words once the catalogue is in (or its chunk could not be had: the bare wording then) */}
      {shown && (ready || loads > 0) && (
        <div className={`busy-banner ${state.phase}`} role={state.phase === 'failed' ? 'alert' : 'status'} data-testid="busy-banner">
          <Wording state={state} lang={lang} />
          {state.phase === 'failed' && (
            <button type="button" className="btn ghost" onClick={dismissBusy}>
              {t('close')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function Wording({ state, lang }: { state: Exclude<BusyState, { phase: 'clear' }>; lang: ReturnType<typeof getLang> }) {
  const name = { retrying: 'ERROR_BUSY_RETRYING', failed: 'ERROR_BUSY', reconnecting: 'ERROR_RECONNECTING' }[state.phase];
  const d = describeError(new ApiError(503, { name, variables: { retry_after: 'seconds' in state ? state.seconds : 0 } }), lang);
  return (
    <span>
      <strong>{d.title}.</strong> {d.text}
    </span>
  );
}
