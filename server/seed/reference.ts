import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cities, countries } from '../db/schema/index.ts';
import { CITIES } from './cities.ts';
import { seedStoreCategories } from '../modules/marketplace/store.ts';

/** Region codes that Intl knows but that are not countries (unions, continents, private use). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'XK', 'ZZ', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ', 'AQ', 'BV', 'HM', 'UM']);

/** ISO 3166 countries with Russian and English names, taken from the ICU data in Node (current codes only, no aliases). */
export function countryList() {
  const ru = new Intl.DisplayNames(['ru'], { type: 'region', fallback: 'none' });
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const out: { code: string; title_ru: string; title_en: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      // deprecated codes (SU, UK, DD, YU, ZR, …) are aliases of current ones: keep only canonical codes
      if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
      const tEn = en.of(code);
      const tRu = ru.of(code);
      if (tEn && tRu && tEn !== code) out.push({ code, title_ru: tRu, title_en: tEn });
    }
  }
  return out;
}

/** Fills the shared country and city lists once; runs on every start and does nothing when they exist. */
export async function seedReferenceData(db: Db) {
  await seedStoreCategories(db);
  const [{ n }] = await db.select({ n: count() }).from(countries);
  if (Number(n) > 0) return;
  const list = countryList().map((c, i) => ({ id: i + 1, ...c }));
  await db.insert(countries).values(list);
  const idOf = new Map(list.map((c) => [c.code, c.id]));
  let id = 1;
  const rows = Object.entries(CITIES).flatMap(([code, names]) => names.map(([title_ru, title_en]) => ({ id: id++, country_id: idOf.get(code)!, title_ru, title_en })));
  await db.insert(cities).values(rows.filter((r) => r.country_id));
}
