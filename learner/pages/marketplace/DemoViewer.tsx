import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { getToken } from '../../../common/auth/session.ts';
import { describeError } from '../../../common/errors/wording.ts';
import { getLang } from '../../../common/i18n/lang.ts';
import { apiBaseUrl, currentTenant } from '../../../common/tenant/tenant.ts';
import { foreignHtml, foreignLink } from '../../../common/html/foreign-html.ts';
import { Loading, useLoad } from '../../components/ui.tsx';
import type { DemoMaterial } from '../../../common/api/types/marketplace.ts';

/**
 * One material of a published program, opened before purchase (`GET /api/marketplace/demo/{mediaId}/view`): its video
 * (streamed with the token in the address), its text (another school's: cleaned again here) and its link. A material
 * that is not a demo answers the catalogue's refusal, shown in its place. The program's page and `/marketplace/{id}/demo`
 * both show it.
 */
export function DemoViewer({ programId, mediaId, onClose }: { programId: string; mediaId: number; onClose?: () => void }) {
  const { t } = useTranslation();
  const { data: view, error } = useLoad((signal) => api<DemoMaterial>(`/api/marketplace/demo/${mediaId}/view`, { query: { program_id: programId }, signal }).then((r) => r.data), [programId, mediaId]);
  const videoSrc = `${apiBaseUrl()}/api/marketplace/video?program_id=${programId}&media_id=${mediaId}&access_token=${encodeURIComponent(getToken() ?? '')}&domain=${currentTenant()}`;
  const d = error ? describeError(error, getLang()) : undefined;
  return (
    <section className="card section" aria-live="polite" data-testid="market-demo-viewer">
      <h2>
        {t('market.demo_viewer')}
        {view ? `: ${view.title}` : ''}
      </h2>
      {d ? (
        <div className="alert error" role="alert" data-testid="market-demo-error">
          {`${d.title}. ${d.text}`}
        </div>
      ) : !view ? (
        <Loading />
      ) : (
        <>
          {view.video && <video controls preload="metadata" src={videoSrc} style={{ width: '100%', maxHeight: 360 }} data-testid="market-demo-video" />}
          {/* another school's text: cleaned by the server, and again here (common/html/foreign-html.ts) */}
          {view.body && <div data-testid="market-demo-body" dangerouslySetInnerHTML={{ __html: foreignHtml(view.body) }} />}
          {foreignLink(view.url) && (
            <a href={foreignLink(view.url)} target="_blank" rel="noreferrer noopener">
              {t('market.open_link')}
            </a>
          )}
        </>
      )}
      {onClose && (
        <button className="btn ghost" onClick={onClose}>
          {t('close')}
        </button>
      )}
    </section>
  );
}
