import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiBaseUrl } from '../../common/tenant/tenant.ts';
import type { CurrentAd } from '../../common/api/types/marketplace.ts';

/** An ad of the catalogue (`GET /api/marketplace/program` → `ads`, docs/marketplace.md "Ads"). */
export type Ad = CurrentAd;

/** Where a banner leads: the program's page, or the catalogue filtered by the category. */
const hrefOf = (ad: Ad) => ('program_id' in ad.link ? `/marketplace/${ad.link.program_id}` : `/marketplace?category=${ad.link.category.id}`);

/**
 * The catalogue's banners: each one a single link (keyboard: Tab reaches it, Enter follows it) with the image as a
 * decoration and the title as its name; stacked, full width, so that they fit a 360 px phone.
 */
export function MarketplaceAds({ ads }: { ads: Ad[] }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  if (!ads.length) return null;
  return (
    <section className="section" aria-label={t('market.ads')} data-testid="market-ads">
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 12 }}>
        {ads.map((ad) => {
          const title = en && ad.title_en ? ad.title_en : ad.title;
          const category = 'category' in ad.link ? (en ? ad.link.category.title_en : ad.link.category.title_ru) : null;
          return (
            <li key={ad.id}>
              <Link
                to={hrefOf(ad)}
                className="card"
                data-testid="market-ad"
                style={{ display: 'block', padding: 0, overflow: 'hidden', color: 'inherit', textDecoration: 'none', position: 'relative' }}
              >
                {ad.image && (
                  <img src={`${apiBaseUrl()}${ad.image}`} alt="" style={{ display: 'block', width: '100%', height: 'clamp(96px, 22vw, 180px)', objectFit: 'cover' }} data-testid="market-ad-image" />
                )}
                <span style={{ display: 'block', padding: '10px 14px' }}>
                  <strong style={{ display: 'block', fontSize: 18, overflowWrap: 'anywhere' }}>{title}</strong>
                  <small>
                    {t('market.ad_label')} · {t('market.by_school', { school: ad.school.title })}
                    {category ? ` · ${category}` : ''}
                  </small>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
