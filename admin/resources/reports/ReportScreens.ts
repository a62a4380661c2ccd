/**
 * The report screens (docs/reports.md), one lazy chunk (`ReportScreens-*.js`, `index.ts`): `ReportsHome.tsx` (the
 * catalogue and the saved reports), `ReportCreate.tsx` and `ReportEdit.tsx` (the `Wizard.tsx`: `ParamsForm.tsx`, then
 * `ResultView.tsx` with `SaveBox.tsx` and `ExportSlot.tsx`); `CatalogueButtons.tsx`, `hooks.ts`, `model.ts` are shared.
 */
export { ReportsHome } from './ReportsHome.tsx';
export { ReportCreate } from './ReportCreate.tsx';
export { ReportEdit } from './ReportEdit.tsx';
