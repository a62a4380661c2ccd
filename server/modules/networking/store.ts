import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cities, countries, networkProfiles as np } from '../../db/schema/index.ts';
import type { User } from '../../core/context.ts';
import { sortName, type ProfileInput } from './fields.ts';

/**
 * Saves a member's networking profile (fields given in `b`; others kept) and refreshes the copies of their user
 * profile that search reads (names, city and country): `db` is the member's school (`req.db`, a seed's handle).
 */
export async function saveProfile(
  db: Db,
  u: Pick<User, 'id' | 'name' | 'surname' | 'patronymic' | 'name_latin' | 'surname_latin' | 'name_en' | 'surname_en' | 'city_id' | 'country_id'>,
  b: ProfileInput,
) {
  const clean = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : v.trim() || null);
  const [city] = u.city_id ? await db.select({ ru: cities.title_ru, en: cities.title_en }).from(cities).where(eq(cities.id, u.city_id)) : [];
  const [country] = u.country_id ? await db.select({ ru: countries.title_ru, en: countries.title_en }).from(countries).where(eq(countries.id, u.country_id)) : [];
  const values = {
    status: b.status,
    looking_job: b.looking_job,
    looking_employee: b.looking_employee,
    is_hire: b.is_hire,
    is_owner: b.is_owner,
    marital_status: b.marital_status === '' ? null : b.marital_status,
    pet: clean(b.pet),
    hobbies: clean(b.hobbies),
    native_language: b.native_language === '' ? null : b.native_language,
    industry: b.industry === '' ? null : b.industry,
    skills: clean(b.skills),
    company: clean(b.company),
    position: clean(b.position),
    education: clean(b.education),
    about: clean(b.about),
    additionally: clean(b.additionally),
    telegram: clean(b.telegram),
    shown_contacts: b.shown_contacts,
    // copies of the user profile for search and its filters
    full_name: [u.name, u.surname, u.patronymic, u.name_latin, u.surname_latin, u.name_en, u.surname_en].filter(Boolean).join(' '),
    sort_name: sortName(u.surname, u.name),
    city: [city?.ru, city?.en, country?.ru, country?.en].filter(Boolean).join(' ') || null,
    country_id: u.country_id,
    city_id: u.city_id,
    updated_at: new Date(),
  };
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await db
    .insert(np)
    .values({ user_id: u.id, ...set })
    .onConflictDoUpdate({ target: np.user_id, set });
}
