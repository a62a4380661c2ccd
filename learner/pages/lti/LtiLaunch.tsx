import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import type { LtiLaunchAnswer, LtiMaterialData, LtiMaterialAnswer } from '../../../common/api/types/lti.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { useErrorToast, useLoad } from '../../components/ui.tsx';

/**
 * An LTI 1.3 material (docs/standards.md "LTI 1.3"): "Open the tool" asks the server for a launch and sends a new
 * window to the tool's login initiation URL (the OIDC third-party login then runs between the tool and the API). The
 * window is opened at the click, before the server answers, so that no pop-up blocker stops it; where one does, the
 * launch goes on in this tab. The grade the tool sent back is shown, and read again when the portal has the focus back.
 */
export function LtiLaunch({ mediaId }: { mediaId: number }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  const [busy, setBusy] = useState(false);
  const { data, reload } = useLoad(() => api<LtiMaterialAnswer>(`/api/lti/material/${mediaId}`).then((r) => r.data), [mediaId]);
  useEffect(() => {
    const again = () => reload();
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, [reload]);

  async function open() {
    const win = window.open('', '_blank');
    if (win) win.opener = null;
    setBusy(true);
    try {
      const { data: start } = await api<LtiLaunchAnswer>(`/api/lti/launch/${mediaId}`, { method: 'POST' });
      if (win) win.location.href = start.url;
      else window.location.assign(start.url);
    } catch (err) {
      win?.close();
      showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card section" data-testid="lti-material">
      {data && <p>{t('lti.tool', { name: data.tool })}</p>}
      <Grade grade={data?.grade ?? null} />
      <button className="btn" data-testid="lti-open" onClick={() => void open()} disabled={busy}>
        {t('lti.open')}
      </button>
      <p className="muted">{t('lti.new_window')}</p>
    </div>
  );
}

function Grade({ grade }: { grade: LtiMaterialData['grade'] }) {
  const { t } = useTranslation();
  if (!grade) return <p data-testid="lti-grade">{t('lti.no_grade')}</p>;
  return (
    <p data-testid="lti-grade">
      {grade.score_given !== null && grade.score_maximum !== null
        ? t('lti.grade', { score: formatNumber(grade.score_given), max: formatNumber(grade.score_maximum), percent: formatNumber(grade.percent ?? 0) })
        : t('lti.progress', { progress: t(`lti.grading.${grade.grading_progress}`) })}
      {grade.comment && <> · {grade.comment}</>}
    </p>
  );
}
