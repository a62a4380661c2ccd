import { ExportButton } from '../report-export/ExportButton.tsx';

/**
 * ===== SLOT FOR PART B: "Export to Excel" =====
 * Rendered in the result toolbar of every report (admin/resources/reports/Wizard.tsx hands it to `ResultView`), with the
 * report's type and its parameters exactly as the table uses them. Part B (issue 12: `/admin/excel/export`) fills it
 * with its button: a background export job with a progress bar, the file offered when ready (docs/report-export.md).
 */
export function ExportSlot(props: { type: string; params: Record<string, unknown> }) {
  return <ExportButton type={props.type} params={props.params} />;
}
