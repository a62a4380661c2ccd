import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import AssignmentIcon from '@mui/icons-material/Assignment';
import type { createDataProvider } from '../../providers/dataProvider.ts';

type Provider = ReturnType<typeof createDataProvider>;
const EVENT = 'lms:projects-changed';
const REFRESH_MS = 60_000;

/** Tells the menu badge that versions were reviewed, approved or removed: it asks the server again. */
export function notifyProjectsChanged() {
  window.dispatchEvent(new Event(EVENT));
}

/**
 * The number of versions awaiting review (`countNotCheckProject`; a trainer's count covers their programs only).
 * Asked again after every edit, approval and removal (`notifyProjectsChanged`), on every screen change and each minute.
 */
export function useUncheckedCount() {
  const dp = useDataProvider<Provider>();
  const { pathname } = useLocation();
  const [count, setCount] = useState<number>();
  const load = useCallback(() => {
    dp.call<{ data: { count: number } }>('/admin/submittedProject/countNotCheckProject').then(
      (r) => setCount(r.data.count),
      () => undefined,
    );
  }, [dp]);
  useEffect(load, [load, pathname]);
  useEffect(() => {
    window.addEventListener(EVENT, load);
    const timer = window.setInterval(load, REFRESH_MS);
    return () => {
      window.removeEventListener(EVENT, load);
      window.clearInterval(timer);
    };
  }, [load]);
  return count;
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
