import { basename, extname } from 'node:path';
import { and, asc, desc, eq, exists, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgColumn as AnyColumn } from 'drizzle-orm/pg-core';
import { marketAds, marketListings, storeCategories, tenants } from '../../db/schema/index.ts';

/**
 * THE SECOND NAMED CROSS-SCHOOL PATH of the marketplace (docs/school-isolation.md, docs/marketplace.md): the ads the
 * catalogue shows beside the published programs. It reads `market_ads` of every school, and answers only ads in their
 * period (today, UTC, between `starts_on` and `ends_on`, both included) of schools that have a published program on
 * the marketplace; an ad linking to a program only while that program is published (an ad of a withdrawn program
 * disappears with it). Of an ad it answers what a banner shows: the titles, the image's URL, the link (program id or
 * store category) and the school's slug and name. Nothing else of any school.
 */
export interface CurrentAd {
  id: number;
  title: string;
  title_en: string | null;
  /** The image's URL (public: the school and a key in the query), or null. */
  image: string | null;
  link: { program_id: number } | { category: { id: number; title_ru: string; title_en: string } };
  school: { slug: string; title: string };
  starts_on: string;
  ends_on: string;
}

/** The random part of a stored file's name: the key of its public URL (an <img> cannot send the bearer token). */
export const adImageKey = (rel: string) => basename(rel, extname(rel));
export const adImageUrl = (id: number, rel: string | null, slug: string) => (rel ? `/api/marketplace/ad/${id}/image?domain=${encodeURIComponent(slug)}&key=${adImageKey(rel)}` : null);

/** Two rows of the same school (a join condition of this path, not a school filter). */
const same = (a: AnyColumn, b: AnyColumn) => sql`${a} = ${b}`;
const sameSchool = same(marketListings.tenant_id, marketAds.tenant_id);

/**
 * The ads shown today: of the selling school `school` (a slug) only when given, at most `limit`, newest period start
 * first. `day` (YYYY-MM-DD) is for tests; the catalogue passes nothing (today, UTC).
 */
export async function currentAds(app: FastifyInstance, query: { school?: string; limit?: number; day?: string } = {}): Promise<CurrentAd[]> {
  const db = app.db;
  const day = query.day ?? new Date().toISOString().slice(0, 10);
  const published = (extra?: ReturnType<typeof sql>) =>
    db
      .select({ one: sql`1` })
      .from(marketListings)
      .where(and(eq(marketListings.published, true), sameSchool, extra));
  const rows = await db
    .select({
      id: marketAds.id,
      title: marketAds.title,
      title_en: marketAds.title_en,
      image: marketAds.image,
      program_id: marketAds.program_id,
      category: { id: storeCategories.id, title_ru: storeCategories.title_ru, title_en: storeCategories.title_en },
      slug: tenants.slug,
      school: tenants.title,
      starts_on: marketAds.starts_on,
      ends_on: marketAds.ends_on,
    })
    .from(marketAds)
    .innerJoin(tenants, eq(tenants.id, marketAds.tenant_id))
    .leftJoin(storeCategories, eq(storeCategories.id, marketAds.category_id))
    .where(
      and(
        lte(marketAds.starts_on, day),
        gte(marketAds.ends_on, day),
        query.school ? eq(tenants.slug, query.school.toLowerCase()) : undefined,
        // nor does a suspended school (docs/operations.md "Suspension")
        isNull(tenants.suspended_at),
        // a school with nothing on the marketplace shows no ads; a program's ad only while the program is published
        or(and(isNull(marketAds.program_id), exists(published())), exists(published(same(marketListings.program_id, marketAds.program_id)))),
      ),
    )
    .orderBy(desc(marketAds.starts_on), asc(marketAds.id))
    .limit(Math.min(query.limit ?? 10, 50));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    title_en: r.title_en,
    image: adImageUrl(r.id, r.image, r.slug),
    link: r.program_id ? { program_id: r.program_id } : { category: r.category! },
    school: { slug: r.slug, title: r.school },
    starts_on: r.starts_on,
    ends_on: r.ends_on,
  }));
}
