import { safeLink } from '../../core/html.ts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgColumn as AnyColumn } from 'drizzle-orm/pg-core';
import { chapterMedia, chapterQuizzes, chapters, marketListings, media, prices, programs, quizzes, storeCategories, tenants } from '../../db/schema/index.ts';

/**
 * THE NAMED CROSS-SCHOOL PATH of the marketplace (docs/school-isolation.md, docs/marketplace.md): the only module code
 * that reads rows of every school. It answers published programs only, and of them only what a shop window shows:
 * the marketplace fields, prices (per format and currency, discount applied), chapter, material and quiz TITLES (with
 * the demo mark), the selling school's slug and name. No content, no users, no groups, no unpublished program.
 * Every join names the listing's school (a program, price or chapter of another school never joins a listing).
 */
export interface CatalogueQuery {
  /** One program (by the seller's program id). */
  id?: number;
  category?: number;
  format?: string;
  language?: string;
  currency?: string;
  price_min?: number;
  price_max?: number;
  /** The selling school's slug. */
  school?: string;
  q?: string;
  sort?: 'new' | 'title' | 'price';
  order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
  /** Also the structure (chapter, material and quiz titles). */
  structure?: boolean;
}

export interface PublishedPrice {
  id: number;
  format: string;
  currency: string;
  /** Before the discount. */
  full_amount: number;
  /** What the buyer pays. */
  amount: number;
  extra_amount: number;
  extra_currency: string | null;
}

export interface PublishedProgram {
  id: number;
  /** The selling school's id: for the server's own use (purchase, demo); the API answers `school` instead. */
  seller_id: number;
  school: { slug: string; title: string };
  title: string;
  title_en: string | null;
  short_description: string | null;
  full_description: string | null;
  language: string | null;
  skills: string[];
  knowledge: string[];
  requirements: string | null;
  duration: string | null;
  format: string | null;
  logo: string | null;
  category: { id: number; title_ru: string; title_en: string } | null;
  discount_percent: number;
  instalment_months: number[];
  published_at: string | null;
  prices: PublishedPrice[];
  demo_media: number[];
  chapters?: { id: number; title: string; materials: { id: number; title: string; kind: string; demo: boolean }[]; quizzes: { id: number; title: string }[] }[];
}

/**
 * Two rows of the same school: every join of this path pairs a listing with its own school's program, prices, chapters
 * and materials (the ids are global, the condition keeps a wrong pairing from ever joining). Not a school filter.
 */
const sameSchool = (a: AnyColumn, b: AnyColumn) => sql`${a} = ${b}`;
const escapeLike = (s: string) => s.replace(/[%_\\]/g, (c) => `\\${c}`);
const discounted = (amount: number, percent: number) => Math.round(amount * (100 - percent)) / 100;

/** Published programs of every school, filtered, sorted and paginated; `total` counts all that match. */
export async function publishedPrograms(app: FastifyInstance, query: CatalogueQuery): Promise<{ data: PublishedProgram[]; total: number }> {
  const db = app.db;
  // a price row of the listing's own school and program (the discount applied for the price range and sort)
  const priceOf = (extra: SQL | undefined) =>
    db
      .select({ one: sql`1` })
      .from(prices)
      .where(and(eq(prices.program_id, marketListings.program_id), sameSchool(prices.tenant_id, marketListings.tenant_id), extra));
  const payable = sql`(${prices.amount} * (100 - ${marketListings.discount_percent}) / 100.0)`;
  const currencyCond = query.currency ? eq(prices.currency, (query.currency === 'RUR' ? 'RUB' : query.currency) as 'RUB') : undefined;
  const conditions: (SQL | undefined)[] = [
    eq(marketListings.published, true),
    // a suspended school sells nothing: its listings leave every catalogue until it is resumed (docs/operations.md "Suspension")
    isNull(tenants.suspended_at),
    query.id ? eq(marketListings.program_id, query.id) : undefined,
    query.category ? eq(marketListings.category_id, query.category) : undefined,
    query.language ? eq(programs.language, query.language) : undefined,
    query.school ? eq(tenants.slug, query.school.toLowerCase()) : undefined,
    query.q ? or(ilike(programs.title, `%${escapeLike(query.q)}%`), ilike(programs.title_en, `%${escapeLike(query.q)}%`), ilike(programs.short_description, `%${escapeLike(query.q)}%`)) : undefined,
    query.format ? sql`exists (${priceOf(eq(prices.format, query.format as 'online'))})` : undefined,
    query.currency || query.price_min !== undefined || query.price_max !== undefined
      ? sql`exists (${priceOf(and(currencyCond, query.price_min !== undefined ? sql`${payable} >= ${query.price_min}` : undefined, query.price_max !== undefined ? sql`${payable} <= ${query.price_max}` : undefined))})`
      : undefined,
  ];
  const where = and(...conditions);
  const minPrice = sql`(select min(${payable}) from ${prices} where ${prices.program_id} = ${marketListings.program_id} and ${sameSchool(prices.tenant_id, marketListings.tenant_id)} ${currencyCond ? sql`and ${currencyCond}` : sql``})`;
  const dir = query.order === 'asc' ? asc : query.order === 'desc' ? desc : undefined;
  const orderBy =
    query.sort === 'title'
      ? [(dir ?? asc)(programs.title), asc(programs.id)]
      : query.sort === 'price'
        ? [sql`${minPrice} ${sql.raw(query.order === 'desc' ? 'desc' : 'asc')} nulls last`, asc(programs.id)]
        : [(dir ?? desc)(marketListings.published_at), desc(programs.id)];

  const base = db
    .select({ listing: marketListings, program: programs, school: { id: tenants.id, slug: tenants.slug, title: tenants.title }, category: storeCategories })
    .from(marketListings)
    .innerJoin(programs, and(eq(programs.id, marketListings.program_id), sameSchool(programs.tenant_id, marketListings.tenant_id)))
    .innerJoin(tenants, eq(tenants.id, marketListings.tenant_id))
    .leftJoin(storeCategories, eq(storeCategories.id, marketListings.category_id))
    .where(where);
  const perPage = Math.min(query.per_page ?? 15, 100);
  const page = Math.max(query.page ?? 1, 1);
  const [rows, [{ total }]] = await Promise.all([
    base
      .orderBy(...orderBy)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: count() })
      .from(marketListings)
      .innerJoin(programs, and(eq(programs.id, marketListings.program_id), sameSchool(programs.tenant_id, marketListings.tenant_id)))
      .innerJoin(tenants, eq(tenants.id, marketListings.tenant_id))
      .where(where),
  ]);
  if (!rows.length) return { data: [], total: Number(total) };

  const ids = rows.map((r) => r.program.id);
  const schoolOf = new Map(rows.map((r) => [r.program.id, r.school.id]));
  const ofListingSchool = <T extends { program_id: number; tenant_id: number }>(x: T) => schoolOf.get(x.program_id) === x.tenant_id;
  const priceRows = (await db.select().from(prices).where(inArray(prices.program_id, ids)).orderBy(asc(prices.id))).filter(ofListingSchool);

  const structure = new Map<number, NonNullable<PublishedProgram['chapters']>>();
  if (query.structure) {
    const chapterRows = (
      await db
        .select({ id: chapters.id, program_id: chapters.program_id, tenant_id: chapters.tenant_id, title: chapters.title })
        .from(chapters)
        .where(inArray(chapters.program_id, ids))
        .orderBy(asc(chapters.sort), asc(chapters.id))
    ).filter(ofListingSchool);
    const chapterIds = chapterRows.map((c) => c.id);
    const chapterSchool = new Map(chapterRows.map((c) => [c.id, c.tenant_id]));
    const mediaRows = chapterIds.length
      ? (
          await db
            .select({ chapter_id: chapterMedia.chapter_id, tenant_id: media.tenant_id, id: media.id, title: media.title, kind: media.kind })
            .from(chapterMedia)
            .innerJoin(media, and(eq(media.id, chapterMedia.media_id), sameSchool(media.tenant_id, chapterMedia.tenant_id)))
            .where(inArray(chapterMedia.chapter_id, chapterIds))
            .orderBy(asc(chapterMedia.sort))
        ).filter((m) => chapterSchool.get(m.chapter_id) === m.tenant_id)
      : [];
    const quizRows = chapterIds.length
      ? (
          await db
            .select({ chapter_id: chapterQuizzes.chapter_id, tenant_id: quizzes.tenant_id, id: quizzes.id, title: quizzes.title })
            .from(chapterQuizzes)
            .innerJoin(quizzes, and(eq(quizzes.id, chapterQuizzes.quiz_id), sameSchool(quizzes.tenant_id, chapterQuizzes.tenant_id)))
            .where(inArray(chapterQuizzes.chapter_id, chapterIds))
            .orderBy(asc(chapterQuizzes.sort))
        ).filter((q) => chapterSchool.get(q.chapter_id) === q.tenant_id)
      : [];
    const demoOf = new Map(rows.map((r) => [r.program.id, new Set(r.listing.demo_media)]));
    for (const c of chapterRows) {
      const list = structure.get(c.program_id) ?? [];
      list.push({
        id: c.id,
        title: c.title,
        materials: mediaRows.filter((m) => m.chapter_id === c.id).map((m) => ({ id: m.id, title: m.title, kind: m.kind, demo: !!demoOf.get(c.program_id)?.has(m.id) })),
        quizzes: quizRows.filter((q) => q.chapter_id === c.id).map((q) => ({ id: q.id, title: q.title })),
      });
      structure.set(c.program_id, list);
    }
  }

  const data = rows.map(
    ({ listing, program: p, school, category }): PublishedProgram => ({
      id: p.id,
      seller_id: school.id,
      school: { slug: school.slug, title: school.title },
      title: p.title,
      title_en: p.title_en,
      short_description: p.short_description,
      full_description: p.full_description,
      language: p.language,
      skills: p.skills ?? [],
      knowledge: p.knowledge ?? [],
      requirements: p.requirements,
      duration: p.duration,
      format: p.format,
      // a link shown to other schools: http(s) only (core/html.ts safeLink)
      logo: safeLink(p.logo),
      category: category ? { id: category.id, title_ru: category.title_ru, title_en: category.title_en } : null,
      discount_percent: listing.discount_percent,
      instalment_months: listing.instalment_months,
      published_at: listing.published_at ? listing.published_at.toISOString() : null,
      prices: priceRows
        .filter((x) => x.program_id === p.id)
        .map((x) => ({
          id: x.id,
          format: x.format,
          currency: x.currency,
          full_amount: x.amount,
          amount: discounted(x.amount, listing.discount_percent),
          extra_amount: x.extra_amount,
          extra_currency: x.extra_currency,
        })),
      demo_media: listing.demo_media,
      ...(query.structure ? { chapters: structure.get(p.id) ?? [] } : {}),
    }),
  );
  return { data, total: Number(total) };
}
