/**
 * Versions of a project (docs/projects.md "Deadline rule"), days compared as YYYY-MM-DD in UTC:
 * - no deadline: any number of versions (one awaiting review at a time);
 * - up to and including the deadline day: at most MAX_VERSIONS versions in all;
 * - from the day after the deadline to the GRACE_DAYS-th day after it: one late version in all (and still at most
 *   MAX_VERSIONS in all);
 * - later: no new version (ERROR_DEADLINE_PASSED).
 */
export const MAX_VERSIONS = 3;
export const GRACE_DAYS = 30;
export const MAX_LATE_VERSIONS = 1;

export type VersionRule = { allowed: true; late: boolean } | { allowed: false; reason: 'ERROR_DEADLINE_PASSED' | 'ERROR_MAX_VERSIONS' };

export function graceEnd(deadline: string) {
  const d = new Date(`${deadline}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + GRACE_DAYS);
  return d.toISOString().slice(0, 10);
}

export function versionRule(deadline: string | null, versionsSoFar: number, today = new Date().toISOString().slice(0, 10), lateSoFar = 0): VersionRule {
  if (!deadline) return { allowed: true, late: false };
  if (today > graceEnd(deadline)) return { allowed: false, reason: 'ERROR_DEADLINE_PASSED' };
  const late = today > deadline;
  if (versionsSoFar >= MAX_VERSIONS || (late && lateSoFar >= MAX_LATE_VERSIONS)) return { allowed: false, reason: 'ERROR_MAX_VERSIONS' };
  return { allowed: true, late };
}
