import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import AssignmentIcon from '@mui/icons-material/Assignment';
import { useApiQuery, useRefreshApi } from '../../providers/queries.ts';
import type { UncheckedCount } from '../../../common/api/types/projects.ts';

const COUNT = '/admin/submittedProject/countNotCheckProject';
const REFRESH_MS = 60_000;

/** After versions were reviewed, approved or removed: the menu badge asks the server again. */
export function useProjectsChanged() {
  const refresh = useRefreshApi();
  return () => void refresh(COUNT);
}

/**
 * The number of versions awaiting review (`countNotCheckProject`; a trainer's count covers their programs only).
 * Asked again after every edit, approval and removal (`useProjectsChanged`), on every screen change and each minute.
 */
export function useUncheckedCount() {
  const { pathname } = useLocation();
  // the screen is part of the query: another screen asks again, the count shown meanwhile stays
  return useApiQuery<{ data: UncheckedCount }, number>(COUNT, { scope: pathname, select: (r) => r.data.count, keepPrevious: true, refetchInterval: REFRESH_MS }).data;
}

/** The menu icon of the projects resource, with the unchecked count as a badge. */
export function ProjectsMenuIcon() {
  const count = useUncheckedCount();
  const t = useTranslate();
  return (
    <Badge
      badgeContent={count ?? 0}
      color="error"
      max={999}
      data-testid="projects-unchecked"
      data-count={count ?? ''}
      title={count !== undefined ? t('projects.unchecked', { smart_count: count }) : undefined}
    >
      <AssignmentIcon />
    </Badge>
  );
}
