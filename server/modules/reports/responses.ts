import { Type, type TSchema } from 'typebox';
import { ListMeta } from '../../core/pagination.ts';
import { DateTime, dataOf, listOf } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';
import { ReportParams } from './catalogue.ts';

/** The answers of the reports' routes (docs/api.md "Response contracts"); each report's row is declared beside it (`ReportDef.row`). */

/** A text in both languages. */
export const TextSchema = Type.Object({ ru: Type.String(), en: Type.String() });

export const ReportColumnSchema = Type.Object({
  key: Type.String(),
  title: TextSchema,
  kind: Type.Union([
    Type.Literal('text'),
    Type.Literal('number'),
    Type.Literal('percent'),
    Type.Literal('date'),
    Type.Literal('datetime'),
    Type.Literal('duration'),
    Type.Literal('state'),
    Type.Literal('boolean'),
  ]),
  sortable: Type.Optional(Type.Boolean()),
  states: Type.Optional(Type.Record(Type.String(), TextSchema)),
});

export const ChartSchema = Type.Object({
  kind: Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('lights')]),
  title: TextSchema,
  data: Type.Array(Type.Object({ label: Type.String(), value: Type.Number(), extra: Type.Optional(Type.Number()) })),
});

/** Present when the rows came from a replica that many seconds (5 or more) behind the database (server/db/replica.ts). */
export const ReplicaLag = Type.Optional(Type.Integer({ minimum: 0, description: "Seconds the reports' replica was behind, when 5 or more: the rows may miss that much of the latest changes" }));

/** `GET /admin/report/<type>`: a page of the report's rows, the list's meta, the columns, the chart when asked for. */
export const reportPage = (row: TSchema) =>
  Type.Object({ data: Type.Array(row), meta: ListMeta, columns: Type.Array(ReportColumnSchema), chart: Type.Optional(ChartSchema), replica_lag_seconds: ReplicaLag });

const ReportGroupSchema = Type.Union([Type.Literal('quiz'), Type.Literal('program'), Type.Literal('student'), Type.Literal('media')]);

/** `GET /admin/report`: the catalogue. */
export const CatalogueAnswer = dataOf(
  Type.Object({
    groups: Type.Array(Type.Object({ group: ReportGroupSchema, title: TextSchema })),
    reports: Type.Array(
      Type.Object({
        type: Type.String(),
        group: ReportGroupSchema,
        title: TextSchema,
        params: Type.Array(Type.String()),
        required: Type.Array(Type.String()),
        columns: Type.Array(ReportColumnSchema),
        chart: Type.Boolean(),
      }),
    ),
  }),
);

/** `GET /admin/report/choices`: what a parameter may name. */
export const ChoicesAnswer = dataOf(Type.Array(Type.Object({ id: Id, name: Type.String() })));

/** A saved report; its parameters are the report parameters, checked on every save (`cleanParams`). */
export const SavedReport = Type.Object({
  id: Id,
  tenant_id: Id,
  name: Type.String(),
  type: Type.String(),
  params: ReportParams,
  created_by: nullable(Id),
  created_at: DateTime,
  updated_at: DateTime,
});
export const SavedReportList = listOf(SavedReport);
export const SavedReportAnswer = dataOf(SavedReport);
