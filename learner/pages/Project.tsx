import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../common/api/client.ts';
import { download } from '../../common/api/download.ts';
import { describeError } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import { formatNumber, toDisplayDate } from '../../common/format/format.ts';
import { useErrorTexts, useLoad, useSuccessToast } from '../components/ui.tsx';
import { FileButton } from '../components/FileButton.tsx';
import type { ProjectVersion as Version } from '../../common/api/types/projects.ts';

/** Project submission on a project material: archives with a progress bar, the confirmation, and the versions with their review. */
export function ProjectSubmission({ mediaId }: { mediaId: number }) {
  const { t } = useTranslation();
  // a failed read leaves the list empty: the submission form above it still works
  const { data: versions = [], reload } = useLoad((signal) => api<{ data: Version[] }>(`/api/media/${mediaId}/submittedProject`, { signal }).then((r) => r.data), [mediaId]);
  const [files, setFiles] = useState<File[]>([]);
  const [message, setMessage] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const showSuccess = useSuccessToast();
  // the server refuses a new version while the latest one awaits review (ERROR_PROJECT_NOT_CHECKED): say so where the button is
  const latest = versions.reduce<Version | undefined>((a, v) => (!a || v.version > a.version ? v : a), undefined);
  const pending = latest?.status === 'awaiting';
  const errorTexts = useErrorTexts(); // the error catalogue is a chunk: this screen words one without a failed call
  const reason = pending
    ? errorTexts
      ? describeError(new ApiError(409, { name: 'ERROR_PROJECT_NOT_CHECKED' }), getLang()).text
      : t('loading')
    : !files.length
      ? t('project.need_files')
      : !confirm
        ? t('project.need_confirm')
        : undefined;

  async function submit() {
    setError(undefined);
    const body: Record<string, unknown> = { message, confirm: confirm ? 1 : 0 };
    files.forEach((f, i) => (body[`file${i + 1}`] = f));
    setProgress(0);
    try {
      await api(`/api/media/${mediaId}/submittedProject`, { method: 'POST', body, onUploadProgress: setProgress });
      showSuccess(t('project.sent'));
      setFiles([]);
      setMessage('');
      setConfirm(false);
      reload();
    } catch (e) {
      const d = describeError(e, getLang());
      setError(Object.values(d.fields)[0] ?? d.text);
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <div className="card section">
      <h2>{t('project.title')}</h2>
      <div className="field">
        <span id="project-files-label">{t('project.files')}</span>
        <FileButton multiple accept=".zip,.rar" testId="project-files" describedBy="project-files-label" chosen={files} onFiles={setFiles} />
      </div>
      <div className="field">
        <label htmlFor="project-message">{t('project.message')}</label>
        <textarea id="project-message" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      <label className="check">
        <input type="checkbox" data-testid="project-confirm" checked={confirm} onChange={(e) => setConfirm(e.target.checked)} /> {t('project.confirm')}
      </label>
      {progress !== undefined && (
        <div
          className="progress section"
          role="progressbar"
          aria-label={t('profile.uploading', { p: Math.round(progress * 100) })}
          aria-valuenow={Math.round(progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div style={{ width: `${progress * 100}%` }} />
        </div>
      )}
      {error && (
        <div className="alert error" role="alert" data-testid="project-error">
          {error}
        </div>
      )}
      <button
        className="btn"
        data-testid="project-submit"
        disabled={pending || !files.length || !confirm || progress !== undefined}
        aria-describedby={reason ? 'project-submit-reason' : undefined}
        onClick={() => void submit()}
      >
        {t('project.submit')}
      </button>
      {reason && progress === undefined && (
        <p id="project-submit-reason" className={pending ? 'alert' : undefined} data-testid="project-submit-reason">
          <small>{reason}</small>
        </p>
      )}
      {versions.length > 0 && (
        <>
          <h3>{t('project.versions')}</h3>
          <ul className="items">
            {versions.map((v) => (
              <li key={v.id} data-testid="project-version">
                <strong>{t('project.version', { n: v.version })}</strong> · {toDisplayDate(v.submitted_at)} {v.late && `(${t('project.late')})`} ·{' '}
                <span className="badge">{t(`project.status.${v.status}`)}</span>
                {v.score !== null && (
                  <>
                    {' '}
                    · {t('project.score')}: <strong>{formatNumber(v.score)}</strong>
                  </>
                )}
                {v.trainer && (
                  <>
                    {' '}
                    · {t('project.trainer')}: {v.trainer}
                  </>
                )}
                {v.trainer_message && (
                  <div>
                    {t('project.trainer_message')}: {v.trainer_message}
                  </div>
                )}
                {v.trainer_file && (
                  <div>
                    {t('project.trainer_file')}:{' '}
                    <button className="btn link" onClick={() => download(v.trainer_file!.download_url).catch((e) => setError(describeError(e, getLang()).text))}>
                      {v.trainer_file.file_name}
                    </button>
                  </div>
                )}
                <div>
                  <small>{v.files.map((f) => f.file_name).join(', ')}</small>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
