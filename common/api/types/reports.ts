import type { ChartSchema, CatalogueAnswer, ChoicesAnswer, reportPage, ReportColumnSchema, SavedReport as SavedReportSchema, TextSchema } from '../../../server/modules/reports/responses.ts';
import type { ReportParams as ReportParamsSchema } from '../../../server/modules/reports/catalogue.ts';
import type { Wire } from './wire.ts';

/** What the reports' routes answer (server/modules/reports/responses.ts), as the back office receives it. */
export type Text = Wire<typeof TextSchema>;
export type ReportColumn = Wire<typeof ReportColumnSchema>;
export type ReportChart = Wire<typeof ChartSchema>;
export type ReportCatalogue = Wire<typeof CatalogueAnswer>['data'];
export type ReportInfo = ReportCatalogue['reports'][number];
export type ReportChoice = Wire<typeof ChoicesAnswer>['data'][number];
export type ReportParams = Wire<typeof ReportParamsSchema>;
export type SavedReport = Wire<typeof SavedReportSchema>;
/** A row of a report: its keys are the report's columns (`ReportColumn.key`) and a few ids. */
export type ReportRow = Record<string, unknown>;
/** `GET /admin/report/<type>`: a page of rows, the list's meta, the columns, the chart when asked for. */
export type ReportPage = Omit<Wire<ReturnType<typeof reportPage>>, 'data'> & { data: ReportRow[] };
/** The parameters as the wizard holds them while they are chosen (`queryOf` turns them into the report's query). */
export type ReportParamValues = ReportParams & Record<string, unknown>;
