import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { download } from '../../common/api/download.ts';
import { toDisplayDate } from '../../common/format/format.ts';
import { Empty, ErrorState, Loading, useErrorToast, useLoad, useSuccessToast } from '../components/ui.tsx';
import { FileButton } from '../components/FileButton.tsx';
import type { StudentDocument as Doc, StudentDocuments } from '../../common/api/types/documents.ts';

function DocList({ list }: { list: Doc[] }) {
  const { t } = useTranslation();
  const showError = useErrorToast();
  if (!list.length) return <Empty text={t('documents.empty')} />;
  return (
    <ul className="items">
      {list.map((d) => (
        <li key={d.id} className="card" data-testid="document">
          <span className="badge">{t(`documents.kinds.${d.kind}`)}</span> <strong>{d.title}</strong> <small>{toDisplayDate(d.created_at)}</small>{' '}
          <button className="btn ghost" onClick={() => download(d.download_url).catch(showError)}>
            {t('documents.download')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** `/documents`: documents and certificates to download; `/upload`: the student's own uploads (5 MB each). */
export default function Documents() {
  const { t } = useTranslation();
  const upload = useLocation().pathname === '/upload';
  const [progress, setProgress] = useState<number>();
  const showError = useErrorToast();
  const showSuccess = useSuccessToast();
  const { data: list, error, retry, reload } = useLoad((signal) => api<StudentDocuments>(upload ? '/api/document/showUploadDocument' : '/api/documents', { signal }).then((r) => r.data), [upload]);
  async function send(files: File[]) {
    const body: Record<string, File> = {};
    [...files].forEach((f, i) => (body[`file${i + 1}`] = f));
    setProgress(0);
    try {
      await api('/api/document', { method: 'POST', body, onUploadProgress: setProgress });
      showSuccess(t('documents.done'));
      reload();
    } catch (e) {
      showError(e);
    } finally {
      setProgress(undefined);
    }
  }
  return (
    <section>
      <h1>{t(upload ? 'titles.upload' : 'titles.documents')}</h1>
      {upload && (
        <div className="card section">
          <div className="field">
            <span id="document-input-label">{t('documents.choose')}</span>
            <FileButton multiple accept=".pdf,.jpg,.jpeg,.png,.doc,.docx" testId="document-input" describedBy="document-input-label" onFiles={(files) => void send(files)} />
          </div>
          {progress !== undefined && (
            <div
              className="progress"
              role="progressbar"
              aria-label={t('profile.uploading', { p: Math.round(progress * 100) })}
              aria-valuenow={Math.round(progress * 100)}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div style={{ width: `${progress * 100}%` }} />
            </div>
          )}
        </div>
      )}
      {upload && <h2>{t('documents.uploaded')}</h2>}
      {error ? <ErrorState error={error} retry={retry} /> : list ? <DocList list={list} /> : <Loading />}
    </section>
  );
}
