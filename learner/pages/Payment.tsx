import { useTranslation } from 'react-i18next';
import { api } from '../../common/api/client.ts';
import type { MyPlans, Price, PriceList } from '../../common/api/types/payments.ts';
import { download } from '../../common/api/download.ts';
import { formatMoney, formatNumber, toDisplayDate } from '../../common/format/format.ts';
import { Empty, ErrorState, Loading, useErrorToast, useLoad } from '../components/ui.tsx';
import { useClientSetting } from '../components/school.ts';

/**
 * `/payment`: the schedule of main and additional amounts with paid and unpaid items, prices and invoices, and the
 * school's terms: how long each format of study lasts (client setting 16) and the instalment plans it offers (17).
 */
export default function Payment() {
  const { t, i18n } = useTranslation();
  // a price's name in the viewer's language: its program's title (the English one if any) and the format's label;
  // the admin's free-text price title is in one language only
  const priceName = (pr: Price) => `${(i18n.language === 'en' && pr.program_en) || pr.program} — ${t(`school.formats.${pr.format}`, { defaultValue: pr.title })}`;
  const { data: plans, error, retry } = useLoad((signal) => api<MyPlans>('/api/dataPayment', { signal }).then((r) => r.data), []);
  // prices are an extra: without them the schedule still shows
  const { data: prices = [] } = useLoad(
    (signal) =>
      api<PriceList>('/api/price', { signal }).then(
        (r) => r.data,
        () => [] as Price[],
      ),
    [],
  );
  const durations = useClientSetting(16);
  const instalments = useClientSetting(17);
  const showError = useErrorToast();
  if (error) return <ErrorState error={error} retry={retry} />;
  if (!plans) return <Loading />;
  return (
    <section>
      <h1>{t('titles.payment')}</h1>
      {!plans.length && <Empty text={t('payment.empty')} />}
      {plans.map((p) => (
        <div key={p.id} className="card section" data-testid="payment-plan">
          <h2>{p.program}</h2>
          <p>{t('payment.plan', { months: p.months })}</p>
          <p>
            {t('payment.main')}: <span className="num">{formatMoney(p.totals.main, p.currency)}</span> · {t('payment.paid')}: {formatNumber(p.totals.main_paid)} · {t('payment.due')}:{' '}
            <strong>{formatNumber(p.totals.main_due)}</strong>
            <br />
            {t('payment.extra')}: {formatNumber(p.totals.extra)} · {t('payment.due')}: {formatNumber(p.totals.extra_due)}
          </p>
          {!!p.totals.overdue && (
            <p className="alert error" role="status" data-testid="payment-overdue">
              {t('payment.overdue_count', { n: p.totals.overdue })}
            </p>
          )}
          <div style={{ overflowX: 'auto' }}>
            <table className="table">
              <thead>
                <tr>
                  <th>{t('payment.date')}</th>
                  <th>{t('payment.amount')}</th>
                  <th>{t('payment.status')}</th>
                </tr>
              </thead>
              <tbody>
                {p.items.map((i) => (
                  <tr key={i.id} data-testid="payment-item" className={i.paid ? 'paid' : i.overdue ? 'overdue' : ''}>
                    <td className="num">{toDisplayDate(i.due_date)}</td>
                    <td>
                      <span className="num">{formatMoney(i.amount, i.currency)}</span> {i.kind === 'extra' && `(${t('payment.extra').toLowerCase()})`}
                    </td>
                    <td>
                      {t(i.paid ? 'payment.paid' : 'payment.unpaid')}
                      {i.overdue && (
                        <>
                          {' '}
                          <span className="badge overdue" data-testid="payment-overdue-mark">
                            {t('payment.overdue')}
                          </span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
      {prices.length > 0 && (
        <div className="card section">
          <h2>{t('payment.prices')}</h2>
          <ul className="items">
            {prices.map((pr) => (
              <li key={pr.id}>
                {priceName(pr)}: <strong className="num">{formatMoney(pr.amount, pr.currency)}</strong>{' '}
                <button
                  className="btn ghost"
                  data-testid="invoice"
                  onClick={() => download('/api/document/generation/schet', { query: { program_store: pr.id, format: pr.format, curr: pr.currency } }).catch(showError)}
                >
                  {t('payment.invoice')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {(!!durations?.length || !!instalments?.length) && (
        <div className="card section" data-testid="school-terms">
          <h2>{t('school.terms')}</h2>
          {!!durations?.length && (
            <>
              <h3 style={{ fontSize: 16, margin: '8px 0 4px' }}>{t('school.durations')}</h3>
              <ul className="items" data-testid="learning-durations">
                {durations.map((d) => (
                  <li key={d.format}>{t('school.duration', { format: t(`school.formats.${d.format}`, { defaultValue: d.format }), months: d.months })}</li>
                ))}
              </ul>
            </>
          )}
          {!!instalments?.length && <p data-testid="instalment-plans">{t('school.instalments', { list: instalments.join(', ') })}</p>}
        </div>
      )}
    </section>
  );
}
