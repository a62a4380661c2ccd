import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import type { MyRecordData } from '../../../common/api/types/networking.ts';
import { ErrorState, Loading, useLoad } from '../../components/ui.tsx';
import type { Record_ } from './model.ts';
import { MyProfile } from './MyProfile.tsx';
import { Search } from './Search.tsx';

/** `/networking`: my profile and status, and the search. */
export default function Networking() {
  const { t } = useTranslation();
  const { data: me, error, retry, reload } = useLoad((signal) => api<MyRecordData>('/api/networking', { signal }).then((r) => r.data), []);
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!me) return <Loading />;
  return (
    <section data-testid="networking">
      <h1>{t('networking.title')}</h1>
      <MyProfile me={me} onSaved={reload} />
      {me.status === 'off' ? (
        <div className="card section" role="status" data-testid="networking-off">
          {t('networking.off_notice')}
        </div>
      ) : (
        <Search key={me.status} />
      )}
    </section>
  );
}
