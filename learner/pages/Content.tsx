import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import type { MediaAnswer } from '../../common/api/types/programs.ts';
import { download } from '../../common/api/download.ts';
import { getToken } from '../../common/auth/session.ts';
import { apiBaseUrl, currentTenant } from '../../common/tenant/tenant.ts';
import { ErrorState, Loading, useErrorToast, useLoad } from '../components/ui.tsx';
import { ProjectSubmission } from './Project.tsx';
import { LtiLaunch } from './lti/LtiLaunch.tsx';
import { ScormPlayer } from './scorm/Player.tsx';
import { useVideoProgress } from './video-progress.ts';

/**
 * A material: a video streamed with range requests (the browser seeks by itself), text, a link, a file or a SCORM
 * package (played full-window by `scorm/Player.tsx`).
 * The video element cannot send headers, so the token and school travel in the query of the stream URL.
 */
export default function Content() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: m, error, retry } = useLoad(() => api<MediaAnswer>(`/api/media/${id}`).then((r) => r.data), [id]);
  const showError = useErrorToast();
  const video = useRef<HTMLVideoElement>(null);
  useVideoProgress(video, m?.stream_url ? m.id : undefined);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!m) return <Loading />;
  const streamSrc = m.stream_url ? `${apiBaseUrl()}${m.stream_url}&access_token=${encodeURIComponent(getToken() ?? '')}&domain=${currentTenant()}` : undefined;
  return (
    <section>
      <h1>{m.title}</h1>
      {streamSrc && (
        <video ref={video} data-testid="video" controls preload="metadata" src={streamSrc} style={{ width: '100%', maxHeight: '70vh', background: '#000' }}>
          {t('content.no_video')}
        </video>
      )}
      {/* the body is written by the school's staff and sanitised on the server */}
      {m.body && <div className="card section" dangerouslySetInnerHTML={{ __html: m.body }} />}
      {m.url && m.kind !== 'lti' && (
        <p>
          <a className="btn" href={m.url} target="_blank" rel="noreferrer noopener">
            {t('content.open_link')}
          </a>
        </p>
      )}
      {m.kind === 'project' && <ProjectSubmission mediaId={m.id} />}
      {m.kind === 'lti' && <LtiLaunch mediaId={m.id} />}
      {m.kind === 'scorm' && <ScormPlayer mediaId={m.id} title={m.title} />}
      {m.file_url && (
        <p>
          <button className="btn" onClick={() => download(m.file_url!).catch(showError)}>
            {t('content.download')}
          </button>
        </p>
      )}
    </section>
  );
}
