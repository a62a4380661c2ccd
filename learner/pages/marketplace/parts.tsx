import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../common/format/format.ts';
import type { Program } from './model.ts';

/** A program's logo (or its first letter) and its cheapest price, on the catalogue's cards and the program's page. */

export function Logo({ src, title }: { src: string | null; title: string }) {
  if (!src || !/^https?:\/\//.test(src))
    return (
      <div aria-hidden="true" style={{ height: 64, width: 64, borderRadius: 8, background: 'var(--border)', display: 'grid', placeItems: 'center', fontSize: 28 }}>
        {title.slice(0, 1)}
      </div>
    );
  return <img src={src} alt="" style={{ height: 64, width: 64, objectFit: 'cover', borderRadius: 8 }} />;
}

export function PriceTag({ p }: { p: Program }) {
  const { t } = useTranslation();
  const cheapest = [...p.prices].sort((a, b) => a.amount - b.amount)[0];
  if (!cheapest) return <span>{t('market.no_price')}</span>;
  return (
    <span>
      <strong>{t('market.from_price', { price: formatMoney(cheapest.amount, cheapest.currency) })}</strong>{' '}
      {p.discount_percent > 0 && (
        <>
          <s>{formatMoney(cheapest.full_amount, cheapest.currency)}</s> <span className="badge ok">{t('market.discount', { p: formatPercent(p.discount_percent) })}</span>
        </>
      )}
    </span>
  );
}
