import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import type { CuratorList } from '../../../common/api/types/networking.ts';
import { download } from '../../../common/api/download.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { profileAtom } from '../../state.ts';
import { Empty, ErrorState, Loading, useErrorToast, useLoad } from '../../components/ui.tsx';
import { INDUSTRIES, LABOR, one, type Page, STATUSES, type Status } from './model.ts';
import { Choice, LaborBadges, NetworkingPager } from './parts.tsx';

/** `/networking/curator` (moderators): the school's members whatever their status, filters and the Excel export. */
export function NetworkingCurator() {
  const { t } = useTranslation();
  const profile = useAtomValue(profileAtom);
  const showError = useErrorToast();
  const [draft, setDraft] = useState({ q: '', status: '', industry: '', labor_market: '' });
  const [query, setQuery] = useState(draft);
  const [page, setPage] = useState(1);
  const params = { q: query.q.trim() || undefined, status: one(query.status), industry: one(query.industry), labor_market: one(query.labor_market) };
  const { data, error, retry } = useLoad((signal) => api<CuratorList>('/admin/networking/curator', { signal, query: { ...params, page, per_page: 20 } }), [query, page]);
  const domain = (profile as { domain?: string } | null | undefined)?.domain ?? window.location.hostname.split('.')[0];
  return (
    <section data-testid="networking-curator">
      <h1>{t('networking.curator_title')}</h1>
      <form className="card section" role="search" onSubmit={(e) => (e.preventDefault(), setPage(1), setQuery({ ...draft }))}>
        <div className="grid2">
          <div className="field">
            <label htmlFor="nwc-q">{t('networking.search')}</label>
            <input id="nwc-q" type="search" maxLength={200} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} placeholder={t('networking.search_placeholder')} />
          </div>
          <div className="field">
            <label htmlFor="nwc-status">{t('networking.status')}</label>
            <select id="nwc-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
              <option value="">{t('networking.any')}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`networking.statuses.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <Choice id="industry" value={draft.industry} options={INDUSTRIES} prefix="industries" empty="any" onChange={(v) => setDraft({ ...draft, industry: v ?? '' })} />
          <div className="field">
            <label htmlFor="nwc-labor">{t('networking.labor_title')}</label>
            <select id="nwc-labor" value={draft.labor_market} onChange={(e) => setDraft({ ...draft, labor_market: e.target.value })}>
              <option value="">{t('networking.any')}</option>
              {LABOR.map((l) => (
                <option key={l} value={l}>
                  {t(`networking.labor.${l}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button className="btn" type="submit">
          {t('networking.find')}
        </button>{' '}
        <button className="btn ghost" type="button" onClick={() => download('/admin/networking/curator/export', { query: params }).catch(showError)}>
          {t('networking.export')}
        </button>
      </form>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !data ? (
        <Loading />
      ) : !data.data.length ? (
        <Empty text={t('networking.curator_empty')} />
      ) : (
        <>
          <p>{t('networking.found', { n: formatNumber(data.meta.total) })}</p>
          <div style={{ overflowX: 'auto' }}>
            <table className="table">
              <thead>
                <tr>
                  <th>{t('networking.fields.name')}</th>
                  <th>{t('networking.status')}</th>
                  <th>{t('networking.fields.company')}</th>
                  <th>{t('networking.fields.industry')}</th>
                  <th>{t('networking.labor_title')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/networking/curator/${domain}/${r.id}`}>
                        {r.surname} {r.name}
                      </Link>
                      <br />
                      {/* a marketplace learner account: its buyer's school, not its made-up address */}
                      <small>{r.buyer_school ? t('networking.buyer_of', { school: r.buyer_school }) : r.email}</small>
                    </td>
                    <td>
                      <span className="badge">{t(`networking.statuses.${r.status}`)}</span>
                    </td>
                    <td>{[r.position, r.company].filter(Boolean).join(', ')}</td>
                    <td>{r.industry ? t(`networking.industries.${r.industry}`) : ''}</td>
                    <td>
                      <LaborBadges c={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <NetworkingPager meta={data.meta} onPage={setPage} />
        </>
      )}
    </section>
  );
}
