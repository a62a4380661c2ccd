import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../common/api/client.ts';
import { formatDateTime, formatMoney } from '../../common/format/format.ts';
import { CURRENCIES } from '../../common/payments/terms.ts';
import { Empty, ErrorState, Loading, useErrorToast, useLoad, useSuccessToast } from '../components/ui.tsx';
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
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
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
      <form className="card section" onSubmit={(e) => void submit(e)} aria-label={t('market.fc.form')}>
        <div className="grid2">
          <div className="field">
            <label htmlFor="fc-program">{t('market.fc.program')}</label>
            {programs.error ? (
              <ErrorState error={programs.error} retry={programs.retry} />
            ) : !programs.data ? (
              <Loading />
            ) : (
              <select id="fc-program" required value={form.program_id} onChange={set('program_id')}>
                <option value="">—</option>
                {programs.data.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title} ({p.school.title})
                  </option>
                ))}
              </select>
            )}
          </div>
          <div className="field">
            <label htmlFor="fc-place">{t('market.fc.place')}</label>
            <input id="fc-place" required maxLength={255} value={form.place} onChange={set('place')} />
          </div>
          <div className="field">
            <label htmlFor="fc-price">{t('market.fc.price')}</label>
            <input id="fc-price" required inputMode="decimal" pattern="[0-9]+([.,][0-9]{1,2})?" value={form.price} onChange={set('price')} />
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
            <input id="fc-link" type="url" maxLength={1000} placeholder="https://" value={form.link} onChange={set('link')} />
          </div>
          <div className="field">
            <label htmlFor="fc-comment">{t('market.fc.comment')}</label>
            <textarea id="fc-comment" maxLength={2000} rows={3} value={form.comment} onChange={set('comment')} />
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
