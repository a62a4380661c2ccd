import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, type ApiError } from '../../../common/api/client.ts';
import type { MemberAnswer } from '../../../common/api/types/networking.ts';
import { getLang } from '../../../common/i18n/lang.ts';
import { profileAtom } from '../../state.ts';
import { Empty, ErrorState, Loading, useLoad } from '../../components/ui.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { type Card, cityOf } from './model.ts';
import { Avatar, LaborBadges } from './parts.tsx';
import { Tree } from './Tree.tsx';

type MemberPage = MemberAnswer['data'];
/** Who opens a marketplace program's page (learner/routes.ts, /marketplace/:id). */
const MARKET_ROLES = new Set(['student', 'admin', 'superadmin']);
const TABS = ['general', 'contacts', 'education', 'about', 'additionally', 'catalog', 'tree'] as const;

/** `/networking/:domain/:id` and `/networking/curator/:domain/:id` (curators read it from the back office's route). */
export function NetworkingMember({ curator = false }: { curator?: boolean }) {
  const { domain, id } = useParams();
  if (!domain || !id || !/^\d+$/.test(id) || !/^[a-z0-9][a-z0-9-]{0,62}$/.test(domain)) return <NotFound />;
  return <MemberView key={`${domain}/${id}`} domain={domain} id={id} curator={curator} />;
}

export function CuratorMember() {
  return <NetworkingMember curator />;
}

function MemberView({ domain, id, curator }: { domain: string; id: string; curator: boolean }) {
  const { t } = useTranslation();
  const profile = useAtomValue(profileAtom);
  const [tab, setTab] = useState<(typeof TABS)[number]>('general');
  const {
    data: m,
    error,
    retry,
  } = useLoad((signal) => api<MemberAnswer>(curator ? `/admin/networking/curator/${domain}/${id}` : `/api/user/networking/${domain}/${id}`, { signal }).then((r) => r.data), [domain, id, curator]);
  if (error) return (error as ApiError).status === 404 ? <NotFound /> : <ErrorState error={error} retry={retry} />;
  if (!m) return <Loading />;
  const tabs = TABS.filter((x) => !(curator && x === 'tree'));
  const text = (v: string | null | undefined) => v || <small>{t('networking.nothing')}</small>;
  return (
    <article data-testid="networking-member">
      <Link to={curator ? '/networking/curator' : '/networking'}>← {curator ? t('networking.curator_title') : t('networking.back')}</Link>
      <h1 style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Avatar m={m} size={72} />
        <span>
          {m.name} {m.surname} {profile?.id === m.id && domain === m.domain && <small>({t('networking.you')})</small>}
        </span>
      </h1>
      <p>
        {[m.position, m.company].filter(Boolean).join(', ')} · {m.school}
      </p>
      <div role="tablist" aria-label={t('networking.member_title')} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 12 }}>
        {tabs.map((x) => (
          <button key={x} role="tab" id={`nw-tab-${x}`} aria-selected={tab === x} aria-controls="nw-panel" className={`btn${tab === x ? '' : ' ghost'}`} onClick={() => setTab(x)}>
            {t(`networking.tabs.${x}`)}
          </button>
        ))}
      </div>
      <div className="card" role="tabpanel" id="nw-panel" aria-labelledby={`nw-tab-${tab}`}>
        {tab === 'general' && (
          <dl>
            <dt>{t('networking.fields.company')}</dt>
            <dd>{text(m.company)}</dd>
            <dt>{t('networking.fields.position')}</dt>
            <dd>{text(m.position)}</dd>
            <dt>{t('networking.fields.industry')}</dt>
            <dd>{m.industry ? t(`networking.industries.${m.industry}`) : text(null)}</dd>
            <dt>{t('networking.fields.city')}</dt>
            <dd>{text(cityOf(m))}</dd>
            <dt>{t('networking.fields.school')}</dt>
            <dd>{m.school}</dd>
            {m.buyer_school && (
              <>
                <dt>{t('networking.fields.buyer_school')}</dt>
                <dd data-testid="networking-buyer-school">{t('networking.buyer_of', { school: m.buyer_school })}</dd>
              </>
            )}
            <dt>{t('networking.labor_title')}</dt>
            <dd>
              <LaborBadges c={m} />
            </dd>
          </dl>
        )}
        {tab === 'contacts' &&
          (Object.keys(m.contacts).length ? (
            <dl data-testid="networking-contacts">
              {m.contacts.email && (
                <>
                  <dt>{t('networking.contacts.email')}</dt>
                  <dd>
                    <a href={`mailto:${m.contacts.email}`}>{m.contacts.email}</a>
                  </dd>
                </>
              )}
              {m.contacts.phone && (
                <>
                  <dt>{t('networking.contacts.phone')}</dt>
                  <dd>
                    <a href={`tel:${m.contacts.phone}`}>{m.contacts.phone}</a>
                  </dd>
                </>
              )}
              {m.contacts.telegram && (
                <>
                  <dt>{t('networking.contacts.telegram')}</dt>
                  <dd>{m.contacts.telegram}</dd>
                </>
              )}
              {m.contacts.social && (
                <>
                  <dt>{t('networking.contacts.social')}</dt>
                  <dd>
                    {Object.entries(m.contacts.social).map(([k, v]) => (
                      <div key={k}>
                        {k}: {v}
                      </div>
                    ))}
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <Empty text={t('networking.no_contacts')} />
          ))}
        {tab === 'education' && (
          <dl>
            <dt>{t('networking.fields.education')}</dt>
            <dd>{text(m.education.education)}</dd>
            <dt>{t('networking.fields.groups')}</dt>
            <dd>{m.education.groups.length ? m.education.groups.join(', ') : text(null)}</dd>
          </dl>
        )}
        {tab === 'about' && (
          <dl>
            <dt>{t('networking.fields.about')}</dt>
            <dd style={{ whiteSpace: 'pre-wrap' }}>{text(m.about.about)}</dd>
            <dt>{t('networking.fields.skills')}</dt>
            <dd>{text(m.about.skills)}</dd>
            <dt>{t('networking.fields.interests')}</dt>
            <dd>{text(m.about.interests)}</dd>
            <dt>{t('networking.fields.hobbies')}</dt>
            <dd>{text(m.about.hobbies)}</dd>
          </dl>
        )}
        {tab === 'additionally' && (
          <dl>
            <dt>{t('networking.fields.marital_status')}</dt>
            <dd>{m.additionally.marital_status ? t(`networking.marital.${m.additionally.marital_status}`) : text(null)}</dd>
            <dt>{t('networking.fields.pet')}</dt>
            <dd>{text(m.additionally.pet)}</dd>
            <dt>{t('networking.fields.native_language')}</dt>
            <dd>{m.additionally.native_language ? t(`networking.languages.${m.additionally.native_language}`, { defaultValue: m.additionally.native_language }) : text(null)}</dd>
            <dt>{t('networking.fields.additionally')}</dt>
            <dd style={{ whiteSpace: 'pre-wrap' }}>{text(m.additionally.additionally)}</dd>
          </dl>
        )}
        {tab === 'catalog' &&
          (m.catalog.length ? (
            <ul data-testid="networking-catalog">
              {m.catalog.map((p) => {
                const name = getLang() === 'en' ? (p.title_en ?? p.title) : p.title;
                return (
                  <li key={p.id}>
                    {profile && MARKET_ROLES.has(profile.roles?.[0] ?? '') ? <Link to={`/marketplace/${p.id}`}>{name}</Link> : name}{' '}
                    <small>
                      · {p.school.title} · {t(`networking.catalog_role.${p.role}`)}
                    </small>
                    {p.short_description && <div>{p.short_description}</div>}
                  </li>
                );
              })}
            </ul>
          ) : (
            <Empty text={t('networking.no_catalog')} />
          ))}
        {tab === 'tree' && <Tree domain={domain} id={id} />}
      </div>
    </article>
  );
}
