import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { cities, countries } from '../../db/schema/index.ts';
import { langOf } from '../../mail/texts.ts';
import { Id } from '../../core/schemas.ts';
import { dataOf } from '../../core/responses.ts';

const tags = ['reference'];
export const Country = Type.Object({ country_id: Id, code: Type.String(), title_ru: Type.String(), title_en: Type.String() });
export const City = Type.Object({ city_id: Id, title_ru: Type.String(), title_en: Type.String() });

/**
 * Sorted by the title in the caller's language with the language's own collation (ICU in Node), not the
 * database's: PGlite and a PostgreSQL with the C collation would put «Åland» after «Zimbabwe» and «Ё» after «Я».
 */
function byTitle<T extends { title_ru: string; title_en: string }>(rows: T[], en: boolean) {
  const collator = new Intl.Collator(en ? 'en' : 'ru');
  return rows.sort((a, b) => collator.compare(en ? a.title_en : a.title_ru, en ? b.title_en : b.title_ru));
}

/** Reference lists for the profile's country and city fields, sorted by the caller's language. */
export default async function info(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/info/countries',
    { config: { auth: 'optional' }, schema: { tags, summary: 'Countries with Russian and English titles', response: { 200: dataOf(Type.Array(Country)) } } },
    async (req) => {
      const en = langOf(req.headers['accept-language']) === 'en';
      const rows = await req.db.select({ country_id: countries.id, code: countries.code, title_ru: countries.title_ru, title_en: countries.title_en }).from(countries);
      return { data: byTitle(rows, en) };
    },
  );

  app.get(
    '/api/info/cities',
    {
      config: { auth: 'optional' },
      schema: { tags, summary: 'Cities of a country', querystring: Type.Object({ country_id: Id }), response: { 200: dataOf(Type.Array(City)) } },
    },
    async (req) => {
      const en = langOf(req.headers['accept-language']) === 'en';
      const rows = await req.db.select({ city_id: cities.id, title_ru: cities.title_ru, title_en: cities.title_en }).from(cities).where(eq(cities.country_id, req.query.country_id));
      return { data: byTitle(rows, en) };
    },
  );
}
