import { useLocation } from 'react-router-dom';
import { Wizard } from './Wizard.tsx';

/** `/reports/create?type=…`: the wizard for a new report. */
export function ReportCreate() {
  const type = new URLSearchParams(useLocation().search).get('type') ?? undefined;
  return <Wizard key={type ?? ''} initial={{ type, params: { period: 'month' }, stage: type ? 1 : 0 }} />;
}
