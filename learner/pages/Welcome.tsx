import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { api } from '../../common/api/client.ts';
import type { MeAnswer } from '../../common/api/types/accounts.ts';
import { isDemo } from '../../common/auth/session.ts';
import { profileAtom } from '../state.ts';

/** First-visit welcome for a user whose profile lacks `is_start`; shown once, then marked on the server. */
export function Welcome() {
  const { t } = useTranslation();
  const [profile, setProfile] = useAtom(profileAtom);
  if (!profile || profile.is_start || isDemo()) return null;
  async function start() {
    setProfile({ ...profile!, is_start: new Date().toISOString() });
    try {
      setProfile((await api<MeAnswer>('/api/user', { method: 'PUT', body: { is_start: true } })).data);
    } catch {
      /* shown once in this session anyway */
    }
  }
  return (
    <div className="modal-back" role="dialog" aria-modal="true" aria-labelledby="welcome-title">
      <div className="card">
        <h2 id="welcome-title">{t('welcome.title', { name: profile.name })}</h2>
        {/* each role is told what the portal holds for it: a curator is not addressed as a student */}
        <p data-testid="welcome-text">{t(profile.roles[0] && profile.roles[0] !== 'student' ? `welcome.roles.${profile.roles[0]}` : 'welcome.text')}</p>
        <button className="btn" data-testid="welcome-start" onClick={() => void start()}>
          {t('welcome.start')}
        </button>
      </div>
    </div>
  );
}
