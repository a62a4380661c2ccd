import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useTitle } from './ui.tsx';

/** The page no longer exists; retry later or go back. Shown for unknown paths and for 404 answers. */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useTitle('titles.not_found');
  return (
    <div className="center" data-testid="not-found">
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.text')}</p>
      <p style={{ display: 'flex', gap: 12, justifyContent: 'center' }}>
        <button className="btn ghost" onClick={() => navigate(-1)}>
          {t('back')}
        </button>
        <Link className="btn" to="/">
          {t('not_found.home')}
        </Link>
      </p>
    </div>
  );
}
