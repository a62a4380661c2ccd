import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../common/auth/session.ts';
import { apiBaseUrl, currentTenant } from '../../../common/tenant/tenant.ts';
import { Pager } from '../../components/Pager.tsx';
import { type Card, LABOR, type Page } from './model.ts';

/** Pieces the networking screens share: a member's avatar, the pager, the labour-market badges, a select of choices. */

/**
 * A member's avatar (any school: the server serves it only to a viewer who may see the member), or their initials.
 * An <img> sends no header, so the token and the viewer's school go in the query (as the marketplace's video).
 */
export function Avatar({ m, size = 48 }: { m: Pick<Card, 'avatar' | 'name' | 'surname'>; size?: number }) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const;
  if (m.avatar && !failed) {
    const src = `${apiBaseUrl()}${m.avatar}${m.avatar.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(getToken() ?? '')}&domain=${currentTenant()}`;
    return <img src={src} alt="" style={{ ...box, objectFit: 'cover' }} onError={() => setFailed(true)} data-testid="networking-avatar" />;
  }
  const initials = `${m.name?.[0] ?? ''}${m.surname?.[0] ?? ''}`.toUpperCase();
  return (
    <span aria-hidden style={{ ...box, display: 'inline-grid', placeItems: 'center', background: 'var(--border)', fontWeight: 600, fontSize: size / 2.6 }}>
      {initials}
    </span>
  );
}

/** The pager of the search and the curator list, named by its position. */
export function NetworkingPager({ meta, onPage }: { meta: Page['meta']; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Pager
      page={meta.current_page}
      last={meta.last_page}
      label={t('networking.page', { page: meta.current_page, last: meta.last_page })}
      prev={t('networking.prev')}
      next={t('networking.next')}
      onPage={onPage}
    />
  );
}

export function LaborBadges({ c }: { c: Pick<Card, 'looking_job' | 'looking_employee' | 'is_hire' | 'is_owner'> }) {
  const { t } = useTranslation();
  return (
    <>
      {LABOR.filter((l) => c[l]).map((l) => (
        <span key={l} className="badge ok">
          {t(`networking.labor.${l}`)}
        </span>
      ))}
    </>
  );
}

export function Choice({
  id,
  value,
  options,
  prefix,
  onChange,
  empty = 'none',
}: {
  id: string;
  value: string | null | undefined;
  options: readonly string[];
  prefix: string;
  onChange: (v: string | null) => void;
  empty?: 'none' | 'any';
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={`nw-${id}`}>{t(`networking.fields.${id}`)}</label>
      <select id={`nw-${id}`} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t(`networking.${empty}`)}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`networking.${prefix}.${o}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
