import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { formatDateTime, formatMoney } from '../../common/format/format.ts';
import { CURRENCIES } from '../../common/payments/terms.ts';
import { Empty, ErrorState, Loading, useErrorToast, useLoad, useSuccessToast } from '../components/ui.tsx';
import { useFocusFirstError } from '../components/focus-error.ts';
import { describeError, validationText } from '../../common/errors/wording.ts';
import { getLang } from '../../common/i18n/lang.ts';
import type { CataloguePage, StudentRequests } from '../../common/api/types/marketplace.ts';

/** `/marketplace/found_cheaper` (docs/marketplace.md): report a lower price seen elsewhere; my reports and the answers. */

export default function FoundCheaper() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const toastError = useErrorToast();
  const toastOk = useSuccessToast();
  const programs = useLoad((signal) => api<CataloguePage>('/api/marketplace/program', { query: { per_page: 100, sort: 'title' }, signal }).then((r) => r.data), []);
  const mine = useLoad((signal) => api<StudentRequests>('/api/marketplace/found_cheaper', { signal }).then((r) => r.data), []);
  const empty = { program_id: params.get('program') ?? '', place: '', price: '', currency: 'RUB', link: '', comment: '' };
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstError(errors);
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  /** A field's own message under it, named by the field (`aria-describedby`). */
  const invalid = (k: string) => (errors[k] ? { 'aria-invalid': true, 'aria-describedby': `fc-${k}-error` } : { 'aria-invalid': false });
  const message = (k: string) =>
    errors[k] && (
      <span className="error" role="alert" id={`fc-${k}-error`}>
        {errors[k]}
      </span>
    );

  /** The page's own checks, in the product's words (no browser bubble: the form is `noValidate`). */
  function check(): Record<string, string> {
    const lang = getLang();
    const out: Record<string, string> = {};
    if (!form.program_id) out.program_id = validationText('validation.required', lang);
    if (!form.place.trim()) out.place = validationText('validation.required', lang);
    if (!form.price.trim()) out.price = validationText('validation.required', lang);
    else if (!/^[0-9]+([.,][0-9]{1,2})?$/.test(form.price.trim()) || Number(form.price.replace(',', '.')) <= 0) out.price = validationText('validation.format', lang);
    if (form.link.trim() && !/^https?:\/\/\S+$/i.test(form.link.trim())) out.link = validationText('validation.format', lang);
    return out;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = check();
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await api('/api/marketplace/found_cheaper', {
        method: 'POST',
        body: {
          program_id: Number(form.program_id),
          place: form.place,
          price: Number(form.price.replace(',', '.')),
          currency: form.currency,
          link: form.link.trim() || null,
          comment: form.comment.trim() || null,
        },
      });
      toastOk(t('market.fc.sent'));
      setForm({ ...empty, program_id: form.program_id });
      mine.reload();
    } catch (err) {
      // the server's field errors beside their fields
      setErrors(describeError(err, getLang()).fields);
      toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section data-testid="found-cheaper">
      <p>
        <Link to="/marketplace">← {t('market.title')}</Link>
      </p>
      <h1>{t('market.fc.title')}</h1>
      <p>{t('market.fc.intro')}</p>
      <form ref={formRef} className="card section" onSubmit={(e) => void submit(e)} aria-label={t('market.fc.form')} noValidate>
        <div className="grid2">
          <div className="field">
            <label htmlFor="fc-program">{t('market.fc.program')}</label>
            {programs.error ? (
              <ErrorState error={programs.error} retry={programs.retry} />
            ) : !programs.data ? (
              <Loading />
            ) : (
              <select id="fc-program" {...invalid('program_id')} value={form.program_id} onChange={set('program_id')}>
                <option value="">—</option>
                {programs.data.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title} ({p.school.title})
                  </option>
                ))}
              </select>
            )}
            {message('program_id')}
          </div>
          <div className="field">
            <label htmlFor="fc-place">{t('market.fc.place')}</label>
            <input id="fc-place" {...invalid('place')} maxLength={255} value={form.place} onChange={set('place')} />
            {message('place')}
          </div>
          <div className="field">
            <label htmlFor="fc-price">{t('market.fc.price')}</label>
            <input id="fc-price" {...invalid('price')} inputMode="decimal" value={form.price} onChange={set('price')} />
            {message('price')}
          </div>
          <div className="field">
            <label htmlFor="fc-currency">{t('market.fc.currency')}</label>
            <select id="fc-currency" value={form.currency} onChange={set('currency')}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="fc-link">{t('market.fc.link')}</label>
            <input id="fc-link" {...invalid('link')} inputMode="url" maxLength={1000} placeholder="https://" value={form.link} onChange={set('link')} />
            {message('link')}
          </div>
          <div className="field">
            <label htmlFor="fc-comment">{t('market.fc.comment')}</label>
            <textarea id="fc-comment" {...invalid('comment')} maxLength={2000} rows={3} value={form.comment} onChange={set('comment')} />
            {message('comment')}
          </div>
        </div>
        <button className="btn" type="submit" disabled={busy} data-testid="fc-send">
          {t('market.fc.send')}
        </button>
      </form>

      <section className="section" aria-labelledby="fc-mine">
        <h2 id="fc-mine">{t('market.fc.mine')}</h2>
        {mine.error ? (
          <ErrorState error={mine.error} retry={mine.retry} />
        ) : !mine.data ? (
          <Loading />
        ) : !mine.data.length ? (
          <Empty text={t('market.fc.empty')} />
        ) : (
          <ul style={{ listStyle: 'none', padding: 0 }}>
            {mine.data.map((r) => (
              <li key={r.id} className="card section" data-testid="fc-request">
                <strong style={{ overflowWrap: 'anywhere' }}>{r.program}</strong> · {t('market.by_school', { school: r.school })}
                <div style={{ overflowWrap: 'anywhere' }}>
                  {r.place}: <strong>{formatMoney(r.price, r.currency)}</strong>
                  {r.link && (
                    <>
                      {' '}
                      ·{' '}
                      <a href={r.link} target="_blank" rel="noreferrer noopener">
                        {t('market.fc.link')}
                      </a>
                    </>
                  )}
                </div>
                {r.comment && <p style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.comment}</p>}
                <small>{formatDateTime(r.created_at)}</small>
                {r.answer ? (
                  <div className="alert success" data-testid="fc-answer">
                    <strong>{t('market.fc.answer')}</strong> ({formatDateTime(r.answered_at!)}): <span style={{ whiteSpace: 'pre-line' }}>{r.answer}</span>
                  </div>
                ) : (
                  <p>
                    <span className="badge">{t('market.fc.waiting')}</span>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
