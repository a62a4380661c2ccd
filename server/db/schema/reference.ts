import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Shared reference lists (not tenant-owned): countries and cities with Russian and English titles. */
export const countries = pgTable('countries', {
  id: integer().primaryKey(),
  code: text().notNull().unique(),
  title_ru: text().notNull(),
  title_en: text().notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: integer().primaryKey(),
    country_id: integer()
      .notNull()
      .references(() => countries.id),
    title_ru: text().notNull(),
    title_en: text().notNull(),
  },
  (t) => [index('cities_country').on(t.country_id)],
);
