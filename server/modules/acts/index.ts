import { and, asc, desc, eq, inArray, like, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client.ts';
import { diplomas, documentTemplates, paymentItems, paymentPlans, programs, users } from '../../db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { PDF_FONT } from '../../core/pdf.ts';
import { Id, nullable } from '../../core/schemas.ts';
import { Day, dataOf } from '../../core/responses.ts';
import { attachment } from '../../core/storage.ts';
import { langOf, type Lang } from '../../mail/texts.ts';
import { schoolCompany } from '../companies/index.ts';
import { enrolledProgramIds } from '../programs/index.ts';
import { programCompletion } from '../programs/index.ts';
import { loadTemplate } from '../templates/index.ts';
import { fillTemplate, placeholdersOf } from '../templates/index.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const tags = ['admin: acts'];
/** Acts are the school's accounting papers: its administrators issue them. */
export const ACT_ROLES = ACCESS.school.read;

const isoDay = (d: Date | string | null | undefined) => (d ? (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10) : null);
const ruDate = (v: string | null) => (v ? v.slice(0, 10).split('-').reverse().join('.') : '—');
const money = (list: { currency: string; amount: number }[], lang: 'ru' | 'en' = 'ru') => (list.length ? list.map((m) => `${formatNumber(m.amount, 2, lang)} ${m.currency}`).join(', ') : '0');

function sumBy(rows: { currency: string; amount: number }[]) {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r.currency, Math.round(((m.get(r.currency) ?? 0) + Number(r.amount)) * 100) / 100);
  return [...m.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }));
}

/**
 * The data of an act of completed services for a student: the programs (enrolled, directly or through a group, or
 * paid for), each with its state, dates (the diploma's study dates, else the first payment) and the amounts paid;
 * the totals; the school's company (the default one) with its requisites. `db` is the school-bound handle.
 */
export async function actInfo(db: Db, userId: number, now = new Date()) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'student')));
  if (!u) throw notFound('user');
  const plans = await db.select().from(paymentPlans).where(eq(paymentPlans.user_id, u.id)).orderBy(asc(paymentPlans.id));
  const ids = [...new Set([...(await enrolledProgramIds(db, u.id)), ...plans.map((p) => p.program_id)])];
  const progs = ids.length
    ? await db
        .select({ id: programs.id, title: programs.title, title_en: programs.title_en, documents_title: programs.documents_title })
        .from(programs)
        .where(inArray(programs.id, ids))
        .orderBy(asc(programs.id))
    : [];
  const completion = await programCompletion(db, u.id, ids);
  const items = plans.length
    ? await db
        .select()
        .from(paymentItems)
        .where(
          inArray(
            paymentItems.plan_id,
            plans.map((p) => p.id),
          ),
        )
        .orderBy(asc(paymentItems.due_date))
    : [];
  const dips = await db.select().from(diplomas).where(eq(diplomas.user_id, u.id)).orderBy(desc(diplomas.id));
  const company = await schoolCompany(db);
  const list = progs.map((p) => {
    const planIds = new Set(plans.filter((pl) => pl.program_id === p.id).map((pl) => pl.id));
    const mine = items.filter((i) => planIds.has(i.plan_id));
    const paid = mine.filter((i) => i.paid);
    const d = dips.find((x) => x.program_id === p.id);
    const firstPaid = paid.map((i) => isoDay(i.paid_at) ?? i.due_date).sort()[0] ?? null;
    const progress = completion.get(p.id) ?? { state: 'not_started' as const };
    return {
      program_id: p.id,
      title: p.documents_title || p.title,
      title_en: p.title_en,
      state: progress.state,
      completed: progress.state === 'done' || !!d,
      date_start: isoDay(d?.date_start) ?? firstPaid,
      date_end: isoDay(d?.date_end) ?? isoDay(d?.date_issue),
      paid: sumBy(paid),
      due: sumBy(mine.filter((i) => !i.paid)),
    };
  });
  const date = isoDay(now)!;
  return {
    act_number: `${u.id}-${date.replaceAll('-', '')}`,
    date,
    student: { id: u.id, login: u.login, email: u.email, name: [u.surname, u.name, u.patronymic].filter(Boolean).join(' ').trim() || u.login },
    company: company
      ? {
          id: company.id,
          title: company.title,
          full_name: company.full_name,
          short_name: company.short_name,
          inn: company.inn,
          kpp: company.kpp,
          ogrn: company.ogrn,
          legal_address: company.legal_address,
          bank: company.bank,
          bik: company.bik,
          account: company.account,
          corr_account: company.corr_account,
          director: company.director,
          accountant: company.accountant,
        }
      : null,
    programs: list,
    total_paid: sumBy(list.flatMap((p) => p.paid)),
  };
}
export type ActInfo = Awaited<ReturnType<typeof actInfo>>;

const Money = Type.Array(Type.Object({ currency: Type.String(), amount: Type.Number() }));
const MaybeText = nullable(Type.String());
/** What `actInfo` answers. */
const Act = Type.Object({
  act_number: Type.String(),
  date: Day,
  student: Type.Object({ id: Id, login: Type.String(), email: Type.String(), name: Type.String() }),
  company: nullable(
    Type.Object({
      id: Id,
      title: Type.String(),
      full_name: MaybeText,
      short_name: MaybeText,
      inn: MaybeText,
      kpp: MaybeText,
      ogrn: MaybeText,
      legal_address: MaybeText,
      bank: MaybeText,
      bik: MaybeText,
      account: MaybeText,
      corr_account: MaybeText,
      director: MaybeText,
      accountant: MaybeText,
    }),
  ),
  programs: Type.Array(
    Type.Object({
      program_id: Id,
      title: Type.String(),
      title_en: MaybeText,
      state: Type.Union([Type.Literal('not_started'), Type.Literal('in_process'), Type.Literal('done')]),
      completed: Type.Boolean(),
      date_start: nullable(Day),
      date_end: nullable(Day),
      paid: Money,
      due: Money,
    }),
  ),
  total_paid: Money,
});

const TEXTS = {
  ru: {
    title: (n: string, d: string) => `Акт об оказании услуг № ${n} от ${d}`,
    executor: 'Исполнитель',
    customer: 'Заказчик',
    services: 'Оказанные услуги',
    line: (i: number, p: ActInfo['programs'][number]) => `${i}. ${p.title}: ${ruDate(p.date_start)} — ${ruDate(p.date_end)}; оплачено ${money(p.paid)}`,
    total: 'Итого оплачено',
    footer: 'Услуги оказаны полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет.',
    director: 'Руководитель',
    none: 'нет',
    inn: 'ИНН',
    kpp: 'КПП',
    ogrn: 'ОГРН',
    bank: 'Банк',
    bik: 'БИК',
    account: 'р/с',
    corr: 'к/с',
  },
  en: {
    title: (n: string, d: string) => `Act of services rendered No ${n} of ${d}`,
    executor: 'Provider',
    customer: 'Customer',
    services: 'Services rendered',
    line: (i: number, p: ActInfo['programs'][number]) => `${i}. ${p.title_en || p.title}: ${ruDate(p.date_start)} — ${ruDate(p.date_end)}; paid ${money(p.paid, 'en')}`,
    total: 'Total paid',
    footer: 'The services were rendered in full and on time. The customer has no claims as to their scope, quality or timing.',
    director: 'Director',
    none: 'none',
    inn: 'Tax id',
    kpp: 'KPP',
    ogrn: 'OGRN',
    bank: 'Bank',
    bik: 'BIC',
    account: 'Account',
    corr: 'Corr. account',
  },
} as const;

/** The values of the act placeholders (server/modules/templates/placeholders.ts) and of the shared ones an act can use. */
function actValues(a: ActInfo, lang: Lang) {
  const t = TEXTS[lang];
  const c = a.company;
  const requisites = c
    ? [
        c.full_name || c.title,
        c.legal_address,
        [c.inn && `${t.inn} ${c.inn}`, c.kpp && `${t.kpp} ${c.kpp}`, c.ogrn && `${t.ogrn} ${c.ogrn}`].filter(Boolean).join(', '),
        [c.bank && `${t.bank} ${c.bank}`, c.bik && `${t.bik} ${c.bik}`, c.account && `${t.account} ${c.account}`, c.corr_account && `${t.corr} ${c.corr_account}`].filter(Boolean).join(', '),
      ]
        .filter(Boolean)
        .join('\n')
    : null;
  const done = a.programs.filter((p) => p.completed || p.paid.length);
  return {
    name: a.student.name,
    date: ruDate(a.date),
    company: c ? c.full_name || c.title : null,
    director: c?.director ?? null,
    act_number: a.act_number,
    services: done.length ? done.map((p, i) => t.line(i + 1, p)).join('\n') : t.none,
    amount_paid: money(a.total_paid, lang === 'en' ? 'en' : 'ru'),
    company_details: requisites,
  };
}

/** The act's paragraphs: the school's act template filled (one that uses `{{services}}`), else the built-in layout. */
async function actParagraphs(db: Db, a: ActInfo, lang: Lang, templateId?: number) {
  const t = TEXTS[lang];
  const values = actValues(a, lang);
  const template = templateId
    ? await loadTemplate(db, templateId)
    : (
        await db
          .select()
          .from(documentTemplates)
          .where(or(like(documentTemplates.body, '%{{services}}%'), like(documentTemplates.body, '%{{ services }}%')))
          .orderBy(desc(documentTemplates.id))
          .limit(1)
      )[0];
  if (template) {
    const all = Object.fromEntries(placeholdersOf(template.body).map((p) => [p, (values as Record<string, string | null>)[p] ?? null]));
    return { title: `${template.title} № ${a.act_number}`, paragraphs: fillTemplate(template.body, all as never).split('\n') };
  }
  return {
    title: t.title(a.act_number, ruDate(a.date)),
    paragraphs: [
      `${t.executor}: ${values.company_details ?? values.company ?? '—'}`,
      `${t.customer}: ${a.student.name} (${a.student.email})`,
      '',
      `${t.services}:`,
      ...values.services.split('\n'),
      '',
      `${t.total}: ${values.amount_paid}`,
      '',
      t.footer,
      '',
      `${t.director}: ${values.director ?? '________________'}`,
    ],
  };
}

/** Renders paragraphs as a PDF in memory (an act is a page or two). */
function pdfBuffer(title: string, paragraphs: string[]) {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(PDF_FONT).fontSize(16).text(title).moveDown();
    doc.fontSize(11);
    for (const p of paragraphs) p ? doc.text(p) : doc.moveDown(0.5);
    doc.end();
  });
}

/** `GET /admin/{user_id}/getInfoAct`: an act of completed services for a student, as data or as a PDF. */
export default async function actsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/admin/:user_id/getInfoAct',
    {
      config: { roles: ACT_ROLES },
      schema: {
        tags,
        summary:
          "An act of completed services for a student: programs with state, dates and amounts paid, totals and the school's company; format=pdf answers the act as a PDF (from the school's newest template using {{services}}, or template_id, else the built-in layout) in the language of Accept-Language",
        params: Type.Object({ user_id: Id }),
        querystring: Type.Object({ format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('pdf')])), template_id: Type.Optional(Id) }),
        // the PDF (format=pdf) is bytes, sent as they are
        response: { 200: dataOf(Act) },
      },
    },
    async (req, reply) => {
      const info = await actInfo(req.db, req.params.user_id);
      if (req.query.format !== 'pdf') return { data: info };
      const lang = langOf(req.headers['accept-language']);
      const { title, paragraphs } = await actParagraphs(req.db, info, lang, req.query.template_id);
      const pdf = await pdfBuffer(title, paragraphs);
      const name = `${lang === 'en' ? 'Act' : 'Акт'} ${info.act_number}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', attachment(name))
        .send(pdf as never); // bytes: not held to the JSON schema
    },
  );
}
