import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { download } from '../../../common/api/download.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../../common/format/format.ts';
import { ErrorState, Loading, useErrorToast, useLoad } from '../../components/ui.tsx';
import type { HandoffCode, MyPurchases, MyWallet } from '../../../common/api/types/marketplace.ts';

/** The seller's portal address: the first label of this host replaced by the seller's school. */
function schoolOrigin(domain: string) {
  const labels = location.hostname.split('.');
  const base = labels.length > 1 ? labels.slice(1).join('.') : location.hostname;
  return `${location.protocol}//${domain}.${base}${location.port ? `:${location.port}` : ''}`;
}

/** `/my_lms`: the programs the student bought, progress, what is left to pay, and the wallet. */
export function MyLms() {
  const { t } = useTranslation();
  const toastError = useErrorToast();
  const { data, error, retry } = useLoad((signal) => api<MyPurchases>('/api/marketplace/user', { signal }).then((r) => r.data), []);
  const { data: wallet } = useLoad((signal) => api<MyWallet>('/api/marketplace/wallet', { signal }).then((r) => r.data), []);
  async function study(b: MyPurchases['data'][number]) {
    try {
      const r = await api<HandoffCode>(`/api/marketplace/purchase/${b.id}/open`, { method: 'POST' });
      window.location.assign(`${schoolOrigin(r.data.domain)}/marketplace/handoff#${encodeURIComponent(r.data.code)}`);
    } catch (err) {
      toastError(err);
    }
  }
  return (
    <section data-testid="my-lms">
      <h1>{t('market.my_title')}</h1>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !data ? (
        <Loading />
      ) : !data.length ? (
        <div className="center">
          <p>{t('market.my_empty')}</p>
          <Link className="btn" to="/marketplace">
            {t('market.to_catalogue')}
          </Link>
        </div>
      ) : (
        <div className="cards">
          {data.map((b) => (
            <article key={b.id} className="card" data-testid="my-lms-item">
              <h2 style={{ fontSize: 18, overflowWrap: 'anywhere' }}>{b.program_title}</h2>
              <small>{t('market.by_school', { school: b.school })}</small>
              <p>
                {formatMoney(b.amount, b.currency)} · {t(`market.method.${b.method}`)} · {t(`market.status.${b.status}`)}
              </p>
              {b.progress && (
                <p>
                  <progress max={100} value={b.progress.percent} aria-label={t('market.progress', { p: formatNumber(b.progress.percent) })} />{' '}
                  {t('market.progress', { p: formatNumber(b.progress.percent) })}
                </p>
              )}
              <p>{b.left_to_pay > 0 ? t('market.left_to_pay', { sum: formatMoney(b.left_to_pay, b.currency) }) : <span className="badge ok">{t('market.paid')}</span>}</p>
              {b.status === 'active' && (
                <button className="btn" onClick={() => void study(b)} data-testid="my-lms-study">
                  {t('market.study')}
                </button>
              )}
              {b.method === 'invoice' && (
                <button className="btn ghost" onClick={() => void download(`/api/marketplace/purchase/${b.id}/invoice`).catch(toastError)} data-testid="my-lms-invoice">
                  {t('market.download_invoice')}
                </button>
              )}
            </article>
          ))}
        </div>
      )}
      <section className="card section" aria-labelledby="m-wallet" data-testid="my-wallet">
        <h2 id="m-wallet">{t('market.wallet')}</h2>
        {!wallet ? (
          <Loading />
        ) : !wallet.wallets.length ? (
          <p>{t('market.wallet_empty')}</p>
        ) : (
          <>
            <p>
              {wallet.wallets.map((w) => (
                <strong key={w.currency} style={{ marginRight: 16 }}>
                  {formatMoney(w.balance, w.currency)}
                </strong>
              ))}
            </p>
            <h3>{t('market.ledger')}</h3>
            <ul>
              {wallet.entries.map((e) => (
                <li key={e.id}>
                  {formatDateTime(e.created_at)} ·{' '}
                  <strong>
                    {e.amount > 0 ? '+' : ''}
                    {formatMoney(e.amount, e.currency)}
                  </strong>{' '}
                  · {e.reason}
                  {e.by ? ` · ${e.by}` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </section>
  );
}
