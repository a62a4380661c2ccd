import type { ScormVersion } from '../../db/schema/index.ts';

/**
 * The run-time's data model, SCORM 1.2 and 2004 element names mapped to one attempt row (docs/standards.md "What is
 * stored"), and back: the values a run-time starts with when the learner comes back.
 */
export interface AttemptFields {
  completion_status: string;
  success_status: string;
  score_raw: number | null;
  score_min: number | null;
  score_max: number | null;
  score_scaled: number | null;
  session_seconds: number;
  total_seconds: number;
  suspend_data: string | null;
  location: string | null;
  exit: string | null;
}

/** The elements a commit may carry, by version. */
export const ELEMENTS = {
  '1.2': ['cmi.core.lesson_status', 'cmi.core.score.raw', 'cmi.core.score.min', 'cmi.core.score.max', 'cmi.core.session_time', 'cmi.core.lesson_location', 'cmi.core.exit', 'cmi.suspend_data'],
  '2004': ['cmi.completion_status', 'cmi.success_status', 'cmi.score.raw', 'cmi.score.min', 'cmi.score.max', 'cmi.score.scaled', 'cmi.session_time', 'cmi.location', 'cmi.exit', 'cmi.suspend_data'],
} as const;

const LESSON_STATUS = ['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted'];
const COMPLETION = ['completed', 'incomplete', 'not attempted', 'unknown'];
const SUCCESS = ['passed', 'failed', 'unknown'];

/** `HHHH:MM:SS(.SS)` (1.2) or an ISO 8601 duration `P…T…H…M…S` (2004) in whole seconds; null when neither. */
export function secondsOf(time: string | undefined): number | null {
  if (!time) return null;
  const hms = /^(\d{1,4}):(\d{2}):(\d{2})(\.\d{1,2})?$/.exec(time);
  if (hms) return Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Math.round(Number(hms[3]) + Number(hms[4] ?? 0));
  const iso = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(time);
  if (!iso || time === 'P' || time.endsWith('T')) return null;
  const [, y, mo, d, h, mi, s] = iso.map((x) => Number(x ?? 0));
  return Math.round(y * 365 * 86400 + mo * 30 * 86400 + d * 86400 + h * 3600 + mi * 60 + s);
}

/** Seconds as the version writes a time: `0001:02:03.00` (1.2) or `PT1H2M3S` (2004). */
export function timeOf(version: ScormVersion, seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (version === '1.2') return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.00`;
  return `PT${h}H${m}M${s}S`;
}

const num = (v: string | undefined) => {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * What a commit changes in the attempt: the elements of the package's version only, each checked against its
 * vocabulary (an unknown status or a score that is no number is left out). `finish`: the session ended, its time
 * joins the total.
 */
export function applyCommit(version: ScormVersion, values: Record<string, string | undefined>, before: AttemptFields, finish: boolean): AttemptFields {
  const next = { ...before };
  const v12 = version === '1.2';
  if (v12) {
    const status = values['cmi.core.lesson_status'];
    if (status && LESSON_STATUS.includes(status)) {
      next.success_status = status === 'passed' || status === 'failed' ? status : 'unknown';
      next.completion_status = status === 'passed' || status === 'failed' ? 'completed' : status;
    }
  } else {
    const completion = values['cmi.completion_status'];
    if (completion && COMPLETION.includes(completion)) next.completion_status = completion;
    const success = values['cmi.success_status'];
    if (success && SUCCESS.includes(success)) next.success_status = success;
  }
  const p = v12 ? 'cmi.core.score.' : 'cmi.score.';
  for (const k of ['raw', 'min', 'max'] as const) {
    const n = num(values[`${p}${k}`]);
    if (n !== undefined) next[`score_${k}`] = n;
  }
  const scaled = v12 ? undefined : num(values['cmi.score.scaled']);
  if (scaled !== undefined && scaled >= -1 && scaled <= 1) next.score_scaled = scaled;
  else if (v12 && next.score_raw !== null && next.score_max !== null && next.score_max > (next.score_min ?? 0))
    next.score_scaled = Math.max(0, Math.min(1, (next.score_raw - (next.score_min ?? 0)) / (next.score_max - (next.score_min ?? 0))));
  const location = values[v12 ? 'cmi.core.lesson_location' : 'cmi.location'];
  if (location !== undefined) next.location = location;
  if (values['cmi.suspend_data'] !== undefined) next.suspend_data = values['cmi.suspend_data'] ?? null;
  const exit = values[v12 ? 'cmi.core.exit' : 'cmi.exit'];
  if (exit !== undefined) next.exit = exit;
  const session = secondsOf(values[v12 ? 'cmi.core.session_time' : 'cmi.session_time']);
  if (session !== null) next.session_seconds = Math.min(session, 2_000_000_000);
  if (finish) next.total_seconds = Math.min(next.total_seconds + next.session_seconds, 2_000_000_000);
  return next;
}

/** The score in percent (0–100) for the grades: scaled, else raw within min–max, else raw; null when none. */
export function percentOf(a: Pick<AttemptFields, 'score_raw' | 'score_min' | 'score_max' | 'score_scaled'>): number | null {
  const clamp = (n: number) => Math.round(Math.max(0, Math.min(100, n)) * 100) / 100;
  if (a.score_scaled !== null) return clamp(a.score_scaled * 100);
  if (a.score_raw === null) return null;
  const min = a.score_min ?? 0;
  if (a.score_max !== null && a.score_max > min) return clamp(((a.score_raw - min) / (a.score_max - min)) * 100);
  return clamp(a.score_raw);
}

/** Done for the program's progress: passed, or completed and not failed. */
export const attemptDone = (a: Pick<AttemptFields, 'completion_status' | 'success_status'>) => a.success_status === 'passed' || (a.completion_status === 'completed' && a.success_status !== 'failed');

/** The values a run-time starts with: who the learner is, and where the stored attempt stopped. */
export function initialValues(version: ScormVersion, a: AttemptFields, learner: { id: number; name: string }): Record<string, string> {
  const resume = Boolean(a.suspend_data || a.location);
  const score = (k: 'raw' | 'min' | 'max') => (a[`score_${k}`] === null ? undefined : String(a[`score_${k}`]));
  const out: Record<string, string | undefined> =
    version === '1.2'
      ? {
          'cmi.core.student_id': String(learner.id),
          'cmi.core.student_name': learner.name,
          'cmi.core.lesson_status': a.success_status === 'passed' || a.success_status === 'failed' ? a.success_status : a.completion_status === 'unknown' ? 'not attempted' : a.completion_status,
          'cmi.core.lesson_location': a.location ?? '',
          'cmi.core.entry': resume ? 'resume' : 'ab-initio',
          'cmi.core.score.raw': score('raw'),
          'cmi.core.score.min': score('min'),
          'cmi.core.score.max': score('max'),
          'cmi.core.total_time': timeOf(version, a.total_seconds),
          'cmi.suspend_data': a.suspend_data ?? '',
        }
      : {
          'cmi.learner_id': String(learner.id),
          'cmi.learner_name': learner.name,
          'cmi.completion_status': a.completion_status,
          'cmi.success_status': a.success_status,
          'cmi.location': a.location ?? '',
          'cmi.entry': resume ? 'resume' : 'ab-initio',
          'cmi.score.raw': score('raw'),
          'cmi.score.min': score('min'),
          'cmi.score.max': score('max'),
          'cmi.score.scaled': a.score_scaled === null ? undefined : String(a.score_scaled),
          'cmi.total_time': timeOf(version, a.total_seconds),
          'cmi.suspend_data': a.suspend_data ?? '',
        };
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, string] => e[1] !== undefined));
}
