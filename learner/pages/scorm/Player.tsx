import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { apiBaseUrl } from '../../../common/tenant/tenant.ts';
import type { ScormAttemptAnswer, ScormAttemptData, ScormLaunchAnswer, ScormLaunchData } from '../../../common/api/types/scorm.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { useErrorToast, useLoad } from '../../components/ui.tsx';

/**
 * A SCORM material in the portal: the learner's state (status, score) and a button that plays the package full-window,
 * in a sandboxed frame of the API's address with the run-time API on this window (`./runtime.ts`, a chunk of its own
 * with scorm-again). Closing the player ends the session; the state shown is the server's after each commit.
 */
export function ScormPlayer({ mediaId, title }: { mediaId: number; title: string }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const { data: stored, reload } = useLoad(() => api<ScormAttemptAnswer>(`/api/scorm/${mediaId}/attempt`).then((r) => r.data), [mediaId]);
  const [attempt, setAttempt] = useState<ScormAttemptData | undefined>();
  const [launch, setLaunch] = useState<ScormLaunchData | null>(null);
  const [opening, setOpening] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const stop = useRef<(() => void) | null>(null);
  const a = attempt ?? stored;

  const close = () => {
    stop.current?.();
    stop.current = null;
    setLaunch(null);
    setTimeout(reload, 300);
  };
  useEffect(() => () => stop.current?.(), []);
  useEffect(() => {
    if (!launch) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  /** `fresh`: a new attempt, offered once the latest is done (the server resumes one in progress instead). */
  async function open(fresh = false) {
    setOpening(true);
    try {
      const l = (await api<ScormLaunchAnswer>(`/api/scorm/${mediaId}/launch${fresh ? '?new_attempt=true' : ''}`, { method: 'POST' })).data;
      const { startRuntime } = await import('./runtime.ts');
      stop.current = await startRuntime(l, mediaId, () => frame.current, setAttempt);
      setAttempt(l.attempt);
      setLaunch(l);
    } catch (err) {
      showError(err);
    } finally {
      setOpening(false);
    }
  }

  const status =
    a && a.attempt > 0
      ? a.done
        ? a.success_status === 'passed'
          ? 'passed'
          : 'completed'
        : a.success_status === 'failed'
          ? 'failed'
          : a.completion_status === 'not attempted'
            ? 'todo'
            : 'incomplete'
      : 'todo';
  const score = a?.score_raw !== null && a?.score_raw !== undefined ? formatNumber(a.score_raw) : null;
  const max = a?.score_max !== null && a?.score_max !== undefined ? formatNumber(a.score_max) : null;
  return (
    <div className="card section" data-testid="scorm">
      <p>
        <span className={`badge ${a?.done ? 'ok' : ''}`} data-testid="scorm-status">
          {t(`scorm.status.${status}`)}
        </span>
        {score !== null && <span data-testid="scorm-score"> {max !== null ? t('scorm.score_of', { score, max }) : t('scorm.score', { score })}</span>}
      </p>
      <button className="btn" type="button" onClick={() => void open()} disabled={opening}>
        {a && a.attempt > 0 ? t('scorm.resume') : t('scorm.start')}
      </button>
      {a?.done && (
        <button className="btn ghost" type="button" onClick={() => void open(true)} disabled={opening} data-testid="scorm-new-attempt" style={{ marginInlineStart: '.5rem' }}>
          {t('scorm.new_attempt')}
        </button>
      )}
      {launch && (
        <div
          className="scorm-player"
          role="dialog"
          aria-modal="true"
          aria-label={title}
          style={{ position: 'fixed', inset: 0, zIndex: 1000, display: 'flex', flexDirection: 'column', background: '#fff' }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: '1rem', padding: '.5rem 1rem', borderBottom: '1px solid #ddd' }}>
            <strong style={{ flex: 1 }}>{launch.package.title}</strong>
            <span className="muted">SCORM {launch.package.version}</span>
            <button className="btn" type="button" onClick={close} data-testid="scorm-close">
              {t('scorm.close')}
            </button>
          </div>
          <iframe
            ref={frame}
            title={launch.package.title}
            data-testid="scorm-frame"
            src={`${apiBaseUrl()}${launch.launch_url}`}
            // the package runs, in an origin of its own: no access to this page, its storage or the session token
            sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads"
            referrerPolicy="no-referrer"
            style={{ flex: 1, border: 0, width: '100%' }}
          />
        </div>
      )}
    </div>
  );
}
