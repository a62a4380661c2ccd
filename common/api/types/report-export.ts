import type { ExportJob as ExportJobSchema } from '../../../server/modules/report-export/index.ts';
import type { Wire } from './wire.ts';

/** An Excel export job as `/admin/excel/export/{id}` answers it (server/modules/report-export). */
export type ExportJob = Wire<typeof ExportJobSchema>;
