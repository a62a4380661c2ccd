import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { writeSheet } from '../../core/excel.ts';
import { Type, type Static } from 'typebox';
import { INDUSTRIES, LABOR_MARKET, marketLearners, networkProfiles as np, NETWORK_STATUSES, users, type NetworkStatus } from '../../db/schema/index.ts';
import { isId } from '../../core/schemas.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { pageMeta } from '../../core/pagination.ts';
import { attachment } from '../../core/storage.ts';
import { langOf } from '../../mail/texts.ts';
import { prefixQuery, SearchQuery } from './fields.ts';
import { cities, tsquery } from './columns.ts';
import { globalMembers } from './global-members.ts';
import { DomainParams } from './index.ts';
import { curatorMember } from './curator-member.ts';
import { CuratorList, MemberAnswer } from './responses.ts';
import { fileAnswer } from '../../core/responses.ts';

const tags = ['admin: networking'];
const config = { roles: ['moderator'] as const, flag: 'networking' as const };
/** Rows of one export at most. */
const EXPORT_LIMIT = 10_000;

const { sort: _sort, school: _school, ...searchFields } = SearchQuery.properties;
void _sort, void _school;
const CuratorQuery = Type.Object({
  ...searchFields,
  status: Type.Optional(Type.Array(Type.Union(NETWORK_STATUSES.map((s) => Type.Literal(s))), { maxItems: 3 })),
  sort: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('status'), Type.Literal('updated_at')])),
  /** The back office's list filters (`filter[status]=off`): the same keys, one value each. */
  filter: Type.Optional(Type.Record(Type.String(), Type.Any())),
});
type CuratorQuery = Static<typeof CuratorQuery>;

const columns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  // a marketplace learner account (a buyer of another school studying here): its buyer's school, not its made-up address
  email: sql<string | null>`case when ${marketLearners.id} is null then ${users.email} end`,
  buyer_school: marketLearners.buyer_school,
  phone: users.phone,
  role: users.role,
  status: sql<NetworkStatus>`coalesce(${np.status}, 'off')`,
  company: np.company,
  position: np.position,
  industry: np.industry,
  skills: np.skills,
  city: cities.title_ru,
  city_en: cities.title_en,
  country_id: users.country_id,
  city_id: users.city_id,
  native_language: np.native_language,
  looking_job: sql<boolean>`coalesce(${np.looking_job}, false)`,
  looking_employee: sql<boolean>`coalesce(${np.looking_employee}, false)`,
  is_hire: sql<boolean>`coalesce(${np.is_hire}, false)`,
  is_owner: sql<boolean>`coalesce(${np.is_owner}, false)`,
  telegram: np.telegram,
  updated_at: np.updated_at,
};

const FILTER_CHOICES: Record<string, readonly string[] | 'id'> = {
  status: NETWORK_STATUSES,
  industry: INDUSTRIES,
  labor_market: LABOR_MARKET,
  native_language: 'lang',
  country: 'id',
  city: 'id',
} as never;

/** `filter[key]=value` of the back office folded into the array filters (a value outside the choices is 422). */
function withFilter(q: CuratorQuery): CuratorQuery {
  const out: Record<string, unknown> = { ...q };
  for (const [k, v] of Object.entries(q.filter ?? {})) {
    const choices = FILTER_CHOICES[k];
    if (!choices || v === undefined || v === '' || v === null) continue;
    const value = choices === 'id' ? Number(v) : String(v);
    const ok = choices === 'id' ? isId(value as number) : (choices as unknown) === 'lang' ? /^[a-z]{2}$/.test(value as string) : choices.includes(value as string);
    if (!ok) throw fieldError(`filter.${k}`, 'validation.choice');
    out[k] = [value];
  }
  return out as CuratorQuery;
}

/** The school's members whatever their status (a user who never opened networking is `off`), filtered. */
function where(q: CuratorQuery): SQL | undefined {
  const text = prefixQuery(q.q);
  const flags = q.labor_market ?? [];
  return and(
    text ? or(sql`${np.search} @@ ${tsquery(text)}`, sql`to_tsvector('simple', ${users.name} || ' ' || ${users.surname}) @@ ${tsquery(text)}`) : undefined,
    q.status?.length ? inArray(sql`coalesce(${np.status}, 'off')`, q.status) : undefined,
    q.country?.length ? inArray(users.country_id, q.country) : undefined,
    q.city?.length ? inArray(users.city_id, q.city) : undefined,
    q.industry?.length ? inArray(np.industry, q.industry) : undefined,
    q.native_language?.length ? inArray(np.native_language, q.native_language) : undefined,
    flags.length ? or(...flags.map((f) => eq(np[f], true))) : undefined,
  );
}

function order(q: CuratorQuery): SQL[] {
  const dir = q.order?.toLowerCase() === 'desc' ? desc : asc;
  if (q.sort === 'status') return [dir(sql`coalesce(${np.status}, 'off')`), asc(users.surname), asc(users.id)];
  if (q.sort === 'updated_at') return [dir(np.updated_at), asc(users.id)];
  return [dir(users.surname), dir(users.name), dir(users.id)];
}

const list = (req: FastifyRequest, q: CuratorQuery) =>
  req.db
    .select(columns)
    .from(users)
    .leftJoin(np, eq(np.user_id, users.id))
    .leftJoin(cities, eq(cities.id, users.city_id))
    .leftJoin(marketLearners, eq(marketLearners.user_id, users.id))
    .where(where(q))
    .orderBy(...order(q));

const HEADERS = {
  ru: [
    'ID',
    'Фамилия',
    'Имя',
    'E-mail',
    'Телефон',
    'Статус',
    'Компания',
    'Должность',
    'Отрасль',
    'Навыки',
    'Город',
    'Родной язык',
    'Ищет работу',
    'Ищет сотрудников',
    'Нанимает',
    'Владелец бизнеса',
    'Telegram',
  ],
  en: [
    'ID',
    'Last name',
    'First name',
    'E-mail',
    'Phone',
    'Status',
    'Company',
    'Position',
    'Industry',
    'Skills',
    'City',
    'Native language',
    'Looking for a job',
    'Looking for employees',
    'Hiring',
    'Business owner',
    'Telegram',
  ],
};

/**
 * Curator views (spec route networking/curator, moderators): the own school's members whatever their status, with
 * their networking fields and every contact (curators are the school's staff), filters and an Excel export. Another
 * school's member is seen only as `global` shows them to everyone (through `globalMembers`).
 */
export function curatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/admin/networking/curator',
    {
      config,
      schema: {
        tags,
        summary: "The school's members whatever their networking status: q, status[], country[], city[], industry[], labor_market[], native_language[]; paginated",
        querystring: CuratorQuery,
        response: { 200: CuratorList },
      },
    },
    async (req) => {
      const q = withFilter(req.query);
      const perPage = q.per_page ?? 15;
      const page = q.page ?? 1;
      const [{ total }] = await req.db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(users)
        .leftJoin(np, eq(np.user_id, users.id))
        .where(where(q));
      const data = await list(req, q)
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { data, meta: pageMeta(page, perPage, total, data.length) };
    },
  );

  app.get(
    '/admin/networking/curator/export',
    {
      config,
      schema: {
        tags,
        summary: 'The same list as an Excel file (headers in the Accept-Language language), at most 10,000 rows',
        querystring: CuratorQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The members as an Excel file') },
      },
    },
    async (req, reply) => {
      const rows = await list(req, withFilter(req.query)).limit(EXPORT_LIMIT);
      const lang = langOf(req.headers['accept-language']);
      const yes = lang === 'en' ? 'yes' : 'да';
      // the one spreadsheet writer (core/excel.ts): names, companies, skills… that start like a formula stay texts
      const buf = await writeSheet(
        { name: lang === 'en' ? 'Networking' : 'Нетворкинг', header: HEADERS[lang], widths: 18 },
        rows.map((r) => [
          r.id,
          r.surname,
          r.name,
          r.email ?? '',
          r.phone ?? '',
          r.status,
          r.company ?? '',
          r.position ?? '',
          r.industry ?? '',
          r.skills ?? '',
          (lang === 'en' ? r.city_en : r.city) ?? '',
          r.native_language ?? '',
          r.looking_job ? yes : '',
          r.looking_employee ? yes : '',
          r.is_hire ? yes : '',
          r.is_owner ? yes : '',
          r.telegram ?? '',
        ]),
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`networking-${req.tenant.slug}.xlsx`))
        .send(buf);
    },
  );

  app.get(
    '/admin/networking/curator/:domain/:id',
    {
      config,
      schema: {
        tags,
        summary:
          "A member's page for a curator: the own school's member whatever their status, with every contact (a user who never opened networking: a minimal page; a marketplace learner account: its buyer's school, no made-up address); another school's only as global shows them",
        params: DomainParams,
        response: { 200: MemberAnswer },
      },
    },
    async (req) => {
      const { domain, id } = req.params;
      const page = domain === req.tenant.slug ? await curatorMember(req, id) : await globalMembers(app, { kind: 'member', domain, id });
      if (!page) throw notFound('member');
      return { data: page };
    },
  );
}
