import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api } from '../../../common/api/client.ts';
import { formatMoney } from '../../../common/format/format.ts';
import { ErrorState, Loading, useErrorToast, useLoad, useSuccessToast } from '../../components/ui.tsx';
import type { Price } from './model.ts';
import type { PurchaseQuote } from '../../../common/api/types/marketplace.ts';
import { describeError, validationText } from '../../../common/errors/wording.ts';
import { getLang } from '../../../common/i18n/lang.ts';
import { useFocusFirstError } from '../../components/focus-error.ts';

export function Checkout({ programId, price, onClose, onBought }: { programId: string; price: Price; onClose: () => void; onBought: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toastError = useErrorToast();
  const toastOk = useSuccessToast();
  const [busy, setBusy] = useState(false);
  const { data, error, retry } = useLoad(
    (signal) => api<PurchaseQuote>(`/api/marketplace/buyProgram/${programId}`, { query: { format: price.format, curr: price.currency }, signal }).then((r) => r.data),
    [programId, price.id],
  );
  const [company, setCompany] = useState<{ name: string; inn: string; kpp: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstError(errors);
  /** The company form's own checks, in the product's words (the form is `noValidate`: no browser bubble). */
  function checkCompany(c: { name: string; inn: string; kpp: string }) {
    const lang = getLang();
    const out: Record<string, string> = {};
    if (!c.name.trim()) out['company.name'] = validationText('validation.required', lang);
    if (!c.inn.trim()) out['company.inn'] = validationText('validation.required', lang);
    else if (!/^([0-9]{10}|[0-9]{12})$/.test(c.inn.trim())) out['company.inn'] = t('market.inn_format');
    if (c.kpp.trim() && !/^[0-9]{9}$/.test(c.kpp.trim())) out['company.kpp'] = t('market.kpp_format');
    return out;
  }
  const invalid = (k: string) => (errors[k] ? { 'aria-invalid': true, 'aria-describedby': `${k.replace('.', '-')}-error` } : { 'aria-invalid': false });
  const message = (k: string) =>
    errors[k] && (
      <span className="error" role="alert" id={`${k.replace('.', '-')}-error`}>
        {errors[k]}
      </span>
    );
  async function buy(method: 'wallet' | 'instalments' | 'invoice', months?: number) {
    if (method === 'invoice' && company) {
      const errs = checkCompany(company);
      setErrors(errs);
      if (Object.keys(errs).length) return;
    }
    setBusy(true);
    try {
      const legal = method === 'invoice' && company ? { company: { name: company.name, inn: company.inn, ...(company.kpp ? { kpp: company.kpp } : {}) } } : {};
      await api(`/api/marketplace/buyProgram/${programId}`, { method: 'POST', body: { format: price.format, curr: price.currency, method, ...(months ? { months } : {}), ...legal } });
      toastOk(t('market.bought_ok'));
      onBought();
      navigate('/my_lms');
    } catch (err) {
      // the server's field errors (company.inn, …) beside their fields
      setErrors(describeError(err, getLang()).fields);
      toastError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="card section" aria-labelledby="m-checkout" data-testid="market-checkout">
      <h2 id="m-checkout">{t('market.checkout')}</h2>
      {error ? (
        <ErrorState error={error} retry={retry} />
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <p>
            {t('market.to_pay')}: <strong data-testid="market-to-pay">{formatMoney(data.amount, data.currency)}</strong> ({t(`market.formats.${data.format}`)})
          </p>
          <p>
            {t('market.wallet_balance')}: <strong data-testid="market-balance">{formatMoney(data.wallet_balance, data.currency)}</strong>
          </p>
          {/* a short wallet: the button is off before any click, and says why (not a 409 INSUFFICIENT_FUNDS after it) */}
          {!data.can_pay_by_wallet && (
            <p className="alert error" role="alert" id="m-wallet-short" data-testid="market-wallet-short">
              {t('market.short_wallet', { balance: formatMoney(data.wallet_balance, data.currency), amount: formatMoney(data.amount, data.currency) })}
            </p>
          )}
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <button
              className="btn"
              disabled={busy || !data.can_pay_by_wallet}
              aria-describedby={data.can_pay_by_wallet ? undefined : 'm-wallet-short'}
              onClick={() => void buy('wallet')}
              data-testid="market-pay-wallet"
            >
              {t('market.pay_wallet')}
            </button>
            {data.instalment_months.map((n) => (
              <button key={n} className="btn ghost" disabled={busy} onClick={() => void buy('instalments', n)} data-testid={`market-instalments-${n}`}>
                {t('market.instalments', { n })}
              </button>
            ))}
            <button className="btn ghost" disabled={busy} onClick={() => setCompany(company ? null : { name: '', inn: '', kpp: '' })} data-testid="market-legal">
              {t('market.legal')}
            </button>
            <button className="btn ghost" onClick={onClose}>
              {t('cancel')}
            </button>
          </div>
          {company && (
            <form
              ref={formRef}
              noValidate
              className="section"
              onSubmit={(e) => {
                e.preventDefault();
                void buy('invoice');
              }}
              aria-label={t('market.legal')}
            >
              <div className="grid2">
                <div className="field">
                  <label htmlFor="m-company">{t('market.company')}</label>
                  <input id="m-company" {...invalid('company.name')} maxLength={255} value={company.name} onChange={(e) => setCompany({ ...company, name: e.target.value })} />
                  {message('company.name')}
                </div>
                <div className="field">
                  <label htmlFor="m-inn">{t('market.inn')}</label>
                  <input id="m-inn" {...invalid('company.inn')} inputMode="numeric" value={company.inn} onChange={(e) => setCompany({ ...company, inn: e.target.value })} />
                  {message('company.inn')}
                </div>
                <div className="field">
                  <label htmlFor="m-kpp">{t('market.kpp')}</label>
                  <input id="m-kpp" {...invalid('company.kpp')} maxLength={9} inputMode="numeric" value={company.kpp} onChange={(e) => setCompany({ ...company, kpp: e.target.value })} />
                  {message('company.kpp')}
                </div>
              </div>
              <p>
                <small>{t('market.invoice_hint')}</small>
              </p>
              <button className="btn" type="submit" disabled={busy} data-testid="market-invoice">
                {t('market.get_invoice')}
              </button>
            </form>
          )}
          {!!data.instalment_months.length && (
            <p>
              <small>{t('market.instalments_hint')}</small>
            </p>
          )}
        </>
      )}
    </section>
  );
}
