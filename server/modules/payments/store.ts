import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentItems, paymentPlans, programs } from '../../db/schema/index.ts';
import { today } from '../../core/context.ts';
import { cents } from './rules.ts';

/** Currencies and instalment terms: one list with the back office and the client settings (common/payments/terms.ts). */
export { CURRENCIES, INSTALMENTS } from '../../../common/payments/terms.ts';

/** Overdue: unpaid and due before today (the server's UTC date), for the student and the back office alike (docs/payments.md "Debt"). */
export const isOverdue = (i: { paid: boolean; due_date: string }, now = today()) => !i.paid && i.due_date < now;

/**
 * A student's plans (of one program, or all) in the order they were made, each with its items by due date (overdue
 * marked) and its totals counted in whole cents: what the student's schedule and the back office's editor both show.
 */
export async function plansOf(db: Db, userId: number, programId?: number) {
  const plans = await db
    .select({ plan: paymentPlans, program: programs.title })
    .from(paymentPlans)
    .innerJoin(programs, eq(programs.id, paymentPlans.program_id))
    .where(and(eq(paymentPlans.user_id, userId), programId ? eq(paymentPlans.program_id, programId) : undefined))
    .orderBy(asc(paymentPlans.id));
  const items = plans.length
    ? await db
        .select()
        .from(paymentItems)
        .where(
          inArray(
            paymentItems.plan_id,
            plans.map((p) => p.plan.id),
          ),
        )
        .orderBy(asc(paymentItems.due_date), asc(paymentItems.id))
    : [];
  const now = today();
  return plans.map(({ plan, program }) => {
    const own = items.filter((i) => i.plan_id === plan.id).map((i) => ({ ...i, overdue: isOverdue(i, now) }));
    const sum = (kind: string, paid?: boolean) => own.filter((i) => i.kind === kind && (paid === undefined || i.paid === paid)).reduce((s, i) => s + cents(i.amount), 0) / 100;
    return {
      ...plan,
      program,
      items: own,
      totals: { main: sum('main'), main_paid: sum('main', true), main_due: sum('main', false), extra: sum('extra'), extra_paid: sum('extra', true), extra_due: sum('extra', false) },
    };
  });
}
