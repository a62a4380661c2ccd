import { type AnyColumn, type SQL, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { diplomas, documentTemplates, numberRegisters } from '../../db/schema/index.ts';
import { AppError } from '../../core/errors.ts';
import { Id, Int } from '../../core/schemas.ts';
import { DateTime, dataOf, listOf } from '../../core/responses.ts';
import { ListQuery, filterId, orderFor, pageMeta } from '../../core/pagination.ts';
import { RECORD_ROLES, loadTemplate } from '../templates/index.ts';
import type { Db } from './store.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** `<prefix>-<year>-<0001>`: the template's prefix, else `D`. */
export const formatNumber = (prefix: string | null, year: number, n: number) => `${prefix || 'D'}-${year}-${String(n).padStart(4, '0')}`;

/**
 * Takes `count` numbers of a template's register for a year, in the caller's transaction: one upsert that adds to the
 * last number and answers it (a row lock, so parallel issues queue on the register and never get the same number).
 * A number a diploma already has (typed by hand, or the register set back) refuses the whole issue: 409
 * ERROR_REGISTER_COLLISION, `variables.numbers`; the transaction's rollback leaves the register as it was.
 */
export async function takeNumbers(tx: Db | Tx, template: { id: number; number_prefix: string | null }, year: number, count: number) {
  const [r] = await tx
    .insert(numberRegisters)
    .values({ template_id: template.id, year, last_number: count })
    .onConflictDoUpdate({
      target: [numberRegisters.tenant_id, numberRegisters.template_id, numberRegisters.year],
      set: { last_number: sql`${numberRegisters.last_number} + ${count}`, updated_at: new Date() },
    })
    .returning({ last: numberRegisters.last_number });
  const numbers = Array.from({ length: count }, (_, i) => formatNumber(template.number_prefix, year, r.last - count + 1 + i));
  const taken = await tx.select({ n: diplomas.registration_number }).from(diplomas).where(inArray(diplomas.registration_number, numbers));
  if (taken.length) {
    const list = taken.map((t) => t.n).join(', ');
    throw new AppError(409, 'ERROR_REGISTER_COLLISION', `Numbers already taken: ${list}`, { numbers: list });
  }
  return numbers;
}

const RegisterView = Type.Object({
  /** `<template_id>-<year>`: a register's key, for the back office's list. */
  id: Type.String(),
  template_id: Id,
  template_title: Type.String(),
  year: Type.Integer(),
  last_number: Type.Integer(),
  next: Type.String(),
  updated_at: DateTime,
});

/** `/admin/number_register`: the registers (per template and year) and setting where one goes on. */
export function registerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: RECORD_ROLES };
  const tags = ['admin: diplomas'];

  const list = (db: Db, where?: SQL, order: (SQL | AnyColumn)[] = [desc(numberRegisters.year), asc(documentTemplates.title)]) =>
    db
      .select({ r: numberRegisters, title: documentTemplates.title, prefix: documentTemplates.number_prefix })
      .from(numberRegisters)
      .innerJoin(documentTemplates, eq(documentTemplates.id, numberRegisters.template_id))
      .where(where)
      .orderBy(...(order as SQL[]), asc(numberRegisters.template_id));
  const view = (x: Awaited<ReturnType<typeof list>>[number]) => ({
    id: `${x.r.template_id}-${x.r.year}`,
    template_id: x.r.template_id,
    template_title: x.title,
    year: x.r.year,
    last_number: x.r.last_number,
    next: formatNumber(x.prefix, x.r.year, x.r.last_number + 1),
    updated_at: x.r.updated_at,
  });

  app.get(
    '/admin/number_register',
    {
      config,
      schema: {
        tags,
        summary:
          'Numbering registers, a page of them: the last number each template gave in a year and the next one (newest year first; `filter[template_id]`, `filter[year]`; sort by year, template_title or last_number)',
        querystring: ListQuery,
        response: { 200: listOf(RegisterView) },
      },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      const templateId = filterId(f, 'template_id');
      const year = filterId(f, 'year');
      const where = and(templateId ? eq(numberRegisters.template_id, templateId) : undefined, year ? eq(numberRegisters.year, year) : undefined);
      const perPage = Math.min(req.query.per_page ?? 15, 100);
      const page = Math.max(req.query.page ?? 1, 1);
      const [{ total }] = await req.db.select({ total: count() }).from(numberRegisters).where(where);
      const sorted = req.query.sort
        ? orderFor(req.query, { year: numberRegisters.year, template_title: documentTemplates.title, last_number: numberRegisters.last_number }, desc(numberRegisters.year))
        : undefined;
      const rows = await list(req.db, where, sorted)
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { data: rows.map(view), meta: pageMeta(page, perPage, Number(total), rows.length) };
    },
  );

  app.put(
    '/admin/number_register',
    {
      config,
      schema: {
        tags,
        summary: "Set the next number of a template's register for a year; a number a diploma already has is refused (409 ERROR_REGISTER_COLLISION)",
        body: Type.Object({ template_id: Id, year: Int({ minimum: 2000, maximum: 2100 }), next_number: Int({ minimum: 1, maximum: 999999 }) }),
        response: { 200: dataOf(RegisterView) },
      },
    },
    async (req) => {
      const t = await loadTemplate(req.db, req.body.template_id);
      const { year, next_number } = req.body;
      const next = formatNumber(t.number_prefix, year, next_number);
      const [taken] = await req.db.select({ id: diplomas.id }).from(diplomas).where(eq(diplomas.registration_number, next));
      if (taken) throw new AppError(409, 'ERROR_REGISTER_COLLISION', `Number already taken: ${next}`, { numbers: next });
      await req.db
        .insert(numberRegisters)
        .values({ template_id: t.id, year, last_number: next_number - 1 })
        .onConflictDoUpdate({ target: [numberRegisters.tenant_id, numberRegisters.template_id, numberRegisters.year], set: { last_number: next_number - 1, updated_at: new Date() } });
      const [row] = await list(req.db, and(eq(numberRegisters.template_id, t.id), eq(numberRegisters.year, year)));
      return { data: view(row) };
    },
  );
}
