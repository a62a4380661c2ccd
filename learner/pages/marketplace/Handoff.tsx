import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { STORAGE_KEYS, storage } from '../../../common/storage.ts';
import { Loading } from '../../components/ui.tsx';
import type { HandoffSession } from '../../../common/api/types/marketplace.ts';

/** `/marketplace/handoff#<code>` on the selling school's domain: exchanges the one-time code for a session there. */
export function Handoff() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const code = decodeURIComponent(window.location.hash.slice(1));
    if (!code) {
      setFailed(true);
      return;
    }
    history.replaceState(null, '', window.location.pathname); // the code leaves the address bar at once
    api<HandoffSession>('/api/marketplace/handoff', { method: 'POST', body: { code } }).then(
      (r) => {
        storage.set(STORAGE_KEYS.token, r.access_token);
        storage.set(STORAGE_KEYS.refreshToken, r.refresh_token);
        window.location.replace(`/courses/${r.program_id}`);
      },
      () => setFailed(true),
    );
  }, []);
  return (
    <div className="card" data-testid="market-handoff">
      <h1>{t('market.handoff_title')}</h1>
      {failed ? (
        <div className="alert error" role="alert">
          {t('market.handoff_failed')}
        </div>
      ) : (
        <Loading />
      )}
      {!failed && <p>{t('market.handoff_wait')}</p>}
    </div>
  );
}
