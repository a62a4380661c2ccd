import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when a sheet is first read or written instead of at start: it is 0.2 s of a start's CPU and 17 MB
 * of the process at rest (docs/performance.md "Start-up and memory"), for exports and imports that most processes
 * rarely make.
 */
let loading: Promise<typeof ExcelJS> | undefined;
export const loadExcel = () => (loading ??= import('exceljs').then((m) => (m as unknown as { default: typeof ExcelJS }).default));
