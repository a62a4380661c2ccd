import { Type } from 'typebox';
import { DateTime, Day, MaybeDateTime } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/** Response schemas of the payments module (docs/api.md "Response contracts"). Money is a `real` column: a number. */

const Kind = Type.Union([Type.Literal('main'), Type.Literal('extra')]);
const fields = {
  id: Id,
  plan_id: Id,
  kind: Kind,
  due_date: Day,
  amount: Type.Number(),
  currency: Type.String(),
  paid: Type.Boolean(),
  paid_at: MaybeDateTime,
  comment: nullable(Type.String()),
  overdue: Type.Boolean(),
};
/** One item of a schedule (payment_items), with whether it is overdue. */
export const PaymentItem = Type.Object({ tenant_id: Id, ...fields });
/** An item as the back office's list shows it: with its student and program. */
export const PaymentListItem = Type.Object({
  ...fields,
  user_id: Id,
  program_id: Id,
  program: Type.String(),
  login: Type.String(),
  surname: Type.String(),
  name: Type.String(),
  email: Type.String(),
});

const totals = {
  main: Type.Number(),
  main_paid: Type.Number(),
  main_due: Type.Number(),
  extra: Type.Number(),
  extra_paid: Type.Number(),
  extra_due: Type.Number(),
};
/** A plan (payment_plans) with its program's title. */
const plan = {
  id: Id,
  tenant_id: Id,
  user_id: Id,
  program_id: Id,
  format: Type.String(),
  months: Type.Integer(),
  currency: Type.String(),
  extra_currency: nullable(Type.String()),
  total: Type.Number(),
  extra_total: Type.Number(),
  created_at: DateTime,
  program: Type.String(),
};
/** A row of the back office's schedule editor: the main and extra items of one date. */
const EditorRow = Type.Object({
  date: Day,
  sum: Type.Number(),
  extra_sum: Type.Number(),
  currency: nullable(Type.String()),
  extra_currency: nullable(Type.String()),
  paid: Type.Boolean(),
  extra_paid: Type.Boolean(),
  main_id: nullable(Id),
  extra_id: nullable(Id),
});
/** A plan as the back office's editor reads it. */
export const EditorPlan = Type.Object({ ...plan, items: Type.Array(PaymentItem), rows: Type.Array(EditorRow), totals: Type.Object(totals) });
/** A plan as the student reads it, with the count of overdue items; `MyPlanSummary` without the items. */
const myTotals = Type.Object({ ...totals, overdue: Type.Integer() });
export const MyPlan = Type.Object({ ...plan, items: Type.Array(PaymentItem), totals: myTotals });
export const MyPlanSummary = Type.Object({ ...plan, totals: myTotals });

/** Lists of plans and prices carry the instalment terms and currencies in `meta`, not a page. */
export const TermsMeta = Type.Object({ instalments: Type.Array(Type.Integer()), currencies: Type.Array(Type.String()) });

export const Price = Type.Object({
  id: Id,
  program_id: Id,
  program: Type.String(),
  /** The program's English title, if it has one: the portal names a price by its program and format in the viewer's language. */
  program_en: Type.Optional(nullable(Type.String())),
  title: Type.String(),
  format: Type.String(),
  currency: Type.String(),
  amount: Type.Number(),
  extra_amount: Type.Number(),
  extra_currency: nullable(Type.String()),
});
/** `GET /api/price`: the school's prices with its terms. */
export const PriceList = Type.Object({ data: Type.Array(Price), meta: TermsMeta });
